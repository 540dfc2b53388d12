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
 * language (how the money would move, contact, story), photo/text reuse across listings,
 * incoherent fields. Each produces graded evidence with a French sentence quoting the listing;
 * scoring.ts combines them with the fitted model (model.ts) into a calibrated confidence.
 *
 * No I/O, no clock, no randomness: the same listings always give the same verdicts.
 */
import { extractFeatures, listingFingerprint, type StoredFeatures } from "./listing-features";
import { SHIPPED_MODEL, type EngineModel } from "./model";
import { score } from "./scoring";
import { coherenceEvidence } from "./signals/coherence";
import { conditionEvidence } from "./signals/conditions";
import { languageEvidence } from "./signals/language";
import { PriceIndex, PriceIndexBuilder } from "./signals/price";
import { ReuseIndex, ReuseIndexBuilder } from "./signals/reuse";
import { decodeTextModel, learnedTextEvidence } from "./text-model";
import { GrowableFloat64, GrowableUint32 } from "./stats";
import { FLAG_REASON_SEPARATOR, type Evidence, type ModerationListing, type ModerationVerdict } from "./types";

export type { ModerationListing, ModerationVerdict } from "./types";
export { SHIPPED_MODEL, type EngineModel } from "./model";

/** Opaque: build it with createContextBuilder(). */
export interface ModerationContext {
  readonly kind: "moderation-context";
  /** Number of listings the context was built from. */
  readonly size: number;
}

const ROOM_SHARE_FLAG = 1;
const LIFE_ANNUITY_FLAG = 2;
/** Not in the price index (see ModerationListing.excludedFromComparables). */
const NOT_COMPARABLE_FLAG = 4;

class EngineContext implements ModerationContext {
  readonly kind = "moderation-context" as const;
  constructor(
    readonly size: number,
    readonly indexOfId: ReadonlyMap<string, number>,
    readonly priceValueOf: Float64Array,
    /** Fingerprint of each listing as added (see listingFingerprint). */
    readonly fingerprintOf: Uint32Array,
    /** ROOM_SHARE_FLAG | LIFE_ANNUITY_FLAG per listing. */
    readonly flagsOf: Uint8Array,
    readonly prices: PriceIndex,
    readonly reuse: ReuseIndex,
    readonly model: EngineModel,
  ) {}

  /** Features stored when this very listing was added, or null (absent or modified since). */
  stored(self: number, fingerprint: number): StoredFeatures | null {
    if (self < 0 || this.fingerprintOf[self] !== fingerprint) return null;
    const flags = this.flagsOf[self];
    return {
      roomShare: (flags & ROOM_SHARE_FLAG) !== 0,
      lifeAnnuity: (flags & LIFE_ANNUITY_FLAG) !== 0,
      priceValue: this.priceValueOf[self],
    };
  }
}

export type ModerationContextBuilder = {
  /** Adds one listing of the platform. A second listing with an already-seen id is ignored. */
  add(listing: ModerationListing): void;
  /** Freezes the context; `add` is refused afterwards. */
  build(): ModerationContext;
};

/** @param model the fitted combination to score with; the version shipped with the code by default. */
export function createContextBuilder(model: EngineModel = SHIPPED_MODEL): ModerationContextBuilder {
  const indexOfId = new Map<string, number>();
  // Growable buffers, dropped once the context is built (build() copies them to exact sizes).
  let state: {
    priceValues: GrowableFloat64;
    fingerprints: GrowableUint32;
    flags: number[];
    prices: PriceIndexBuilder;
    reuse: ReuseIndexBuilder;
  } | null = {
    priceValues: new GrowableFloat64(1024),
    fingerprints: new GrowableUint32(1024),
    flags: [],
    prices: new PriceIndexBuilder(),
    reuse: new ReuseIndexBuilder(),
  };
  let built: EngineContext | null = null;

  return {
    add(listing: ModerationListing): void {
      if (!state) throw new Error("Contexte de modération déjà construit : ajout impossible");
      if (indexOfId.has(listing.id)) return;
      const index = indexOfId.size;
      const features = extractFeatures(listing);
      state.reuse.add(index, listing, features);
      if (!listing.excludedFromComparables) state.prices.add(listing, features);
      indexOfId.set(listing.id, index);
      state.priceValues.push(features.priceValue);
      state.fingerprints.push(listingFingerprint(listing));
      state.flags.push(
        (features.roomShare ? ROOM_SHARE_FLAG : 0) |
          (features.lifeAnnuity ? LIFE_ANNUITY_FLAG : 0) |
          (listing.excludedFromComparables ? NOT_COMPARABLE_FLAG : 0),
      );
    },
    build(): ModerationContext {
      if (state) {
        built = new EngineContext(
          indexOfId.size,
          indexOfId,
          state.priceValues.toArray(),
          state.fingerprints.toArray(),
          Uint8Array.from(state.flags),
          state.prices.build(),
          state.reuse.build(),
          model,
        );
        state = null;
      }
      return built as EngineContext;
    },
  };
}

/** Verdict for one listing. The listing may or may not be part of the context. */
export function analyse(listing: ModerationListing, context: ModerationContext): ModerationVerdict {
  const engine = engineContext(context);
  const { confidence, flagged, reasons, favourable } = score(
    evidenceFor(listing, engine),
    engine.model,
  );
  return { flagged, confidence, reasons, favourable, engineVersion: engine.model.version };
}

/** Every piece of evidence about one listing, before the model weighs it (used by the fit). */
export function evidenceFor(listing: ModerationListing, context: ModerationContext): Evidence[] {
  const engine = engineContext(context);
  const self = engine.indexOfId.get(listing.id) ?? -1;
  const stored = engine.stored(self, listingFingerprint(listing));
  const features = extractFeatures(listing, stored);
  // Leave-one-out only for a listing that is in the price index.
  const inIndex = self >= 0 && (engine.flagsOf[self] & NOT_COMPARABLE_FLAG) === 0;
  const selfPriceValue = inIndex ? engine.priceValueOf[self] : Number.NaN;

  const evidence: Evidence[] = [];
  const price = engine.prices.evaluate(listing, features, selfPriceValue);
  if (price) evidence.push(price);
  evidence.push(...languageEvidence(features.doc, listing.ownerKey));
  evidence.push(...conditionEvidence(features.doc));
  evidence.push(...engine.reuse.evaluate(listing, features, self, stored !== null));
  evidence.push(...coherenceEvidence(listing, features));
  if (engine.model.text) {
    const learned = learnedTextEvidence(decodeTextModel(engine.model.text), features.doc);
    if (learned) evidence.push({ family: "learnedText", ...learned });
  }
  return evidence;
}

function engineContext(context: ModerationContext): EngineContext {
  if (!(context instanceof EngineContext)) {
    throw new Error("Contexte de modération invalide : utilisez createContextBuilder().build()");
  }
  return context;
}

/** One line for the ai_flag_reason column. */
export function formatFlagReason(reasons: string[]): string {
  return reasons
    .map((reason) => reason.trim())
    .filter((reason) => reason.length > 0)
    .join(FLAG_REASON_SEPARATOR);
}
