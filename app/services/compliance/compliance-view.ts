import { z } from "zod";
import type { ComplianceStatus } from "#db/schema";
import { FINDING_KINDS } from "./types";

/**
 * A listing's stored verdict as the "Conformité" card shows it. The findings column is JSON
 * written by the checker; it is read through this schema, so a hand-edited or older row shows
 * what it can rather than breaking the page. Client-safe module.
 */
const storedFinding = z.object({
  code: z.string(),
  kind: z.enum(FINDING_KINDS).catch("missing"),
  message: z.string(),
  evidence: z.string().catch("absent"),
  reference: z.string().catch(""),
});

export type ComplianceFindingView = z.infer<typeof storedFinding>;

export type ComplianceView = { status: ComplianceStatus | null; checkedAt: string | null; findings: ComplianceFindingView[] };

/** Listings by verdict; `unchecked`: not checked yet. */
export type ComplianceCounts = Record<ComplianceStatus, number> & { unchecked: number };

export function parseStoredFindings(json: string | null): ComplianceFindingView[] {
  if (!json) return [];
  try {
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(json));
    if (!parsed.success) return [];
    return parsed.data.flatMap((item) => {
      const finding = storedFinding.safeParse(item);
      return finding.success ? [finding.data] : [];
    });
  } catch {
    return [];
  }
}
