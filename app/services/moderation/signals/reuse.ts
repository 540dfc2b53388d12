/**
 * Reuse signals: the same photos, or the same description, on another listing that is somewhere
 * else, at another price or from another advertiser.
 *
 * Why: copying a genuine listing (photos and text) and re-publishing it cheaper or in another
 * town is the cheapest way to fake a flat. An owner cross-posting the same flat on two sites
 * (same advertiser, same city) is normal and ignored. When publication dates are known, the
 * earlier listing is the original and only the later one is blamed (see `blame` for the rules
 * when dates are missing).
 *
 * Everything is found through sorted hash indexes (no pairwise comparison), and only numbers
 * are kept per listing: 31/32-bit image hashes, a 30-value MinHash signature, a few metadata.
 */
import { fnv1a, imageHashPair, ownerKeyOf, timeOf } from "../normalize";
import { formatNumber } from "../format";
import { GrowableFloat64, GrowableUint32 } from "../stats";
import type { ListingFeatures } from "../listing-features";
import type { Evidence, EvidenceFamily, ModerationListing } from "../types";
import {
  BANDS,
  bandHash,
  estimatedSimilarity,
  minhashSignature,
  minhashWithHash,
  SIGNATURE_SIZE,
  tokenSequenceHash,
} from "./minhash";

/** Listing indexes are packed in the low 22 bits of float64 keys (53-bit exact integers). */
const INDEX_BITS = 22;
const INDEX_SPAN = 2 ** INDEX_BITS;
export const MAX_LISTINGS = INDEX_SPAN;
/** Only the first photos matter: a copy reuses them all. Bounds memory per listing. */
const MAX_IMAGES_PER_LISTING = 12;
/** A picture on more listings than this is a logo or a placeholder, not a flat. */
const MAX_LISTINGS_PER_IMAGE = 50;
/** A text bucket larger than this is an agency template, not a copy. */
const MAX_LISTINGS_PER_TEXT_BUCKET = 200;
/** Bounds the work per analysed listing: the first distinct candidates are enough to judge. */
const MAX_TEXT_CANDIDATES = 64;
/** Prices within 10 % are "the same price" (rounding, small updates, agency fees). */
const SAME_PRICE_TOLERANCE = 0.1;
/**
 * Estimated Jaccard similarity (word 4-grams, title included) above which two descriptions are
 * copies. Unrelated French listings share boilerplate ("séjour avec balcon, cuisine équipée")
 * and stay below ≈ 0.25; a copy with the town and price edited stays around 0.75.
 */
const NEAR_DUPLICATE = 0.55;
const STRONG_DUPLICATE = 0.7;
const EXACT_DUPLICATE = 0.95;

/** Photos reused in another city / at another price by another advertiser: the copy is fake. */
const W_PHOTOS_ELSEWHERE = 4.5;
/** Same advertiser, same photos, two different towns: one of the two homes is not real. */
const W_PHOTOS_SAME_OWNER_ELSEWHERE = 2.5;
/** Another advertiser, same town and price: often two agencies with one mandate; weak. */
const W_PHOTOS_SAME_PLACE = 1.5;
const W_TEXT_ELSEWHERE = 4.0;
const W_TEXT_NEAR_ELSEWHERE = 3.0;
const W_TEXT_SAME_OWNER_ELSEWHERE = 2.0;
const W_TEXT_SAME_PLACE = 1.0;
/**
 * When the two listings cannot be ordered (no dates, or dates less than a day apart such as
 * import timestamps of one batch), the victim cannot be told from the copier: both sides get
 * evidence just below the flag threshold, so any second clue decides.
 */
const AMBIGUOUS_PHOTO_WEIGHT = 2.8;
const AMBIGUOUS_TEXT_WEIGHT = 2.4;
/** Copies appear days after the original; closer than this, publication order is noise. */
const MIN_ORDER_GAP_MS = 24 * 3600 * 1000;

type Relation = "elsewhere" | "sameOwnerElsewhere" | "samePlace";
/** Whether the subject is known to be the later (copying) listing. */
type Blame = "copy" | "ambiguous";

/**
 * Each kind of reuse is a family of its own, so that the fit weighs it on its own examples: a
 * later copy by another advertiser elsewhere is the scam; the same advertiser or the same place
 * is often an agency's template or two mandates; without a publication order the copier cannot
 * be told from the victim; a text only close to another (not a copy) is often an agency's or a
 * network's wording. Strengths are graded against the clearest case (0..1).
 */
