import { shownPictureUrl } from "./demo-photos";

/**
 * The address an <img> of a listing loads: a demo picture is one of the app's own files, any other
 * goes through the app's picture route (issue 24 item 9), so the CSP never has to list the hosts
 * of agencies' sites. Client-safe.
 */
export function listingPhotoUrl(listingId: number, src: string, propertyType?: string | null): string {
  const shown = shownPictureUrl(src, propertyType);
  if (shown !== src) return shown;
  return `/resources/listing-photo/${listingId}?src=${encodeURIComponent(src)}`;
}
