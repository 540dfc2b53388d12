import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { copyText } from "~/components/clipboard";
import { ExportKeyField } from "~/components/export-key-field";
import { showToast, useToast } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Dialog } from "~/components/ui/dialog";
import { PageHeader } from "~/components/ui/page-header";
import { USAGE_HISTORY } from "~/config";
import { EXPORT_API_PATH } from "~/services/export/export-api-contract";
import { flushExportUsage } from "~/services/export/export-api-usage.server";
import { deleteExportKey, listExportKeys, toggleExportKey, usageHistory } from "~/services/keys/export-keys.server";
import { markKeyDecisionsSeen } from "~/services/notifications/nav-badges.server";
import { formatDateTime, formatLongDate, formatLongDateTime, formatNumber } from "~/utils/format";
import { olderNotShown, MSG } from "~/messages";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import type { Toast } from "~/utils/toast";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const keyId = z.string().min(1).max(100);
const keyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), keyId }),
  z.object({ intent: z.literal("delete"), keyId }),
]);

const NOT_FOUND = "Clé API introuvable";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // The real host of this deployment, as clients must call it.
  const endpoint = `${new URL(request.url).origin}${EXPORT_API_PATH}`;
  // Calls are logged in groups every 25 ms: write the waiting ones, so that a call made just
  // before opening the page is in its history and its key's last use.
  flushExportUsage();
  markKeyDecisionsSeen(user.id);
  return { ...listExportKeys(user.id), usage: usageHistory(user.id), endpoint };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), { schema: keyActionSchema });
  if (submission.status !== "success") {
    return data({ ok: false, toast: { type: "error", message: NOT_FOUND } as Toast }, { status: 400 });
  }
  const { intent, keyId: id } = submission.value;
  try {
    if (intent === "toggle") {
      const status = toggleExportKey(user.id, id);
      if (!status) return data({ ok: false, toast: { type: "error", message: NOT_FOUND } as Toast }, { status: 404 });
      return { ok: true, toast: { type: "success", message: status === "active" ? "Clé activée" : "Clé désactivée" } as Toast };
    }
    if (!deleteExportKey(user.id, id)) return data({ ok: false, toast: { type: "error", message: NOT_FOUND } as Toast }, { status: 404 });
    logEvent("export_key.deleted", { keyId: id, userId: user.id });
    return { ok: true, toast: { type: "success", message: "Clé API supprimée" } as Toast };
  } catch (error) {
    logEvent("export_key.action_error", { intent, keyId: id, error: (error as Error).message });
    const message = intent === "toggle" ? "Erreur lors de la mise à jour" : "Erreur lors de la suppression";
    return data({ ok: false, toast: { type: "error", message } as Toast }, { status: 500 });
  }
}

type Key = ReturnType<typeof useLoaderData<typeof loader>>["keys"][number];

// Shared by every card: a deleted card unmounts, so the page shows the answer's toast.
const KEY_FETCHER = "export-key-action";
const useKeyFetcher = () => useFetcher<typeof action>({ key: KEY_FETCHER });