function reuseFamily(
  clear: "photoReuse" | "textReuse",
  relation: Relation,
  blame: Blame,
): EvidenceFamily {
  if (blame === "ambiguous") return "reuseUnordered";
  return relation === "elsewhere" ? clear : "reuseSameOwnerOrPlace";
}

function imageHashes(listing: ModerationListing): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  for (const url of listing.images) {
    if (result.length >= MAX_IMAGES_PER_LISTING) break;
    if (typeof url !== "string") continue;
    const pair = imageHashPair(url);
    if (!pair) continue;
    const h1 = pair[0] >>> 1;
    if (result.some(([a, b]) => a === h1 && b === pair[1])) continue;
    result.push([h1, pair[1]]);
  }
  return result;
}

export class ReuseIndexBuilder {
  private readonly ids: string[] = [];
  private readonly cityIds = new Map<string, number>();
  private readonly cityNames: string[] = [];
  private readonly cityOf: number[] = [];
  private readonly ownerOf = new GrowableUint32();
  private readonly priceOf = new GrowableFloat64();
  private readonly timeOf = new GrowableFloat64();
  private readonly saleOf: boolean[] = [];
  private readonly imageStart = new GrowableUint32();
  private readonly imageH1 = new GrowableUint32();
  private readonly imageH2 = new GrowableUint32();
  private readonly signatures = new GrowableUint32(SIGNATURE_SIZE * 1024);
  private readonly hasSignature: boolean[] = [];
  /** Hash of the normalised text, to reuse the stored signature when the same text is analysed. */
  private readonly textHash = new GrowableUint32();

  /** `index` must be the next index (0, 1, 2…). */
  add(index: number, listing: ModerationListing, f: ListingFeatures): void {
    if (index >= MAX_LISTINGS)
      throw new Error(`Contexte de modération limité à ${MAX_LISTINGS} annonces`);
    this.ids.push(listing.id);
    let cityId = -1;
    if (f.city !== null) {
      cityId = this.cityIds.get(f.city) ?? -1;
      if (cityId < 0) {
        cityId = this.cityNames.length;
        this.cityIds.set(f.city, cityId);
        this.cityNames.push(f.cityDisplay ?? f.city);
      }
    }
    this.cityOf.push(cityId);
    const owner = ownerKeyOf(listing.ownerKey);
    this.ownerOf.push(owner ? fnv1a(owner) || 1 : 0);
    this.priceOf.push(listing.price && listing.price > 0 ? listing.price : Number.NaN);
    this.timeOf.push(timeOf(listing.publishedAt));
    this.saleOf.push(listing.transactionType === "sale");

    this.imageStart.push(this.imageH1.length);
    for (const [h1, h2] of imageHashes(listing)) {
      this.imageH1.push(h1);
      this.imageH2.push(h2);
    }
    const { signature, hash } = minhashWithHash(f.doc.text);
    this.textHash.push(hash);
    this.hasSignature.push(signature !== null);
    for (let i = 0; i < SIGNATURE_SIZE; i++) this.signatures.push(signature ? signature[i] : 0);
  }

  build(): ReuseIndex {
    const count = this.cityOf.length;
    const imageCount = this.imageH1.length;
    const imageKeys = new Float64Array(imageCount);
    for (let listing = 0; listing < count; listing++) {
      const end = listing + 1 < count ? this.imageStart.get(listing + 1) : imageCount;
      for (let k = this.imageStart.get(listing); k < end; k++) {
        imageKeys[k] = this.imageH1.get(k) * INDEX_SPAN + listing;
      }
    }
    imageKeys.sort();

    const signatures = this.signatures.toArray();
    const bandKeys = new GrowableFloat64(Math.max(16, count * BANDS));
    for (let listing = 0; listing < count; listing++) {
      if (!this.hasSignature[listing]) continue;
      const signature = signatures.subarray(
        listing * SIGNATURE_SIZE,
        (listing + 1) * SIGNATURE_SIZE,
      );
      for (let band = 0; band < BANDS; band++)
        bandKeys.push(bandHash(signature, band) * INDEX_SPAN + listing);
    }
    const sortedBands = bandKeys.toArray().sort();

    return new ReuseIndex({
      ids: this.ids,
      cityNames: this.cityNames,
      cityIds: this.cityIds,
      cityOf: Int32Array.from(this.cityOf),
      ownerOf: this.ownerOf.toArray(),
      priceOf: this.priceOf.toArray(),
      timeOf: this.timeOf.toArray(),
      saleOf: Uint8Array.from(this.saleOf, (v) => (v ? 1 : 0)),
      imageStart: this.imageStart.toArray(),
      imageH1: this.imageH1.toArray(),
      imageH2: this.imageH2.toArray(),
      imageKeys,
      signatures,
      hasSignature: Uint8Array.from(this.hasSignature, (v) => (v ? 1 : 0)),
      textHash: this.textHash.toArray(),
      bandKeys: sortedBands,
    });
  }
}

