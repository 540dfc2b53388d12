import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { ConnectionView } from "~/services/connections/connections.server";
import { WEBHOOK_MESSAGES } from "~/services/connections/webhook-texts";
import type { Toast } from "~/utils/toast";
import { ConfirmDialog } from "../moderation/confirm-dialog";
import { showToast, useToast } from "../toasts";
import { Button } from "../ui/button";

type RotateAnswer =
  | { ok: true; connectionId: string; signingSecret: string; toast: Toast }
  | { ok: false; toast: Toast };

/**
 * A new signing secret, shown this once (issue 24 item 6): the server keeps it only encrypted
 * and never shows it again; the agency copies it into its receiver.
 */
export function SecretOnce({ secret }: { secret: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p>{WEBHOOK_MESSAGES.secretOnce}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          aria-label="Secret de signature"
          className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900"
        >
          {secret}
        </code>
        <Button size="sm" variant="secondary" onClick={() => void copy(secret)}>
          Copier le secret
        </Button>
      </div>
    </div>
  );
}

/** An export connection's webhook signing secret on its card: masked, with "Régénérer le secret". */
export function SigningSecret({ connection }: { connection: ConnectionView }) {
  const rotate = useFetcher<RotateAnswer>();
  const [confirming, setConfirming] = useState(false);
  useToast(rotate.data?.toast);
  const fresh = rotate.data?.ok ? rotate.data.signingSecret : null;
  const hasSecret = connection.signing === "secret";
  return (
    <div className="space-y-2">
      {fresh ? (
        <SecretOnce secret={fresh} />
      ) : hasSecret ? (
        <code className="block break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800">
          whsec_••••••••••••••••••••••••
        </code>
      ) : (
        <p className="text-sm text-slate-600">
          {connection.signing === "legacy"
            ? WEBHOOK_MESSAGES.legacyKey
            : "Aucun secret de signature"}
        </p>
      )}
      <Button
        size="sm"
        variant="secondary"
        disabled={rotate.state !== "idle"}
        onClick={() => (hasSecret ? setConfirming(true) : submit())}
      >
        {hasSecret ? "Régénérer le secret" : "Générer un secret"}
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Régénérer le secret de signature ?"
        description="Les prochains webhooks seront signés avec le nouveau secret seulement : mettez-le aussitôt dans votre récepteur."
        confirmLabel="Régénérer"
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      />
    </div>
  );

  function submit() {
    rotate.submit(
      { intent: "rotate-secret", connectionId: connection.id },
      { method: "post", action: "/api-connections" },
    );
  }
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ type: "success", message: "Secret copié" });
  } catch {
    showToast({ type: "error", message: "Impossible de copier le secret : copiez-le à la main" });
  }
}
