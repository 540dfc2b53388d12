/**
 * The fitted combination of the engine's signals: one weight per evidence family, a bias and the
 * flag threshold, with the cross-validated figures that justified them. Produced by
 * `npm run moderation:fit` (fit-model.ts), never edited by hand; `engine-model.json` is the
 * version shipped with the code, a refit from the agents' decisions is stored in the database.
 */
import { z } from "zod";
import shipped from "./engine-model.json" with { type: "json" };
import { EVIDENCE_FAMILIES, type EvidenceFamily } from "./types";

/** The learned text model (text-model.ts), int8 weights in base64; absent: family not used. */
const textModelSchema = z.object({
  bits: z.number().int(),
  bias: z.number(),
  scale: z.number(),
  weights: z.string(),
});

const intervalSchema = z.object({ value: z.number(), low: z.number(), high: z.number() });

export const engineModelSchema = z.object({
  version: z.string().min(1),
  fittedAt: z.string(),
  bias: z.number(),
  threshold: z.number().gt(0).lt(1),
  weights: z.record(z.string(), z.number()),
  text: textModelSchema.optional(),
  trainedOn: z.object({
    listings: z.number().int(),
    scams: z.number().int(),
    decisions: z.number().int(),
  }),
  crossValidation: z.object({
    folds: z.number().int(),
    precision: intervalSchema,
    recall: intervalSchema,
  }),
});

export type EngineModel = z.infer<typeof engineModelSchema>;

export const SHIPPED_MODEL: EngineModel = engineModelSchema.parse(shipped);

/** Weight vector in EVIDENCE_FAMILIES order (a family absent from the model weighs 0). */
export function weightVector(model: EngineModel): Float64Array {
  return Float64Array.from(EVIDENCE_FAMILIES, (family) => model.weights[family] ?? 0);
}

export function weightsRecord(vector: ArrayLike<number>): Record<EvidenceFamily, number> {
  const record = {} as Record<EvidenceFamily, number>;
  EVIDENCE_FAMILIES.forEach((family, j) => (record[family] = Math.round(vector[j] * 1000) / 1000));
  return record;
}
