import { useFetcher, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import type { ConnectionView } from "~/services/connections/connections.server";
import type { DeliveryView } from "~/services/connections/webhook-delivery.server";
import type { ImportJobView } from "~/services/imports/import-job-view";
import { formatLongDateTime, formatNumber } from "~/utils/format";
import { ImportJobProgress } from "../import-job-progress";
import type { JobStartAnswer } from "../job-start-fetcher";
import { ConfirmDialog } from "../moderation/confirm-dialog";
import { useToast } from "../toasts";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody } from "../ui/card";
import { ConnectionDialog } from "./connection-dialog";
import { ConnectionKey } from "./connection-key";
import { SigningSecret } from "./signing-secret";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WEBHOOK_MESSAGES } from "~/services/connections/webhook-texts";
import { WEBHOOKS } from "~/config";

const STATUS: Record<ConnectionView["status"], { label: string; tone: BadgeTone }> = {
  active: { label: "Active", tone: "emerald" },
  inactive: { label: "Inactive", tone: "slate" },
  error: { label: "Erreur", tone: "red" },
};

/** One of the user's own connections on /api-connections. */
export function ConnectionCard({
  connection,
  runningJob,
  deliveries,
}: {
  connection: ConnectionView;
  runningJob: ImportJobView | null;
  /** An export connection's last webhook deliveries (null for import connections). */
  deliveries: DeliveryView[] | null;
}) {
  const toggle = useFetcher<JobStartAnswer>();
  const sync = useFetcher<JobStartAnswer>();
  const remove = useFetcher<JobStartAnswer>();
  const resume = useFetcher<JobStartAnswer>();
  useToast(resume.data?.toast);
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  useToast(toggle.data?.toast);
  useToast(sync.data?.toast);
  useToast(remove.data?.toast);
  const status = STATUS[connection.status];
  const job = sync.data?.job ?? runningJob;
  const canSync = connection.apiType === "import" && connection.status !== "inactive";
  const headingId = `connection-${connection.id}`;

  return (
    <Card className="flex h-full flex-col" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {connection.name}
          </h3>
          <p className="text-sm text-slate-600">{connection.platformType}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge
            tone={status.tone}
            className={connection.status === "error" ? "text-red-700" : undefined}
          >
            {status.label}
          </Badge>
          <Badge tone="brand">{connection.apiType === "import" ? "Import" : "Export"}</Badge>
          {connection.webhooksPausedAt !== null ? <Badge tone="amber">{WEBHOOK_MESSAGES.pausedBadge}</Badge> : null}
        </div>
      </div>
      <CardBody className="flex flex-1 flex-col gap-3 text-sm">
        {connection.status === "error" && connection.statusMessage ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            {connection.statusMessage}
          </p>
        ) : null}
        {connection.webhooksPausedAt !== null ? (
          <div role="alert" className="space-y-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            <p>{WEBHOOK_MESSAGES.paused(WEBHOOKS.pauseAfterFailures)}</p>
            <resume.Form method="post" action="/api-connections">
              <input type="hidden" name="intent" value="webhook-resume" />
              <input type="hidden" name="connectionId" value={connection.id} />
              <Button type="submit" size="sm" variant="secondary" disabled={resume.state !== "idle"}>
                Reprendre les webhooks
              </Button>
            </resume.Form>
          </div>
        ) : null}
        <dl className="grid grid-cols-2 gap-3">
          <div className="col-span-2">
            <dt className="text-xs font-medium text-slate-600">Endpoint</dt>
            <dd className="break-all font-mono text-xs text-slate-800">{connection.apiEndpoint}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs font-medium text-slate-600">{connection.apiType === "export" ? "Secret de signature des webhooks" : "Clé API"}</dt>
            <dd>
              {connection.apiType === "export" ? (
                <SigningSecret connection={connection} />
              ) : (
                <ConnectionKey connectionId={connection.id} hasKey={connection.hasKey} />
              )}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Total synchronisé</dt>
            <dd className="font-semibold tabular-nums text-slate-900">
              {formatNumber(connection.totalSynced)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Dernière synchro</dt>
            <dd className="text-slate-900">{formatLongDateTime(connection.lastSync, "Jamais")}</dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <toggle.Form method="post" action="/api-connections">
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="connectionId" value={connection.id} />
            <input
              type="hidden"
              name="active"
              value={connection.status === "active" ? "false" : "true"}
            />
            <Button
              type="submit"
              size="sm"
              variant={connection.status === "active" ? "secondary" : "success"}
              disabled={toggle.state !== "idle"}
            >
              {connection.status === "active" ? "Désactiver" : "Activer"}
            </Button>
          </toggle.Form>
          {canSync ? (
            <sync.Form method="post" action="/resources/connection-sync">
              <input type="hidden" name="intent" value="sync" />
              <input type="hidden" name="connectionId" value={connection.id} />
              <Button type="submit" size="sm" variant="secondary" disabled={sync.state !== "idle"}>
                {sync.state !== "idle" ? "Démarrage..." : "Synchroniser"}
              </Button>
            </sync.Form>
          ) : null}
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Modifier
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            disabled={remove.state !== "idle"}
            onClick={() => setConfirmingDelete(true)}
          >
            Supprimer
          </Button>
        </div>
        {deliveries ? <WebhookDeliveries connectionId={connection.id} deliveries={deliveries} paused={connection.webhooksPausedAt !== null} /> : null}
        {job ? (
          <ImportJobProgress
            key={job.id}
            jobId={job.id}
            initialJob={job}
            cancelAction="/resources/connection-sync"
            title="Synchronisation"
            onFinished={() => revalidator.revalidate()}
          />
        ) : null}
      </CardBody>
      <ConnectionDialog open={editing} onClose={() => setEditing(false)} connection={connection} />
      <ConfirmDialog
        open={confirmingDelete}
        title={`Supprimer la connexion « ${connection.name} » ?`}
        description="La connexion et sa clé sont supprimées définitivement. Les annonces déjà importées restent dans votre compte."
        confirmLabel="Supprimer"
        onConfirm={() =>
          remove.submit(
            { intent: "delete", connectionId: connection.id },
            { method: "post", action: "/api-connections" },
          )
        }
        onClose={() => setConfirmingDelete(false)}
      />
    </Card>
  );
}
