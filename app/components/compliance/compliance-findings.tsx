import type { ComplianceFindingView } from "~/services/compliance/compliance-view";
import type { FindingKind } from "~/services/compliance/types";

const FINDING_BORDERS: Record<FindingKind, string> = { breach: "border-red-600", missing: "border-amber-500", verify: "border-sky-600" };
/** Read before each message; "À vérifier" is also shown: it does not change the verdict. */
const FINDING_KIND_LABELS: Record<FindingKind, string> = { breach: "Règle enfreinte : ", missing: "Mention manquante : ", verify: "À vérifier : " };

/** The findings of a verdict, each with what was read in the ad and its dated legal reference. */
export function ComplianceFindings({ findings }: { findings: ComplianceFindingView[] }) {
  return (
    <ul className="space-y-4" aria-label="Manquements relevés">
      {findings.map((finding) => (
        <li key={finding.code} className={`space-y-1 border-l-4 pl-3 text-sm ${FINDING_BORDERS[finding.kind]}`}>
          <p className="font-medium text-slate-900">
            <span className={finding.kind === "verify" ? "text-sky-800" : "sr-only"}>{FINDING_KIND_LABELS[finding.kind]}</span>
            {finding.message}
          </p>
          <p className="break-words text-slate-700">
            <span className="font-medium">Constat :</span> {finding.evidence}
          </p>
          {finding.reference ? (
            <p className="text-slate-600">
              <span className="font-medium">Référence :</span> {finding.reference}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
