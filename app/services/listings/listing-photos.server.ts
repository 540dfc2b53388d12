import { getSqlite } from "~/utils/db.server";
import { logEvent } from "~/utils/log.server";
import { GuardedRequestError, guardedRequest } from "../connections/ssrf-guard.server";

/**
 * Listing pictures served by the app itself (issue 24 item 9): an agency's photos live on its own
 * site, which no fixed list of picture hosts can foresee, so the browser asks
 * /resources/listing-photo/{id}?src=… and the server fetches the picture through the SSRF guard.
 * The CSP's img-src then stays 'self' data:. Only an address the listing actually holds is
 * fetched (the route is no open proxy), only real pictures of bounded size are passed on, and
 * recent ones are kept in memory so that a grid of cards does not refetch them on every visit.
 */

export const LISTING_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 10_000,
  /** Memory held by the cache of pictures, at most. */
  cacheBytes: 48 * 1024 * 1024,
  cacheTtlMs: 60 * 60 * 1000,
  /** A picture that failed is not asked again for this long. */
  failureTtlMs: 5 * 60 * 1000,
  /** What the browser may keep (private: the route needs a session). */
  browserMaxAgeS: 24 * 60 * 60,
} as const;

/** Formats a browser shows everywhere; SVG stays out (it can carry scripts). */
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/** The first bytes of each accepted format: a declared type must match the bytes received. */
function sniff(bytes: Buffer): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp" && /^avi[fs]$/.test(bytes.toString("latin1", 8, 12))) return "image/avif";
  return null;
}

export type Photo = { type: ImageType; bytes: Buffer };
export type PhotoResult =
  | { ok: true; photo: Photo }
  | { ok: false; reason: "not-found" | "unavailable" | "not-an-image" | "too-large"; message: string };

const FAILURES = {
  notFound: "Photo introuvable pour cette annonce",
  unavailable: "Photo injoignable sur le site d'origine",
  notAnImage: "Le site d'origine n'a pas renvoyé une image (JPEG, PNG, WebP, GIF ou AVIF)",
  tooLarge: `Photo trop lourde (${LISTING_PHOTO.maxBytes / (1024 * 1024)} Mo au plus)`,
} as const;

type Entry = { result: PhotoResult; expires: number; size: number };
/** Insertion order is recency order: a hit is moved to the end, the oldest evicted first. */
const cache = new Map<string, Entry>();
let cachedBytes = 0;

function remember(src: string, result: PhotoResult, now: number) {
  const previous = cache.get(src);
  if (previous) {
    cache.delete(src);
    cachedBytes -= previous.size;
  }
  const size = result.ok ? result.photo.bytes.length : 0;
  if (size > LISTING_PHOTO.cacheBytes) return;
  cache.set(src, { result, size, expires: now + (result.ok ? LISTING_PHOTO.cacheTtlMs : LISTING_PHOTO.failureTtlMs) });
  cachedBytes += size;
  for (const [key, entry] of cache) {
    if (cachedBytes <= LISTING_PHOTO.cacheBytes) break;
    cache.delete(key);
    cachedBytes -= entry.size;
  }
}

function recalled(src: string, now: number): PhotoResult | null {
  const entry = cache.get(src);
  if (!entry) return null;
  cache.delete(src);
  if (entry.expires <= now) {
    cachedBytes -= entry.size;
    return null;
  }
  cache.set(src, entry);
  return entry.result;
}

/** For the tests: every picture is fetched again. */
export function clearPhotoCache() {
  cache.clear();
  cachedBytes = 0;
}

/** Whether the user may see this listing and `src` is one of its pictures. */
export function listingHoldsPhoto(user: { id: string; isAdmin: boolean }, listingId: number, src: string): boolean {
  return (
    getSqlite()
      .prepare(
        `select 1 from properties p, json_each(case when json_valid(p.images) then p.images else '[]' end) i
          where p.id = @listingId and (p.created_by = @userId or @isAdmin) and i.value = @src limit 1`,
      )
      .get({ listingId, userId: user.id, isAdmin: user.isAdmin ? 1 : 0, src }) !== undefined
  );
}

async function download(src: string): Promise<PhotoResult> {
  try {
    const response = await guardedRequest(src, {
      method: "GET",
      headers: { accept: IMAGE_TYPES.join(", "), "user-agent": "Vigimmo-photos/1.0" },
      timeoutMs: LISTING_PHOTO.timeoutMs,
      maxResponseBytes: LISTING_PHOTO.maxBytes,
    });
    if (response.status !== 200) return { ok: false, reason: "unavailable", message: FAILURES.unavailable };
    const declared = String(response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    const type = sniff(response.body);
    // The declared type and the bytes must agree: a page of HTML named photo.jpg is no picture.
    if (!type || (declared !== type && !(declared === "image/jpg" && type === "image/jpeg"))) {
      return { ok: false, reason: "not-an-image", message: FAILURES.notAnImage };
    }
    return { ok: true, photo: { type, bytes: response.body } };
  } catch (error) {
    if (error instanceof GuardedRequestError && error.kind === "too-large") return { ok: false, reason: "too-large", message: FAILURES.tooLarge };
    logEvent("listing_photo.unavailable", { src, error: (error as Error).message });
    return { ok: false, reason: "unavailable", message: FAILURES.unavailable };
  }
}

/** Same pictures asked at once (a grid of cards): one download each. */
const inFlight = new Map<string, Promise<PhotoResult>>();

/** One of a listing's pictures, from the cache or its site. */
export async function listingPhoto(user: { id: string; isAdmin: boolean }, listingId: number, src: string, now = Date.now()): Promise<PhotoResult> {
  if (!listingHoldsPhoto(user, listingId, src)) return { ok: false, reason: "not-found", message: FAILURES.notFound };
  const known = recalled(src, now);
  if (known) return known;
  let pending = inFlight.get(src);
  if (!pending) {
    pending = download(src).finally(() => inFlight.delete(src));
    inFlight.set(src, pending);
  }
  const result = await pending;
  remember(src, result, now);
  return result;
}
