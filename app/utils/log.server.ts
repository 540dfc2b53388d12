/** Structured logs: one line of JSON per event, secrets redacted before writing. */
const SECRET_KEYS = /^(password|apikey|api_key|key|token|secret|authorization|cookie)$/i;
const KEY_PATTERNS = [/\befi_[A-Za-z0-9]{8,}/g, /\bpk_[A-Za-z0-9_-]{6,}/g];

/**
 * A request path's secret segment: the forgotten-password link's token opens the account, so the
 * access log (and any other `path`) shows the route, not the token. The `link` that the log
 * carries on purpose when there is no SMTP server (ALLOW_LINKS_IN_LOG in production) is not a path.
 */
const PATH_SECRETS = /^(\/auth\/reinitialiser\/)[^/]+\/?$/i;

function maskPath(path: string): string {
  return path.replace(PATH_SECRETS, "$1[jeton masqué]");
}

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return KEY_PATTERNS.reduce((text, re) => text.replace(re, "[clé masquée]"), value);
  if (!value || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEYS.test(key) ? "[masqué]" : key === "path" && typeof item === "string" ? redact(maskPath(item), depth + 1) : redact(item, depth + 1),
    ]),
  );
}

export function logEvent(event: string, fields: Record<string, unknown> = {}) {
  if (process.env.VIGIMMO_SILENT_LOGS === "true") return;
  const line = JSON.stringify({ time: new Date().toISOString(), event, ...(redact(fields) as object) });
  process.stdout.write(`${line}\n`);
}
