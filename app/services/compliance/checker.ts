import { adText } from "./ad-text";
import { decencyFindings } from "./decency-rules";
import { energyFindings } from "./energy-rules";
import { lawDay } from "./references";
import { rentControlFindings } from "./rent-control";
import { rentalFindings } from "./rental-rules";
import { saleFindings } from "./sale-rules";
import type { ComplianceContext, ComplianceFinding, ComplianceListing, ComplianceVerdict } from "./types";

/**
 * The compliance checker (issue 15, docs/conformite.md): pure, the date passed in. Bump the
 * version whenever a rule changes: the recheck job then checks every listing again.
 */
export const COMPLIANCE_CHECKER_VERSION = "2026-11-26.1";

/** Property types the housing ad rules do not concern (no DPE, no decency, no rent rules). */
const NOT_HOUSING = new Set(["Terrain", "Parking", "Bureau", "Local commercial", "Commerce"]);
const OVERSEAS_DEPARTMENTS = new Set(["971", "972", "973", "974", "976"]);

function overseas(listing: ComplianceListing, context: ComplianceContext): boolean {
  const department = context.commune?.department ?? listing.postalCode?.trim().slice(0, 3) ?? "";
  return OVERSEAS_DEPARTMENTS.has(department);
}

export function checkCompliance(listing: ComplianceListing, context: ComplianceContext): ComplianceVerdict {
  if (listing.propertyType && NOT_HOUSING.has(listing.propertyType)) return { status: "conforme", findings: [] };
  const day = lawDay(context.now);
  const text = adText(listing.title, listing.description);
  const findings: ComplianceFinding[] = energyFindings(listing, text, day, overseas(listing, context));
  if (listing.transactionType === "rental") {
    findings.push(
      ...rentalFindings(listing, text, day, context.commune),
      ...rentControlFindings(listing, text, day, context.commune),
      ...decencyFindings(listing, text),
    );
  } else {
    findings.push(...saleFindings(text, day));
  }
  const status = findings.some((f) => f.kind === "breach") ? "non_conforme" : findings.length > 0 ? "a_completer" : "conforme";
  return { status, findings };
}
