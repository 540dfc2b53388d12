import { useFetcher, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { IMPORT_STATUS_LABELS } from "~/services/imports/import-job-view";
import type { ZoneCard as ZoneCardData, ZoneRunView } from "~/services/prospecting/zone-cards.server";
import { FREQUENCY_OPTIONS } from "~/services/prospecting/zone-form";
import { formatDateTime, formatNumber } from "~/utils/format";
import type { Toast } from "~/utils/toast";
import { ImportJobProgress } from "../import-job-progress";
import { useToast } from "../toasts";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Dialog } from "../ui/dialog";
import { ZoneForm } from "./zone-form";

type Answer = { ok: boolean; toast?: Toast };

/** A zone on /prospection: its criteria, schedule, last run's counts, history and actions. */
export function ZoneCard({ zone, schedulerOn }: { zone: ZoneCardData; schedulerOn: boolean }) {
  const run = useFetcher<Answer & { jobId?: string }>();
  const remove = useFetcher<Answer>();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useToast(run.data?.toast);
  useToast(remove.data?.toast);
  const last = zone.runs[0];
  const frequency = FREQUENCY_OPTIONS.find((option) => option.value === (zone.frequencyHours === null ? "manual" : String(zone.frequencyHours)))?.label;
  const running = zone.openRun !== null || run.state !== "idle";
  return (
    <Card>
      <CardHeader
        title={zone.name}
        description={frequency}
        actions={zone.autoModeration ? <Badge tone="brand">Auto-modération</Badge> : null}
      />
      <CardBody className="space-y-4">
        <ul className="space-y-1 text-sm text-slate-700">
          {zone.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Dernière recherche</dt>
            <dd className="font-medium text-slate-900">{last ? `${formatDateTime(last.createdAt)} · ${IMPORT_STATUS_LABELS[last.status]}` : "Aucune"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Prochaine recherche</dt>
            <dd className="font-medium text-slate-900">{nextRunText(zone, schedulerOn)}</dd>
          </div>
        </dl>
        {last ? <RunCounts run={last} /> : null}
        {zone.openRun ? (
          <ImportJobProgress
            key={zone.openRun.id}
            jobId={zone.openRun.id}
            initialJob={zone.openRun}
            cancelAction="/prospection"
            title="Recherche en cours"
            onFinished={() => revalidator.revalidate()}
          />
        ) : null}
        {zone.runs.length > 0 ? <RunHistory runs={zone.runs} /> : null}
        <div className="flex flex-wrap gap-2">
          <run.Form method="post">
            <input type="hidden" name="zoneId" value={zone.id} />
            <Button type="submit" name="intent" value="run" disabled={running}>
              {running ? "Recherche en cours..." : "Lancer maintenant"}
            </Button>
          </run.Form>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Modifier
          </Button>
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Supprimer
          </Button>
        </div>
      </CardBody>
      <Dialog open={editing} onClose={() => setEditing(false)} title={`Modifier « ${zone.name} »`}>
        <ZoneForm zoneId={zone.id} defaults={zone.form} submitLabel="Enregistrer" onSaved={() => setEditing(false)} />
      </Dialog>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Supprimer « ${zone.name} » ?`}
        description="La zone et son historique de recherches disparaissent ; les annonces importées restent dans vos annonces."
      >
        <remove.Form method="post" className="flex justify-end gap-2">
          <input type="hidden" name="zoneId" value={zone.id} />
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Annuler
          </Button>
          <Button type="submit" name="intent" value="delete" variant="danger" disabled={remove.state !== "idle"}>
            Supprimer la zone
          </Button>
        </remove.Form>
      </Dialog>
    </Card>
  );
}

function nextRunText(zone: ZoneCardData, schedulerOn: boolean): string {
  if (zone.frequencyHours === null) return "Manuelle";
  if (!schedulerOn) return "Planification arrêtée";
  return zone.nextRunAt ? formatDateTime(zone.nextRunAt) : "—";
}

const COUNTS: Array<{ key: keyof Pick<ZoneRunView, "imported" | "updated" | "withdrawn" | "priceDrops">; label: string }> = [
  { key: "imported", label: "Nouvelles" },
  { key: "updated", label: "Mises à jour" },
  { key: "withdrawn", label: "Retirées" },
  { key: "priceDrops", label: "Baisses de prix" },
];

function RunCounts({ run }: { run: ZoneRunView }) {
  return (
    <dl aria-label="Dernière recherche en chiffres" className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-4">
      {COUNTS.map(({ key, label }) => (
        <div key={key}>
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatNumber(run[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

function RunHistory({ runs }: { runs: ZoneRunView[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">Historique ({runs.length})</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="min-w-full text-left">
          <caption className="sr-only">Historique des recherches</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">Date</th>
              <th scope="col" className="py-1 pr-3 font-medium">Statut</th>
              {COUNTS.map(({ key, label }) => (
                <th key={key} scope="col" className="py-1 pr-3 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">{formatDateTime(run.createdAt)}</td>
                <td className="py-1 pr-3" title={run.message ?? undefined}>{IMPORT_STATUS_LABELS[run.status]}</td>
                {COUNTS.map(({ key }) => (
                  <td key={key} className="py-1 pr-3 tabular-nums">
                    {formatNumber(run[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
