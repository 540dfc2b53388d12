import { useEffect } from "react";
import toast, { Toaster } from "react-hot-toast";

export type ToastMessage = { type: "success" | "error" | "info" | "warning"; message: string };

export function showToast({ type, message }: ToastMessage) {
  if (type === "success") toast.success(message, { id: message });
  else if (type === "error") toast.error(message, { id: message });
  else toast(message, { id: message, icon: type === "warning" ? "⚠️" : "ℹ️" });
}

/** Shows a toast once for each new toast object (flash cookie, action or fetcher answer). */
export function useToast(message: ToastMessage | null | undefined) {
  useEffect(() => {
    if (message) showToast(message);
  }, [message]);
}

export function AppToaster() {
  return <Toaster position="top-right" toastOptions={{ duration: 4000, ariaProps: { role: "status", "aria-live": "polite" } }} />;
}