type ReuseData = {
  ids: string[];
  cityNames: string[];
  cityIds: Map<string, number>;
  cityOf: Int32Array;
  ownerOf: Uint32Array;
  priceOf: Float64Array;
  timeOf: Float64Array;
  saleOf: Uint8Array;
  imageStart: Uint32Array;
  imageH1: Uint32Array;
  imageH2: Uint32Array;
  imageKeys: Float64Array;
  signatures: Uint32Array;
  hasSignature: Uint8Array;
  textHash: Uint32Array;
  bandKeys: Float64Array;
};

type Subject = { city: number; owner: number; price: number; time: number; sale: boolean };

export class ReuseIndex {
  /** Per-listing "already examined" stamps: no Set allocation per analysed listing. */
  private readonly seenStamp: Uint32Array;
  private stamp = 0;

  constructor(private readonly d: ReuseData) {
    this.seenStamp = new Uint32Array(d.cityOf.length);
  }

  /**
   * Evidence of photo and text reuse; `self` is the listing's own index (-1 if not added) and
   * `unchanged` says the listing is exactly the one that was added (its stored signature holds).
   */
  evaluate(
    listing: ModerationListing,
    f: ListingFeatures,
    self: number,
    unchanged = false,
  ): Evidence[] {
    const owner = ownerKeyOf(listing.ownerKey);
    const subject: Subject = {
      city: f.city !== null ? (this.d.cityIds.get(f.city) ?? -2) : -1,
      owner: owner ? fnv1a(owner) || 1 : 0,
      price: listing.price && listing.price > 0 ? listing.price : Number.NaN,
      time: timeOf(listing.publishedAt),
      sale: listing.transactionType === "sale",
    };
    const evidence: Evidence[] = [];
    const photos = this.photoEvidence(listing, subject, self);
    if (photos) evidence.push(photos);
    const text = this.textEvidence(f, subject, self, unchanged);
    if (text) evidence.push(text);
    return evidence;
  }

  private photoEvidence(
    listing: ModerationListing,
    subject: Subject,
    self: number,
  ): Evidence | null {
    const hashes = imageHashes(listing);
    if (hashes.length === 0) return null;
    const shared = new Map<number, number>();
    for (const [h1, h2] of hashes) {
      const [from, to] = range(this.d.imageKeys, h1);
      if (to - from > MAX_LISTINGS_PER_IMAGE) continue;
      for (let k = from; k < to; k++) {
        const other = this.d.imageKeys[k] - h1 * INDEX_SPAN;
        if (other === self || !this.hasImage(other, h1, h2)) continue;
        shared.set(other, (shared.get(other) ?? 0) + 1);
      }
    }
    const needed = Math.min(2, hashes.length);
    let best: {
      weight: number;
      other: number;
      relation: Relation;
      blame: Blame;
      shared: number;
    } | null = null;
    for (const [other, count] of shared) {
      if (count < needed) continue;
      const relation = this.relation(subject, other);
      if (!relation) continue;
      const blame = this.blame(subject, other);
      if (!blame) continue;
      const full =
        relation === "elsewhere"
          ? W_PHOTOS_ELSEWHERE
          : relation === "sameOwnerElsewhere"
            ? W_PHOTOS_SAME_OWNER_ELSEWHERE
            : W_PHOTOS_SAME_PLACE;
      const weight = blame === "ambiguous" ? Math.min(full, AMBIGUOUS_PHOTO_WEIGHT) : full;
      if (best && !this.better(weight, count, other, best.weight, best.shared, best.other))
        continue;
      best = { weight, other, relation, blame, shared: count };
    }
    if (!best) return null;
    return {
      // Without a publication order the copier cannot be told from the victim: a family of its own.
      family: reuseFamily("photoReuse", best.relation, best.blame),
      weight: best.weight / W_PHOTOS_ELSEWHERE,
      reason: `Mêmes photos qu'une annonce ${this.describe(subject, best.other, best.relation, best.blame)}`,
    };
  }

