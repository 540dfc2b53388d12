import { Link, useRevalidator } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useOpenOnArrival } from "./use-open-on-arrival";
import { IMPORT_STATUS_LABELS, type ImportJobView } from "~/services/imports/import-job-view";
import { isOpenJob } from "~/services/jobs/job-view";
import { ConnectionSyncMenu, type SyncableConnection } from "./connection-sync-menu";
import { FileImportForm } from "./file-import-form";
import { ImportJobProgress } from "./import-job-progress";
import { useJob } from "./jobs/use-job";
import { Button, buttonClasses } from "./ui/button";
import { Dialog } from "./ui/dialog";

/** What the /properties loader gives the controls (see loadImportControls). */
export type ImportControlsData = {
  connections: SyncableConnection[];
  isAdmin: boolean;
  /** The user's file import or connection sync still running when the page loaded. */
  runningJob: ImportJobView | null;
};

type Followed = { job: ImportJobView; kind: "file" | "sync"; title: string };

const CANCEL_ACTION = {
  file: "/resources/file-import",
  sync: "/resources/connection-sync",
} as const;

/**
 * The three import controls of /properties (DECISIONS.md item 5): file import, sync from a
 * connection, and for administrators the link to /moteurimmo-sync. A started job is followed in
 * a dialog; closed, it keeps being followed by a small button so its end still refreshes the list.
 */
export function ImportControls({ data }: { data: ImportControlsData }) {
  const revalidator = useRevalidator();
  const [followed, setFollowed] = useState<Followed | null>(() =>
    data.runningJob
      ? {
          job: data.runningJob,
          kind: data.runningJob.source === "fichier" ? "file" : "sync",
          title: titleOf(data.runningJob.source === "fichier" ? "file" : "sync"),
        }
      : null,
  );
  const [dialog, setDialog] = useState<"file" | "job" | null>(null);
  useOpenOnArrival("fichier", () => setDialog("file"));
  const running = followed !== null && isOpenJob(followed.job);

  const onFinished = (job: ImportJobView) => {
    setFollowed((current) =>
      current && current.job.id === job.id ? { ...current, job } : current,
    );
    revalidator.revalidate();
  };
  const follow = (job: ImportJobView, kind: "file" | "sync", name = "") => {
    setFollowed({ job, kind, title: titleOf(kind, name) });
    setDialog("job");
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setDialog("file")}>
        Importer un fichier
      </Button>
      <ConnectionSyncMenu
        connections={data.connections}
        onStarted={(job, name) => follow(job, "sync", name)}
        disabled={running}
      />
      {data.isAdmin ? (
        <Link to="/moteurimmo-sync" className={buttonClasses("secondary")}>
          Import d&apos;annonce
        </Link>
      ) : null}
      {running && dialog !== "job" ? (
        <RunningJobButton
          followed={followed}
          onOpen={() => setDialog("job")}
          onFinished={onFinished}
        />
      ) : null}

      <ImportDialog
        open={dialog === "file"}
        onClose={() => setDialog(null)}
        title="Importer un fichier d'annonces"
        description="Les annonces valides sont ajoutées (ou mises à jour) avec le statut En attente IA ; les lignes invalides sont listées avec leur numéro."
        maxHeight="max-h-[65vh]"
      >
        <FileImportForm onStarted={(job) => follow(job, "file")} disabled={running} />
      </ImportDialog>

      <ImportDialog
        open={dialog === "job" && followed !== null}
        onClose={() => setDialog(null)}
        title={followed?.title ?? ""}
        maxHeight="max-h-[70vh]"
      >
        {followed ? (
          <ImportJobProgress
            key={followed.job.id}
            jobId={followed.job.id}
            initialJob={followed.job}
            cancelAction={CANCEL_ACTION[followed.kind]}
            title={
              followed.kind === "file"
                ? "Progression de l'import"
                : "Progression de la synchronisation"
            }
            onFinished={onFinished}
          />
        ) : null}
      </ImportDialog>
    </>
  );
}

function titleOf(kind: "file" | "sync", name = "") {
  if (kind === "file") return "Import de fichier";
  return name ? `Synchronisation de « ${name} »` : "Synchronisation d'une connexion";
}

/** A dialog of the import controls: its content scrolls within `maxHeight`, a close button below. */
function ImportDialog({
  open,
  onClose,
  title,
  description,
  maxHeight,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  /** A whole Tailwind class, so that the stylesheet has it. */
  maxHeight: "max-h-[65vh]" | "max-h-[70vh]";
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className={`-mx-1 ${maxHeight} overflow-y-auto px-1`}>{children}</div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      </div>
    </Dialog>
  );
}

/** Keeps following a job whose dialog was closed (one poller at a time) and reopens it. */
function RunningJobButton({
  followed,
  onOpen,
  onFinished,
}: {
  followed: Followed;
  onOpen: () => void;
  onFinished: (job: ImportJobView) => void;
}) {
  const { job } = useJob(followed.job.id, { initialJob: followed.job, onFinished });
  const current = job ?? followed.job;
  const progress = current.totalPages > 0 ? ` ${current.currentPage}/${current.totalPages}` : "";
  return (
    <Button variant="ghost" onClick={onOpen} aria-live="polite">
      {IMPORT_STATUS_LABELS[current.status]}
      {progress}
    </Button>
  );
}
