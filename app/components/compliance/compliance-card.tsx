import { Badge } from "~/components/ui/badge";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { COMPLIANCE_LABELS, COMPLIANCE_TONES, NOT_CHECKED_LABEL } from "~/services/compliance/compliance-texts";
import type { ComplianceView } from "~/services/compliance/compliance-view";
import { formatLongDateTime } from "~/utils/format";
import { ComplianceFindings } from "./compliance-findings";

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
        {findings.length ? <ComplianceFindings findings={findings} /> : null}
      </CardBody>
    </Card>
  );
}
