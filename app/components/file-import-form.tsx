import { useId, useRef, useState } from "react";
import {
  FILE_IMPORT_ACCEPT,
  FILE_IMPORT_MAX_BYTES,
  FILE_IMPORT_MESSAGES,
} from "~/services/file-import/limits";
import type { ImportJobView } from "~/services/imports/import-job-view";
import { FileImportColumns } from "./file-import-columns";
import { useJobStartFetcher } from "./job-start-fetcher";
import { Button } from "./ui/button";
import { inputClasses } from "./ui/field";

/**
 * Upload of a CSV or JSON listing file. The size is checked here for a quick answer, and again
 * by the server while the upload streams in (the one that counts).
 */
export function FileImportForm({
  onStarted,
  disabled,
}: {
  onStarted: (job: ImportJobView) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);
  const fetcher = useJobStartFetcher((job) => {
    form.current?.reset();
    onStarted(job);
  });

  // A refused file is explained in the dialog, next to the field, until another file is chosen
  // (issue 24 item 8): the toast alone faded before it could be read.
  const [clientError, setClientError] = useState<string | null>(null);
  const answered = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.toast?.message ?? null) : null;
  const [dismissed, setDismissed] = useState<unknown>(null);
  const error = clientError ?? (answered && dismissed !== fetcher.data ? answered : null);

  const sending = fetcher.state !== "idle";
  return (
    <div className="space-y-4">
      <fetcher.Form
        ref={form}
        method="post"
        action="/resources/file-import"
        encType="multipart/form-data"
        className="space-y-3"
        onSubmit={(event) => {
          const file = (event.currentTarget.elements.namedItem("file") as HTMLInputElement | null)
            ?.files?.[0];
          const refused = !file
            ? "Veuillez choisir un fichier CSV ou JSON"
            : file.size === 0
              ? FILE_IMPORT_MESSAGES.empty
              : file.size > FILE_IMPORT_MAX_BYTES
                ? FILE_IMPORT_MESSAGES.tooLarge
                : null;
          setClientError(refused);
          if (refused) event.preventDefault();
        }}
      >
        <div>
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Fichier d&apos;annonces (CSV ou JSON)
          </label>
          <input
            id={inputId}
            name="file"
            type="file"
            accept={FILE_IMPORT_ACCEPT}
            required
            aria-describedby={error ? `${inputId}-error ${inputId}-hint` : `${inputId}-hint`}
            aria-invalid={error ? true : undefined}
            onChange={() => {
              setClientError(null);
              setDismissed(fetcher.data);
            }}
            className={`${inputClasses} mt-1`}
          />
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
            10 Mo et 20 000 annonces au maximum. Réimporter le même fichier met à jour les annonces
            sans créer de doublon ; les colonnes absentes du fichier ne modifient rien.
          </p>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${inputId}-clear`}
            name="clearEmptyCells"
            type="checkbox"
            aria-describedby={`${inputId}-clear-hint`}
            className="mt-1"
          />
          <div>
            <label htmlFor={`${inputId}-clear`} className="text-sm text-slate-800">
              Effacer les valeurs des cellules vides
            </label>
            <p id={`${inputId}-clear-hint`} className="text-xs text-slate-600">
              Sans cette option, une cellule vide laisse la valeur déjà enregistrée.
            </p>
          </div>
        </div>
        <Button type="submit" disabled={sending || disabled}>
          {sending ? "Envoi..." : "Importer le fichier"}
        </Button>
      </fetcher.Form>
      <FileImportColumns />
    </div>
  );
}
