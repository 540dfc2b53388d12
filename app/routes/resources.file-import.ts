import type { ActionFunctionArgs } from "@remix-run/node";
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { FILE_UPLOADS, FORM_LIMITS } from "~/config";
import { REQUEST_MSG } from "~/messages";
import { FILE_IMPORT_MAX_BYTES, FILE_IMPORT_MESSAGES } from "~/services/file-import/limits";
import { startFileImport } from "~/services/imports/file-import-source.server";
import { importJobKind } from "~/services/imports/import-jobs.server";
import { assertNoOpenJob, cancelJob, JobBusyError } from "~/services/jobs/engine.server";
import { takeUploadSlot } from "~/services/imports/upload-slots.server";
import { toImportJobView } from "~/services/imports/import-job-view";
import { requireUser } from "~/utils/permissions.server";
import { resourceAnswer } from "~/utils/resource-answer.server";
import { readForm } from "~/utils/form-data.server";

/**
 * File import of /properties (every user): POST multipart with `file`, answered with the job to
 * follow; `intent=cancel` + `jobId` is the progress card's Stop. The upload is counted while it
 * streams in and refused past 10 MB, so no request can make the server buffer more than that.
 * `clearEmptyCells` (a checkbox) makes the empty cells of a re-imported file erase stored values.
 */

const MESSAGES = {
  noFile: "Veuillez choisir un fichier CSV ou JSON",
  unreadable: "Envoi du fichier illisible : réessayez depuis le formulaire d'import",
  cancelled: "Arrêt demandé",
  notCancellable: "Cet import est déjà terminé",
} as const;

/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

class UploadTooLargeError extends Error {}
class TooManyFieldsError extends Error {}

/** The request body, erroring as soon as more than `max` bytes have arrived. */
function countedBody(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        controller.error(new UploadTooLargeError());
        return;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** `emptyFile`: a file was chosen but holds no byte (it gets its own message, issue 24 item 8). */
type Upload = { fields: Map<string, string>; file: { name: string; bytes: Uint8Array } | null; emptyFile: boolean };

async function readUpload(request: Request): Promise<Upload> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > FILE_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD)
    throw new UploadTooLargeError();
  if (!request.body) throw new TypeError("no body");
  const limited = new Request(request.url, {
    method: "POST",
    headers: request.headers,
    body: countedBody(request.body, FILE_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD),
    // Node's fetch needs duplex for a streamed request body.
    duplex: "half",
  });
  const upload: Upload = { fields: new Map(), file: null, emptyFile: false };
  let parts = 0;
  await unstable_parseMultipartFormData(limited, async ({ name, filename, data }) => {
    if (++parts > FORM_LIMITS.maxFields) throw new TooManyFieldsError();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const isFile = name === "file" && typeof filename === "string" && upload.file === null;
    const cap = isFile ? FILE_IMPORT_MAX_BYTES : 2_000;
    for await (const chunk of data) {
      // A fast client fills the socket buffer and the multipart parser would then scan the whole
      // upload in one go (~0.5 s for 10 MB): a turn of the event loop per chunk keeps requests flowing.
      await new Promise((resolve) => setImmediate(resolve));
      size += chunk.byteLength;
      if (size > cap) {
        if (isFile) throw new UploadTooLargeError();
        continue; // an oversized text field is ignored, its bytes still count against the body cap
      }
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    if (isFile) {
      if (filename && bytes.length > 0) upload.file = { name: filename, bytes };
      else if (filename) upload.emptyFile = true;
    } else if (size <= cap) {
      upload.fields.set(name, bytes.toString("utf8"));
    }
    return undefined;
  });
  return upload;
}

/** Where a form posted without JavaScript goes back to, with the answer's toast. */
const FORM_PAGE = "/properties";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    // The Stop of the progress card posts a plain form.
    const form = await readForm(request);
    if (form.get("intent") !== "cancel")
      return resourceAnswer(
        request,
        { ok: false, toast: { type: "error", message: MESSAGES.unreadable } },
        { status: 400, redirectTo: FORM_PAGE },
      );
    const cancelled = cancelJob(importJobKind, user.id, String(form.get("jobId") ?? ""));
    return resourceAnswer(
      request,
      {
        ok: cancelled,
        toast: cancelled
          ? { type: "info", message: MESSAGES.cancelled }
          : { type: "error", message: MESSAGES.notCancellable },
      },
      { status: cancelled ? 200 : 400, redirectTo: FORM_PAGE },
    );
  }

  // Before a byte of the file is read: one upload at a time per account and FILE_UPLOADS.total in
  // all, and none while an import of the account runs.
  const slot = takeUploadSlot(user.id);
  if (!slot.ok)
    return resourceAnswer(
      request,
      { ok: false, toast: { type: "error", message: slot.error } },
      { status: 429, headers: { "Retry-After": String(FILE_UPLOADS.retryAfterSeconds) }, redirectTo: FORM_PAGE },
    );
  try {
    assertNoOpenJob(importJobKind, user.id);
    return await importUpload(request, user.id);
  } catch (error) {
    if (error instanceof JobBusyError)
      return resourceAnswer(
        request,
        { ok: false, toast: { type: "error", message: error.message } },
        { status: 409, redirectTo: FORM_PAGE },
      );
    throw error;
  } finally {
    slot.release();
  }
}

/** Reads the upload and starts its import (JobBusyError when another import started meanwhile). */
async function importUpload(request: Request, userId: string): Promise<Response> {
  let upload: Upload;
  try {
    upload = await readUpload(request);
  } catch (error) {
    const tooLarge = error instanceof UploadTooLargeError;
    const message = tooLarge
      ? FILE_IMPORT_MESSAGES.tooLarge
      : error instanceof TooManyFieldsError
        ? REQUEST_MSG.tooManyFields
        : MESSAGES.unreadable;
    return resourceAnswer(
      request,
      { ok: false, toast: { type: "error", message } },
      { status: tooLarge ? 413 : 400, redirectTo: FORM_PAGE },
    );
  }
  if (!upload.file)
    return resourceAnswer(
      request,
      { ok: false, toast: { type: "error", message: upload.emptyFile ? FILE_IMPORT_MESSAGES.empty : MESSAGES.noFile } },
      { status: 400, redirectTo: FORM_PAGE },
    );

  // A checkbox: present ('on') only when ticked.
  const clearEmptyCells = upload.fields.has("clearEmptyCells");
  const started = await startFileImport(userId, upload.file.name, upload.file.bytes, { clearEmptyCells });
  if (!started.ok)
    return resourceAnswer(
      request,
      { ok: false, toast: { type: "error", message: started.error } },
      { status: 400, redirectTo: FORM_PAGE },
    );
  const rows = started.rows;
  const ignored =
    started.ignoredColumns.length > 0
      ? ` Colonnes ignorées : ${started.ignoredColumns.slice(0, 5).join(", ")}.`
      : "";
  return resourceAnswer(
    request,
    {
      ok: true,
      job: toImportJobView(started.job),
      toast: {
        type: "info",
        message: `Import de ${rows} ligne${rows > 1 ? "s" : ""} démarré.${ignored}`,
      },
    },
    { redirectTo: FORM_PAGE },
  );
}
