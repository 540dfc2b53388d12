import { citeReference, type ReferenceKey } from "./references";
import type { ComplianceFinding, FindingKind } from "./types";

export function finding(code: string, kind: FindingKind, message: string, evidence: string, reference: ReferenceKey): ComplianceFinding {
  return { code, kind, message, evidence, reference: citeReference(reference) };
}

// One formatter: toLocaleString builds a new one per call, a tenth of the checker's time.
const EUROS = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/** "1 250 €" as the card and messages write amounts. */
export function euros(value: number): string {
  return `${EUROS.format(value).replace(/\u202f/g, " ")} €`;
}