  /** The stored signature when the analysed text is the one that was added, else a fresh one. */
  private signatureOf(
    f: ListingFeatures,
    self: number,
    unchanged: boolean,
  ): ArrayLike<number> | null {
    if (self >= 0 && (unchanged || this.d.textHash[self] === tokenSequenceHash(f.doc.text))) {
      return this.d.hasSignature[self] === 1
        ? this.d.signatures.subarray(self * SIGNATURE_SIZE, (self + 1) * SIGNATURE_SIZE)
        : null;
    }
    return minhashSignature(f.doc.text);
  }

  private textEvidence(
    f: ListingFeatures,
    subject: Subject,
    self: number,
    unchanged: boolean,
  ): Evidence | null {
    const signature = this.signatureOf(f, self, unchanged);
    if (!signature) return null;
    const stamp = this.nextStamp();
    let examined = 0;
    let best: {
      weight: number;
      other: number;
      relation: Relation;
      blame: Blame;
      similarity: number;
    } | null = null;
    for (let band = 0; band < BANDS && examined < MAX_TEXT_CANDIDATES; band++) {
      const h = bandHash(signature, band);
      const [from, to] = range(this.d.bandKeys, h);
      if (to - from > MAX_LISTINGS_PER_TEXT_BUCKET) continue;
      for (let k = from; k < to && examined < MAX_TEXT_CANDIDATES; k++) {
        const other = this.d.bandKeys[k] - h * INDEX_SPAN;
        if (other === self || this.seenStamp[other] === stamp) continue;
        this.seenStamp[other] = stamp;
        examined++;
        const similarity = estimatedSimilarity(
          signature,
          this.d.signatures,
          other * SIGNATURE_SIZE,
        );
        if (similarity < NEAR_DUPLICATE) continue;
        const relation = this.relation(subject, other);
        if (!relation) continue;
        const blame = this.blame(subject, other);
        if (!blame) continue;
        const full =
          relation === "elsewhere"
            ? similarity >= STRONG_DUPLICATE
              ? W_TEXT_ELSEWHERE
              : W_TEXT_NEAR_ELSEWHERE
            : relation === "sameOwnerElsewhere"
              ? W_TEXT_SAME_OWNER_ELSEWHERE
              : W_TEXT_SAME_PLACE;
        const weight = blame === "ambiguous" ? Math.min(full, AMBIGUOUS_TEXT_WEIGHT) : full;
        if (
          best &&
          !this.better(weight, similarity, other, best.weight, best.similarity, best.other)
        )
          continue;
        best = { weight, other, relation, blame, similarity };
      }
    }
    if (!best) return null;
    const adjective = best.similarity >= EXACT_DUPLICATE ? "identique" : "quasi identique";
    return {
      family:
        best.similarity < STRONG_DUPLICATE && best.relation === "elsewhere" && best.blame === "copy"
          ? "textNearCopy"
          : reuseFamily("textReuse", best.relation, best.blame),
      weight: best.weight / W_TEXT_ELSEWHERE,
      reason: `Texte ${adjective} à une annonce ${this.describe(subject, best.other, best.relation, best.blame)}`,
    };
  }

  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seenStamp.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /**
   * Strongest relation first, then most overlap, then smallest listing id: the reported
   * counterpart does not depend on the order in which listings were added.
   */
  private better(
    weight: number,
    overlap: number,
    other: number,
    bestWeight: number,
    bestOverlap: number,
    bestOther: number,
  ): boolean {
    if (weight !== bestWeight) return weight > bestWeight;
    if (overlap !== bestOverlap) return overlap > bestOverlap;
    return this.d.ids[other] < this.d.ids[bestOther];
  }

  private hasImage(listing: number, h1: number, h2: number): boolean {
    const start = this.d.imageStart[listing];
    const end =
      listing + 1 < this.d.imageStart.length
        ? this.d.imageStart[listing + 1]
        : this.d.imageH1.length;
    for (let k = start; k < end; k++)
      if (this.d.imageH1[k] === h1 && this.d.imageH2[k] === h2) return true;
    return false;
  }

