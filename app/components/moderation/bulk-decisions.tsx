import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ReviewFilter } from "~/services/moderation/moderation-texts";
import { formatNumber } from "~/utils/format";
import type { ToastAnswer } from "~/utils/toast";
import { useToast } from "../toasts";
import { Button } from "../ui/button";
import { ConfirmDialog } from "./confirm-dialog";

type Intent = "validate-all" | "blacklist-all";

/**
 * 'Tout valider' / 'Tout blacklister' on the displayed listings. The page sends their ids with the
 * search and filter; the server keeps only the user's suspicious listings that still match both.
 */
export function BulkDecisions({ q, filter, ids, total }: { q: string; filter: ReviewFilter; ids: number[]; total: number }) {
  const fetcher = useFetcher<ToastAnswer>();
  const [confirm, setConfirm] = useState<Intent | null>(null);
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";

  const send = (intent: Intent) => {
    const form = new FormData();
    form.set("intent", intent);
    form.set("q", q);
    form.set("filter", filter);
    for (const id of ids) form.append("ids", String(id));
    fetcher.submit(form, { method: "post" });
  };

  // Nothing displayed: the server answers 'Aucune annonce à traiter', no need to confirm.
  const ask = (intent: Intent) => (ids.length === 0 ? send(intent) : setConfirm(intent));

  const shown = `${formatNumber(ids.length)} annonce${ids.length > 1 ? "s" : ""} affichée${ids.length > 1 ? "s" : ""} sur ${formatNumber(total)}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">{shown}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="success" onClick={() => ask("validate-all")} disabled={busy}>
          Tout valider
        </Button>
        <Button variant="danger" onClick={() => ask("blacklist-all")} disabled={busy}>
          Tout blacklister
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm === "blacklist-all" ? "Blacklister les annonces affichées ?" : "Valider les annonces affichées ?"}
        description={
          confirm === "blacklist-all"
            ? `Les ${formatNumber(ids.length)} annonces affichées seront marquées comme arnaques confirmées.`
            : `Les ${formatNumber(ids.length)} annonces affichées deviendront actives.`
        }
        confirmLabel={confirm === "blacklist-all" ? "Blacklister" : "Valider"}
        confirmVariant={confirm === "blacklist-all" ? "danger" : "success"}
        onConfirm={() => confirm && send(confirm)}
      />
    </div>
  );
}
