import { useId, useRef, useState } from "react";
import { MASKED_KEY } from "~/config";
import { MSG } from "~/messages";
import { copyText } from "./clipboard";
import { showToast } from "./toasts";
import { Button } from "./ui/button";
import { inputClasses } from "./ui/field";

async function fetchClearKey(keyId: string): Promise<string> {
  const response = await fetch(`/resources/export-keys/${encodeURIComponent(keyId)}/reveal`, {
    method: "POST",
    headers: { Accept: "application/json" },
  });
  const body = (await response.json().catch(() => null)) as { ok?: boolean; apiKey?: string; error?: string } | null;
  if (!response.ok || !body?.apiKey) throw new Error(body?.error ?? MSG.keysLoadError);
  return body.apiKey;
}

/** The key in a password field, with show/hide and copy; the clear key is fetched on demand. */
export function ExportKeyField({ keyId }: { keyId: string }) {
  const id = useId();
  const [clear, setClear] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const pending = useRef<Promise<string> | null>(null);

  const load = () => {
    if (clear) return Promise.resolve(clear);
    pending.current ??= fetchClearKey(keyId)
      .then((value) => {
        setClear(value);
        return value;
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  };

  const toggle = async () => {
    if (visible) return setVisible(false);
    try {
      await load();
      setVisible(true);
    } catch (error) {
      showToast({ type: "error", message: (error as Error).message });
    }
  };

  const copy = async () => {
    try {
      await copyText(clear ?? load());
      showToast({ type: "success", message: "Clé API copiée" });
    } catch (error) {
      showToast({ type: "error", message: error instanceof DOMException ? "Impossible de copier : autorisez l'accès au presse-papiers" : (error as Error).message });
    }
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Clé API
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type={visible ? "text" : "password"}
          readOnly
          value={clear ?? MASKED_KEY}
          className={`${inputClasses} font-mono`}
          autoComplete="off"
          spellCheck={false}
        />
        <Button variant="secondary" size="sm" onClick={toggle} aria-label={visible ? "Masquer la clé" : "Afficher la clé"}>
          {visible ? "Masquer" : "Afficher"}
        </Button>
        <Button variant="secondary" size="sm" onClick={copy} aria-label="Copier la clé">
          Copier
        </Button>
      </div>
    </div>
  );
}
