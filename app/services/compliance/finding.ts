import { citeReference, type ReferenceKey } from "./references";
import type { ComplianceFinding, FindingKind } from "./types";

export function finding(code: string, kind: FindingKind, message: string, evidence: string, reference: ReferenceKey): ComplianceFinding {
  return { code, kind, message, evidence, reference: citeReference(reference) };
}

/** "1 250 €" as the card and messages write amounts. */
export function euros(value: number): string {
  return `${value.toLocaleString("fr-FR", { maximumFractionDigits: 2 }).replace(/\u202f/g, " ")} €`;
}
