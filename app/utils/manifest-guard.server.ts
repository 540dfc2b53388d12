/**
 * Remix's route manifest endpoint (`/__manifest?p=…&version=…`, lazy route discovery) before
 * Remix sees it (docs/decisions/009-dependency-audit.md, CVE-2026-42342). For every `p` it
 * matches each ancestor path against every route, about a millisecond each here: 2.17.5 bounds
 * the URL at 7 680 characters, but within that bound one path of 3 700 segments still held the
 * event loop 6 to 8 s, and 900 short paths 1 s, for anyone, signed in or not. Our links are at
 * most three segments deep, and the client falls back to discovering a route when its link is
 * followed, so a request past these bounds is refused.
 */
export const MANIFEST_LIMITS = { maxPaths: 64, maxSegments: 8, maxPathLength: 200 } as const;

const MANIFEST_PATH = "/__manifest";

/** Whether the request is a manifest request past MANIFEST_LIMITS (answered 400, not handled). */
export function isOversizedManifestRequest(url: URL): boolean {
  if (url.pathname.replace(/\/+/g, "/").replace(/\/$/, "") !== MANIFEST_PATH) return false;
  const ancestors = new Set<string>();
  for (const path of url.searchParams.getAll("p")) {
    if (path.length > MANIFEST_LIMITS.maxPathLength) return true;
    const segments = path.split("/").filter(Boolean);
    if (segments.length > MANIFEST_LIMITS.maxSegments) return true;
    // The paths Remix will match: each ancestor of each `p`, once.
    segments.forEach((_, i) => ancestors.add(segments.slice(0, i + 1).join("/")));
    if (ancestors.size > MANIFEST_LIMITS.maxPaths) return true;
  }
  return false;
}
