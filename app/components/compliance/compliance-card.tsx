import { Badge } from "~/components/ui/badge";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { COMPLIANCE_LABELS, COMPLIANCE_TONES, NOT_CHECKED_LABEL } from "~/services/compliance/compliance-texts";
import type { ComplianceView } from "~/services/compliance/compliance-view";
import type { FindingKind } from "~/services/compliance/types";
import { formatLongDateTime } from "~/utils/format";

export const FINDING_BORDERS: Record<FindingKind, string> = { breach: "border-red-600", missing: "border-amber-500", verify: "border-sky-600" };
/** Read before each message; "À vérifier" is also shown: it does not change the verdict. */
export const FINDING_KIND_LABELS: Record<FindingKind, string> = { breach: "Règle enfreinte : ", missing: "Mention manquante : ", verify: "À vérifier : " };

/** The "Conformité" card of /property/{id}: the verdict and each finding with its evidence and legal reference. */
export function ComplianceCard({ compliance }: { compliance: ComplianceView }) {
  const { status, checkedAt, findings } = compliance;
  return (
    <Card>
      <CardHeader
        title="Conformité"
        description={checkedAt ? `Vérifiée le ${formatLongDateTime(checkedAt)}` : "Pas encore vérifiée"}
        actions={<Badge tone={status ? COMPLIANCE_TONES[status] : "slate"}>{status ? COMPLIANCE_LABELS[status] : NOT_CHECKED_LABEL}</Badge>}
      />
      <CardBody>
        {status && findings.length === 0 ? (
          <p className="text-sm text-slate-700">Aucun manquement relevé aux règles des annonces immobilières.</p>
        ) : null}
        {findings.length ? (
          <ul className="space-y-4" aria-label="Manquements relevés">
            {findings.map((finding) => (
              <li key={finding.code} className={`space-y-1 border-l-4 pl-3 text-sm ${FINDING_BORDERS[finding.kind]}`}>
                <p className="font-medium text-slate-900">
                  <span className={finding.kind === "verify" ? "text-sky-800" : "sr-only"}>{FINDING_KIND_LABELS[finding.kind]}</span>
                  {finding.message}
                </p>
                <p className="text-slate-700">
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
        ) : null}
      </CardBody>
    </Card>
  );
}
