import { createHash } from "node:crypto";

export type HashedContent = {
  title: string;
  price: number | null;
  city: string | null;
  surfaceArea: number | null;
  description: string | null;
};

function normalise(text: string | null): string {
  // Only whitespace that is not already a single space is rewritten: cheaper on long descriptions
  // than rewriting every space, with the same result.
  return (text ?? "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/\s{2,}|[^\S ]/g, " ")
    .trim();
}

/**
 * Id of a listing that came without a reference. It is computed from the validated values (so
 * '1 250' and '1250,00' hash alike) and from nothing else, so importing the same file again
 * yields the same ids and the upsert updates instead of duplicating.
 */
export function listingContentHash(content: HashedContent): string {
  const parts = [
    normalise(content.title),
    content.price === null ? "" : String(content.price),
    normalise(content.city),
    content.surfaceArea === null ? "" : String(content.surfaceArea),
    normalise(content.description),
  ];
  // U+001F (unit separator) cannot occur in a cleaned single-line value, so fields cannot bleed.
  return createHash("sha256").update(parts.join("\u001f"), "utf8").digest("hex").slice(0, 32);
}
