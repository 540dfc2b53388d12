/**
 * Vigimmo scam-detection engine: pure, deterministic and explainable.
 *
 * Usage (one run):
 *   const builder = createContextBuilder();
 *   for (const listing of allListings) builder.add(listing);   // streamed, small memory per listing
 *   const context = builder.build();
 *   for (const listing of toModerate) analyse(listing, context);
 *
 * Four independent families of signals (see signals/): price far below comparables, scam
 * language, photo/text reuse across listings, incoherent fields. Each produces weighted evidence
 * with a French sentence; scoring.ts combines them into a calibrated confidence.
 *
 * No I/O, no clock, no randomness: the same listings always give the same verdicts.
 */
import { extractFeatures } from "./listing-features";
import { score } from "./scoring";
import { coherenceEvidence } from "./signals/coherence";
import { languageEvidence } from "./signals/language";
import { PriceIndex, PriceIndexBuilder } from "./signals/price";
import { ReuseIndex, ReuseIndexBuilder } from "./signals/reuse";
import { GrowableFloat64 } from "./stats";
import type { Evidence, ModerationListing, ModerationVerdict } from "./types";

export type { ModerationListing, ModerationVerdict } from "./types";
export { FLAG_THRESHOLD } from "./scoring";

/** Opaque: build it with createContextBuilder(). */
export interface ModerationContext {
  readonly kind: "moderation-context";
  /** Number of listings the context was built from. */
  readonly size: number;
}

class EngineContext implements ModerationContext {
  readonly kind = "moderation-context" as const;
  constructor(
    readonly size: number,
    readonly indexOfId: ReadonlyMap<string, number>,
    readonly priceValueOf: Float64Array,
    readonly prices: PriceIndex,
    readonly reuse: ReuseIndex,
  ) {}
}

export type ModerationContextBuilder = {
  /** Adds one listing of the platform. A second listing with an already-seen id is ignored. */
  add(listing: ModerationListing): void;
  /** Freezes the context; `add` is refused afterwards. */
  build(): ModerationContext;
};

export function createContextBuilder(): ModerationContextBuilder {
  const indexOfId = new Map<string, number>();
  const priceValues = new GrowableFloat64(1024);
  const prices = new PriceIndexBuilder();
  const reuse = new ReuseIndexBuilder();
  let built: EngineContext | null = null;

  return {
    add(listing: ModerationListing): void {
      if (built) throw new Error("Contexte de modération déjà construit : ajout impossible");
      if (indexOfId.has(listing.id)) return;
      const index = indexOfId.size;
      const features = extractFeatures(listing);
      reuse.add(index, listing, features);
      prices.add(listing, features);
      indexOfId.set(listing.id, index);
      priceValues.push(features.priceValue);
    },
    build(): ModerationContext {
      if (!built) {
        built = new EngineContext(indexOfId.size, indexOfId, priceValues.toArray(), prices.build(), reuse.build());
      }
      return built;
    },
  };
}

/** Verdict for one listing. The listing may or may not be part of the context. */
export function analyse(listing: ModerationListing, context: ModerationContext): ModerationVerdict {
  if (!(context instanceof EngineContext)) {
    throw new Error("Contexte de modération invalide : utilisez createContextBuilder().build()");
  }
  const features = extractFeatures(listing);
  const self = context.indexOfId.get(listing.id) ?? -1;
  const selfPriceValue = self >= 0 ? context.priceValueOf[self] : Number.NaN;

  const evidence: Evidence[] = [];
  const price = context.prices.evaluate(listing, features, selfPriceValue);
  if (price) evidence.push(price);
  evidence.push(...languageEvidence(features.doc, listing.ownerKey));
  evidence.push(...context.reuse.evaluate(listing, features, self));
  evidence.push(...coherenceEvidence(listing, features));

  const { confidence, flagged, reasons } = score(evidence);
  return { flagged, confidence, reasons };
}

/** One line for the ai_flag_reason column. */
export function formatFlagReason(reasons: string[]): string {
  return reasons
    .map((reason) => reason.trim())
    .filter((reason) => reason.length > 0)
    .join(" · ");
}
