import { DEMO_PHOTO_FILES } from "./demo-photo-files";

/**
 * The demo listings' pictures (docs/decisions/012-demo-photos.md). The demo feed and the seed
 * give every ad its own picture addresses under DEMO_PICTURE_BASE_URL, as a real feed would (the
 * moderation's photo-reuse signal compares addresses, and the export API hands them out). The
 * app shows each of them with one of its own files in public/demo-photos: the first picture is
 * the outside of the home, the next ones its rooms. Client-safe: no Node import.
 */

export const DEMO_PICTURE_BASE_URL = "https://images.vigimmo-demo.fr/annonces";
export const DEMO_PHOTOS_PATH = "/demo-photos";

/** Rooms in the order an agent photographs a visit, after the outside. */
const ROOMS = ["salon", "cuisine", "chambre", "salle-de-bain", "chambre", "salon"] as const;

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const DEMO_PICTURE = new RegExp(`^${DEMO_PICTURE_BASE_URL.replace(/[.]/g, "\\.")}/([\\w-]+)/(\\d+)\\.jpg$`);

/**
 * The address to put in an <img>: a demo picture becomes the app's own file (a house's outside
 * for a "Maison", a building's otherwise); any other address is returned as it is.
 */
export function shownPictureUrl(url: string, propertyType?: string | null): string {
  const match = DEMO_PICTURE.exec(url);
  if (!match) return url;
  const [, adId, position] = match;
  const n = Number(position);
  const subject = n <= 1 ? (/maison|villa/i.test(propertyType ?? "") ? "maison" : "immeuble") : ROOMS[(n - 2) % ROOMS.length]!;
  const files = DEMO_PHOTO_FILES[subject];
  // The same seed for every picture of one ad, shifted by position: two bedrooms of one ad differ.
  return `${DEMO_PHOTOS_PATH}/${files[(hash(adId!) + n) % files.length]}`;
}
