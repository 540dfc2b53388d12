import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { COMPLIANCE_LABELS, COMPLIANCE_ORDER, NOT_CHECKED_LABEL } from "~/services/compliance/compliance-texts";
import type { ComplianceCounts } from "~/services/compliance/compliance-view";
import { formatNumber } from "~/utils/format";

const TONE_CLASSES = { conforme: "text-emerald-700", a_completer: "text-amber-700", non_conforme: "text-red-700" } as const;

/**
 * Listings by compliance status (dashboard: the user's, each linking to the filtered list;
 * /admin: the platform's, with the re-check control in `actions`).
 */
export function ComplianceCountsCard({ counts, linked = false, description, actions }: { counts: ComplianceCounts; linked?: boolean; description: string; actions?: ReactNode }) {
  return (
    <Card>
      <CardHeader title="Conformité des annonces" description={description} actions={actions} />
      <CardBody>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {COMPLIANCE_ORDER.map((status) => (
            <div key={status}>
              <dt className="text-sm text-slate-600">
                {linked ? (
                  <Link className="underline decoration-slate-300 underline-offset-2 hover:text-slate-900" to={`/properties?status=all&compliance=${status}`}>
                    {COMPLIANCE_LABELS[status]}
                  </Link>
                ) : (
                  COMPLIANCE_LABELS[status]
                )}
              </dt>
              <dd className={`text-2xl font-bold tabular-nums ${TONE_CLASSES[status]}`}>{formatNumber(counts[status])}</dd>
            </div>
          ))}
          <div>
            <dt className="text-sm text-slate-600">{NOT_CHECKED_LABEL}s</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatNumber(counts.unchecked)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
