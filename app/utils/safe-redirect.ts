const BASE = "http://vigimmo.invalid";

/**
 * A redirect target that stays on this site: the no-JavaScript fallback of a form must not
 * become an open redirect. Browsers read "/\host" like "//host" (another site) and drop tabs and
 * newlines, so the value is resolved as a browser would and must keep our origin.
 */
export function safeRedirect(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // "//[" or "//a b" name a host no URL parser accepts: not a path of ours either.
  const url = parseUrl(value, BASE);
  if (!url) return fallback;
  if (url.origin !== BASE) return fallback;
  // The normalised path is what goes into Location, and it must stay a path when read again:
  // "/.//evil.example" and "/..//evil.example" normalise to "//evil.example", another host.
  const target = `${url.pathname}${url.search}${url.hash}`;
  return target.startsWith("//") || parseUrl(target, BASE)?.origin !== BASE ? fallback : target;
}

/** The URL, or null where the parser throws (URL.parse needs Node 20.18; package.json allows 20). */
export function parseUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
