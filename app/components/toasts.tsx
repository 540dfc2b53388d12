import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";
import type { Toast } from "~/utils/toast";


export function showToast({ type, message }: Toast) {
  if (type === "success") toast.success(message, { id: message });
  else if (type === "error") toast.error(message, { id: message });
  else toast(message, { id: message, icon: type === "warning" ? "⚠️" : "ℹ️" });
}

/** Shows a toast once for each new toast object (flash cookie, action or fetcher answer). */
export function useToast(message: Toast | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}

export function AppToaster() {
  return <Toaster position="top-right" toastOptions={{ duration: 4000, ariaProps: { role: "status", "aria-live": "polite" } }} />;
}
