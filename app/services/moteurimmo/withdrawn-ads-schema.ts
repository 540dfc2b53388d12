import { z } from "zod/v4";
import { describeIssues, type ParseResult } from "./ad-schema";

/**
 * An answer of POST /deletedAds. MOTEURIMMO.md says "likely": the same envelope as a search,
 * items carrying at least `uniqueId`. Entries without a usable id (the partner's test mode sends
 * junk) are dropped; `received` counts them all, so a short page still ends the paging.
 */
const withdrawnAdsResponseSchema = z.looseObject({ ads: z.array(z.unknown()) });
const withdrawnAdSchema = z.looseObject({ uniqueId: z.string().trim().min(1).max(100) });

export type WithdrawnAdsPage = { ids: string[]; received: number };

export function parseWithdrawnAdsResponse(raw: unknown): ParseResult<WithdrawnAdsPage> {
  const envelope = withdrawnAdsResponseSchema.safeParse(raw);
  if (!envelope.success) return { ok: false, reason: describeIssues(envelope.error, raw) };
  const ids: string[] = [];
  for (const entry of envelope.data.ads) {
    const parsed = withdrawnAdSchema.safeParse(entry);
    if (parsed.success) ids.push(parsed.data.uniqueId);
  }
  return { ok: true, value: { ids, received: envelope.data.ads.length } };
}
