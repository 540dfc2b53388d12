import { Dialog as HeadlessDialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import type { ReactNode } from "react";

/** A modal dialog: focus trapped, Escape closes, title and description announced. */
export function Dialog({ open, onClose, title, description, children }: { open: boolean; onClose: () => void; title: ReactNode; description?: ReactNode; children: ReactNode }) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto"><div className="flex min-h-full items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description ? <Description className="mt-2 text-sm text-slate-600">{description}</Description> : null}
          <div className="mt-4">{children}</div>
        </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
