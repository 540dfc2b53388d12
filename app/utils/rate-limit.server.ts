/**
 * Fixed-window counters kept in memory: Vigimmo runs as one process (docs/scaling.md says what
 * changes with several machines).
 */
type Window = { count: number; resetAt: number };
const windows = new Map<string, Window>();

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function hitRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): RateLimitResult {
  let window = windows.get(key);
  if (!window || window.resetAt <= now) {
    window = { count: 0, resetAt: now + windowMs };
    windows.set(key, window);
  }
  window.count += 1;
  if (window.count > limit) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }
  if (windows.size > 50_000) pruneExpired(now);
  return { allowed: true };
}

function pruneExpired(now: number) {
  for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
}

export function resetRateLimits() {
  windows.clear();
}

/** The client address the server put in the load context, else the proxy headers. */
export function clientIp(request: Request, context?: unknown): string {
  const fromContext = (context as { clientIp?: unknown } | undefined)?.clientIp;
  if (typeof fromContext === "string" && fromContext) return fromContext;
  return (
    request.headers.get("fly-client-ip") ??
    request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ??
    "inconnue"
  );
}
