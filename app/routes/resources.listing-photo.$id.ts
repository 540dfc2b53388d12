import type { LoaderFunctionArgs } from "@remix-run/node";
import { LISTING_PHOTO, listingPhoto } from "~/services/listings/listing-photos.server";
import { requireUser } from "~/utils/permissions.server";

const STATUS = { "not-found": 404, unavailable: 502, "not-an-image": 502, "too-large": 502 } as const;

/**
 * GET /resources/listing-photo/{id}?src=<address>: one picture of a listing the user may see,
 * fetched by the server (listing-photos.server.ts). A failure answers a short French text; the
 * <img> then shows its placeholder.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const src = new URL(request.url).searchParams.get("src") ?? "";
  const id = /^\d{1,15}$/.test(params.id ?? "") ? Number(params.id) : null;
  const result = id === null || !/^https?:\/\//i.test(src) || src.length > 2048
    ? ({ ok: false, reason: "not-found", message: "Photo introuvable pour cette annonce" } as const)
    : await listingPhoto(user, id, src);
  // Nothing served here may run as a document, whatever the bytes.
  const common = { "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; sandbox" };
  if (!result.ok) {
    return new Response(result.message, {
      status: STATUS[result.reason],
      headers: { ...common, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, max-age=300" },
    });
  }
  return new Response(new Uint8Array(result.photo.bytes), {
    headers: {
      ...common,
      "Content-Type": result.photo.type,
      "Content-Length": String(result.photo.bytes.length),
      "Cache-Control": `private, max-age=${LISTING_PHOTO.browserMaxAgeS}`,
    },
  });
}