  /** How the subject relates to another listing that shares its photos or text (null = benign). */
  private relation(subject: Subject, other: number): Relation | null {
    const otherOwner = this.d.ownerOf[other];
    const sameOwner = subject.owner !== 0 && subject.owner === otherOwner;
    const otherCity = this.d.cityOf[other];
    const cityDiffers = subject.city !== -1 && otherCity !== -1 && subject.city !== otherCity;
    const transactionDiffers = subject.sale !== (this.d.saleOf[other] === 1);
    if (sameOwner) return cityDiffers ? "sameOwnerElsewhere" : null;
    if (cityDiffers || transactionDiffers) return "elsewhere";
    const otherPrice = this.d.priceOf[other];
    const priceDiffers =
      Number.isFinite(subject.price) &&
      Number.isFinite(otherPrice) &&
      Math.abs(subject.price - otherPrice) >
        SAME_PRICE_TOLERANCE * Math.max(subject.price, otherPrice);
    return priceDiffers ? "elsewhere" : "samePlace";
  }

  /**
   * Is the subject the copy? The earlier listing is the original (the victim), so:
   *  - both dates known and at least a day apart: only the later one is blamed;
   *  - otherwise, same town and transaction with prices more than 10 % apart: the cheaper one is
   *    the bait (copying a listing only pays if the copy undercuts it);
   *  - otherwise the pair is ambiguous.
   * Returns null when the subject is presumed to be the original.
   */
  private blame(subject: Subject, other: number): Blame | null {
    const otherTime = this.d.timeOf[other];
    if (
      Number.isFinite(subject.time) &&
      Number.isFinite(otherTime) &&
      Math.abs(otherTime - subject.time) >= MIN_ORDER_GAP_MS
    ) {
      return otherTime > subject.time ? null : "copy";
    }
    const sameCity = subject.city >= 0 && subject.city === this.d.cityOf[other];
    const sameTransaction = subject.sale === (this.d.saleOf[other] === 1);
    const otherPrice = this.d.priceOf[other];
    if (
      sameCity &&
      sameTransaction &&
      Number.isFinite(subject.price) &&
      Number.isFinite(otherPrice)
    ) {
      if (subject.price > otherPrice * (1 + SAME_PRICE_TOLERANCE)) return null;
      if (otherPrice > subject.price * (1 + SAME_PRICE_TOLERANCE)) return "copy";
    }
    return "ambiguous";
  }

  private describe(subject: Subject, other: number, relation: Relation, blame: Blame): string {
    const city = this.d.cityOf[other] >= 0 ? this.d.cityNames[this.d.cityOf[other]] : null;
    // The other listing's id, so that an analyst can open it and compare.
    const where = `n° ${this.d.ids[other]} ${city ? `à ${city}` : "d'une autre commune"}`;
    const otherOwner = this.d.ownerOf[other];
    const ownerDiffers = subject.owner !== 0 && otherOwner !== 0 && subject.owner !== otherOwner;
    const price = this.d.priceOf[other];
    const priceText = Number.isFinite(price)
      ? `${formatNumber(price)} €${this.d.saleOf[other] === 1 ? "" : "/mois"}`
      : null;
    const unknownOrder = blame === "ambiguous" ? " (ordre de publication inconnu)" : "";
    if (relation === "sameOwnerElsewhere") return `du même annonceur ${where}${unknownOrder}`;
    if (relation === "samePlace")
      return `d'un autre annonceur ${where}, au même prix${unknownOrder}`;
    const details = [
      ownerDiffers ? "autre annonceur" : null,
      priceText,
      blame === "ambiguous" ? "ordre de publication inconnu" : null,
    ].filter((s): s is string => s !== null);
    return details.length > 0 ? `${where} (${details.join(", ")})` : where;
  }
}

/** [from, to) of the keys whose high part equals `hash` in a sorted key array. */
function range(keys: Float64Array, hash: number): [number, number] {
  const low = hash * INDEX_SPAN;
  const high = low + INDEX_SPAN;
  return [lowerBound(keys, low), lowerBound(keys, high)];
}

function lowerBound(keys: Float64Array, value: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
