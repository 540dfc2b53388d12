import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link } from "@remix-run/react";
import type { ImportJobView } from "~/services/imports/import-job-view";
import { useJobStartFetcher, type JobStartAnswer } from "./job-start-fetcher";
import { buttonClasses } from "./ui/button";

export type SyncableConnection = {
  id: string;
  name: string;
  platformType: string;
  status: "active" | "inactive" | "error";
};

type SyncStartAnswer = JobStartAnswer & { connectionId?: string };

/**
 * Sync from one of the user's active import connections; with none, a link to the page where
 * they are created (DECISIONS.md item 5).
 */
export function ConnectionSyncMenu({
  connections,
  onStarted,
  disabled,
}: {
  connections: SyncableConnection[];
  onStarted: (job: ImportJobView, name: string) => void;
  disabled?: boolean;
}) {
  const fetcher = useJobStartFetcher<SyncStartAnswer>((job, answer) =>
    onStarted(job, connections.find((c) => c.id === answer.connectionId)?.name ?? ""),
  );

  if (connections.length === 0) {
    return (
      <Link
        to="/api-connections"
        className={buttonClasses("secondary")}
        title="Aucune connexion d'import active : créez-en une sur la page Connexions API"
      >
        Configurer une connexion
      </Link>
    );
  }
  const busy = fetcher.state !== "idle" || disabled;
  return (
    <Menu as="div" className="relative">
      <MenuButton className={buttonClasses("secondary")} disabled={busy}>
        {fetcher.state !== "idle" ? "Démarrage..." : "Synchroniser une connexion"}
        <span aria-hidden="true">▾</span>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 mt-1 w-72 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {connections.map((connection) => (
          <MenuItem key={connection.id}>
            <button
              type="button"
              className="block w-full rounded px-3 py-2 text-left text-sm data-[focus]:bg-slate-100"
              onClick={() =>
                fetcher.submit(
                  { intent: "sync", connectionId: connection.id },
                  { method: "post", action: "/resources/connection-sync" },
                )
              }
            >
              <span className="block font-medium text-slate-900">{connection.name}</span>
              <span className="block text-xs text-slate-600">
                {connection.platformType}
                {connection.status === "error" ? (
                  <span className="ml-1 font-medium text-red-700">
                    · Erreur lors de la dernière synchro
                  </span>
                ) : null}
              </span>
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