function DeleteKeyButton({ apiKey }: { apiKey: Key }) {
  const fetcher = useKeyFetcher();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" size="sm" onClick={() => setOpen(true)}>
        Supprimer
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Supprimer cette clé API ?"
        description={`La clé « ${apiKey.name} » cessera immédiatement de fonctionner. Cette action est irréversible ; l'historique des appels est conservé.`}
      >
        <fetcher.Form method="post" onSubmit={() => setOpen(false)} className="flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Annuler
          </Button>
          <Button type="submit" variant="danger">
            Supprimer la clé
          </Button>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

function KeyCard({ apiKey }: { apiKey: Key }) {
  const fetcher = useKeyFetcher();
  const active = apiKey.status === "active";
  return (
    <Card className="p-5" aria-label={`Clé ${apiKey.name}`} role="group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{apiKey.name}</h3>
          <p className="text-sm text-slate-700">{apiKey.ownerEmail ?? "Email non disponible"}</p>
        </div>
        <Badge tone={active ? "emerald" : "slate"}>{active ? "Active" : "Inactive"}</Badge>
      </div>
      {apiKey.description ? <p className="mt-2 text-sm text-slate-800">{apiKey.description}</p> : null}
      <div className="mt-4">
        <ExportKeyField keyId={apiKey.id} />
      </div>
      <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Créée le : </dt>
          <dd className="inline">{formatLongDate(apiKey.createdAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Dernière utilisation : </dt>
          <dd className="inline">{formatLongDateTime(apiKey.lastUsedAt, "Jamais utilisée")}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="keyId" value={apiKey.id} />
          <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
            {active ? "Désactiver" : "Activer"}
          </Button>
        </fetcher.Form>
        <DeleteKeyButton apiKey={apiKey} />
      </div>
    </Card>
  );
}

function EndpointCard({ endpoint }: { endpoint: string }) {
  const copy = async () => {
    try {
      await copyText(endpoint);
      showToast({ type: "success", message: "URL copiée" });
    } catch {
      showToast({ type: "error", message: "Impossible de copier : autorisez l'accès au presse-papiers" });
    }
  };
  return (
    <Card>
      <CardHeader title="Endpoint de l'API" description="Appelez-le depuis votre site ou votre serveur avec l'une de vos clés." />
      <CardBody className="space-y-3 text-sm text-slate-800">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">POST</Badge>
          <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono" data-testid="endpoint-url">
            {endpoint}
          </code>
          <Button variant="secondary" size="sm" onClick={copy}>
            Copier l&apos;URL
          </Button>
        </div>
        <p>
          Corps JSON : <code className="font-mono">{'{ "apiKey": "efi_…", "limit": 100, "offset": 0 }'}</code>. « limit » et
          « offset » sont optionnels : sans « limit », toutes les annonces actives sont renvoyées ; « offset » vaut 0 par défaut.
        </p>
        <Link to="/api-docs" className="font-medium text-brand-700 underline">
          Voir la documentation et les exemples
        </Link>
      </CardBody>
    </Card>
  );
}

type Usage = ReturnType<typeof useLoaderData<typeof loader>>["usage"];

const USAGE_COLUMNS: DataTableColumn<Usage[number]>[] = [
  { header: "Date & Heure", cell: (row) => formatDateTime(row.createdAt), cellClassName: "tabular-nums" },
  { header: "Client", cell: (row) => row.keyName ?? <span className="italic text-slate-600">Clé supprimée</span> },
  { header: "Annonces", cell: (row) => formatNumber(row.propertiesCount), className: "text-right", cellClassName: "tabular-nums" },
  {
    header: "Limit",
    cell: (row) => (row.limitRequested === null ? "Toutes" : formatNumber(row.limitRequested)),
    className: "text-right",
    cellClassName: "tabular-nums",
  },
  { header: "Offset", cell: (row) => formatNumber(row.offsetRequested), className: "text-right", cellClassName: "tabular-nums" },
];

function UsageTable({ usage }: { usage: Usage }) {
  return (
    <Card>
      <CardHeader title="Historique d'utilisation" />
      <CardBody>
        {usage.length === 0 ? (
          <p className="text-sm text-slate-600">Aucun appel à l&apos;API au cours des {USAGE_HISTORY.days} derniers jours.</p>
        ) : (
          <DataTable
            columns={USAGE_COLUMNS}
            rows={usage}
            rowKey={(row) => row.id}
            caption={`Les ${USAGE_HISTORY.rows} derniers appels des ${USAGE_HISTORY.days} derniers jours.`}
          />
        )}
      </CardBody>
    </Card>
  );
}

export default function ExportApiKeysPage() {
  const { keys, olderKeys, usage, endpoint } = useLoaderData<typeof loader>();
  const keyFetcher = useKeyFetcher();
  useToast(keyFetcher.data?.toast);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Clés API Export"
        subtitle="Vos clés d'accès à l'API d'export des annonces validées."
        actions={
          keys.length > 0 ? (
            <Link to="/request-api-key" className={buttonClasses("secondary")}>
              Demander une autre clé
            </Link>
          ) : null
        }
      />
      {keys.length === 0 ? (
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900">Aucune clé API</h2>
          <p className="mt-1 text-sm text-slate-600">Demandez une clé : elle apparaîtra ici dès qu&apos;un administrateur l&apos;aura approuvée.</p>
          <Link to="/request-api-key" className={`${buttonClasses("primary")} mt-4`}>
            Demander une clé API
          </Link>
        </Card>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {keys.map((apiKey) => (
            <li key={apiKey.id}>
              <KeyCard apiKey={apiKey} />
            </li>
          ))}
        </ul>
      )}
      {olderKeys > 0 ? <p className="text-sm text-slate-600">{olderNotShown(olderKeys, "clé")}</p> : null}
      <EndpointCard endpoint={endpoint} />
      <UsageTable usage={usage} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Clés API Export | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={MSG.keysLoadError} />;
}
