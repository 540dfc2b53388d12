import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import type { Toast } from "~/utils/toast";
import { Icon } from "./ui/icons";

/** True when the page already shows this text next to a field (the fields' role="alert" messages). */
function shownInline(message: string) {
  return Array.from(document.querySelectorAll('[role="alert"]')).some((element) => element.textContent?.trim() === message);
}

export function showToast({ type, message }: Toast) {
  if (type === "success") toast.success(message, { id: message });
  else if (type === "error") {
    // An error is shown once: a form's answer also renders it beside its field, and that copy
    // (which stays, and works without JavaScript) wins. The check waits a frame for the form
    // to render its errors.
    requestAnimationFrame(() => {
      if (!shownInline(message)) toast.error(message, { id: message });
    });
  } else {
    const icon = type === "warning" ? <Icon name="warning" className="h-5 w-5 shrink-0 text-amber-600" /> : <Icon name="info" className="h-5 w-5 shrink-0 text-brand-600" />;
    toast(message, { id: message, icon });
  }
}

/** Shows a toast once for each new toast object (flash cookie, action or fetcher answer). */
export function useToast(message: Toast | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}

/**
 * Bottom right: the top right corner holds the navigation's 'Déconnexion' button, which a toast
 * must never cover.
 */
export function AppToaster() {
  return <Toaster position="bottom-right" containerClassName="app-toaster" toastOptions={{ duration: 4000, ariaProps: { role: "status", "aria-live": "polite" } }} />;
}
