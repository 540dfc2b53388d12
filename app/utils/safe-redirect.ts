const BASE = "http://vigimmo.invalid";

/**
 * A redirect target that stays on this site: the no-JavaScript fallback of a form must not
 * become an open redirect. Browsers read "/\host" like "//host" (another site) and drop tabs and
 * newlines, so the value is resolved as a browser would and must keep our origin.
 */
export function safeRedirect(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = new URL(value, BASE);
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
