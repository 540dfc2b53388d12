import { adText } from "./ad-text";
import { decencyFindings } from "./decency-rules";
import { energyFindings, georisquesFindings } from "./energy-rules";
import { lawDay } from "./references";
import { rentControlFindings } from "./rent-control";
import { holidayLet } from "./rental-reading";
import { rentalFindings } from "./rental-rules";
import { coOwnershipFindings, isAnnexLot, saleFeeFindings } from "./sale-rules";
import type { ComplianceContext, ComplianceFinding, ComplianceListing, ComplianceVerdict } from "./types";

/**
 * The compliance checker (issues 15 and 29, docs/conformite.md): pure, the date passed in. Bump
 * the version whenever a rule changes: the recheck job then checks every listing again.
 */
export const COMPLIANCE_CHECKER_VERSION = "2026-11-28.1";

/** Property types the housing ad rules do not concern (no DPE, no decency, no rent rules). */
const NOT_HOUSING = new Set(["Terrain", "Parking", "Bureau", "Local commercial", "Commerce", "Immeuble"]);
const OVERSEAS_DEPARTMENTS = new Set(["971", "972", "973", "974", "976"]);

function overseas(listing: ComplianceListing, context: ComplianceContext): boolean {
  const department = context.commune?.department ?? listing.postalCode?.trim().slice(0, 3) ?? "";
  return OVERSEAS_DEPARTMENTS.has(department);
}

export function checkCompliance(listing: ComplianceListing, context: ComplianceContext): ComplianceVerdict {
  const day = lawDay(context.now);
  const text = adText(listing.title, listing.description);
  const housing = !(listing.propertyType && NOT_HOUSING.has(listing.propertyType)) && !isAnnexLot(listing);
  const findings: ComplianceFinding[] = [];
  if (listing.transactionType === "rental") {
    // Only lets of a home under the loi du 6 juillet 1989 carry these rules: not a parking space,
    // not premises, not a holiday let.
    if (housing && !holidayLet(listing, text)) {
      findings.push(
        ...energyFindings(listing, text, day, overseas(listing, context)),
        ...georisquesFindings(text, day),
        ...rentalFindings(listing, text, day, context.commune),
        ...rentControlFindings(listing, text, day, context.commune),
        ...decencyFindings(listing, text),
      );
    }
  } else {
    if (housing) findings.push(...energyFindings(listing, text, day, overseas(listing, context)));
    findings.push(...georisquesFindings(text, day), ...saleFeeFindings(listing, text, day), ...coOwnershipFindings(listing, text, day));
  }
  return { status: verdictStatus(findings), findings };
}

/** A breach makes the ad "non conforme", a missing mention "à compléter"; "à vérifier" changes nothing. */
function verdictStatus(findings: ComplianceFinding[]): ComplianceVerdict["status"] {
  if (findings.some((f) => f.kind === "breach")) return "non_conforme";
  return findings.some((f) => f.kind === "missing") ? "a_completer" : "conforme";
}
