import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { MASKED_KEY } from "~/config";
import { CONNECTION_MESSAGES } from "~/services/connections/connection-form";
import { showToast, useToast } from "../toasts";
import { Button } from "../ui/button";
import type { Toast } from "~/utils/toast";

type RevealAnswer =
  { ok: true; connectionId: string; key: string } | { ok: false; toast: Toast };

/**
 * A connection's key, masked (32 bullets) until the owner asks: the clear key is fetched from
 * the action (owner only) when first shown or copied, never sent with the page.
 */
export function ConnectionKey({ connectionId, hasKey }: { connectionId: string; hasKey: boolean }) {
  const reveal = useFetcher<RevealAnswer>();
  const [shown, setShown] = useState(false);
  const pendingCopy = useRef(false);
  const clearKey = reveal.data?.ok ? reveal.data.key : null;
  useToast(reveal.data && !reveal.data.ok ? reveal.data.toast : null);

  useEffect(() => {
    if (!clearKey || !pendingCopy.current) return;
    pendingCopy.current = false;
    void copy(clearKey);
  }, [clearKey]);

  if (!hasKey) return <p className="text-sm text-slate-600">Aucune clé</p>;

  const fetchKey = () =>
    reveal.submit(
      { intent: "reveal", connectionId },
      { method: "post", action: "/api-connections" },
    );
  const toggle = () => {
    if (!shown && !clearKey) fetchKey();
    setShown(!shown);
  };
  const onCopy = () => {
    if (clearKey) return void copy(clearKey);
    pendingCopy.current = true;
    fetchKey();
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <code
        className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800"
        aria-label="Clé API"
      >
        {shown && clearKey ? clearKey : MASKED_KEY}
      </code>
      <Button
        variant="ghost"
        size="sm"
        onClick={toggle}
        aria-pressed={shown}
        aria-label={shown ? "Masquer la clé" : "Afficher la clé"}
      >
        {shown ? "Masquer" : "Afficher"}
      </Button>
      <Button variant="ghost" size="sm" onClick={onCopy} aria-label="Copier la clé">
        Copier
      </Button>
    </div>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    showToast({ type: "success", message: CONNECTION_MESSAGES.copied });
  } catch {
    showToast({ type: "error", message: "Impossible de copier la clé : copiez-la à la main" });
  }
}
