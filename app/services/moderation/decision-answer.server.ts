import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { logEvent } from "~/utils/log.server";
import { successWithFlashToast } from "~/utils/toast.server";
import { MODERATION_TEXT } from "./moderation-texts";
import { decideListing, reviseDecision, type Reviewer, type ReviewableStatus, type Revision } from "./review.server";
import { reportSchema, restoreSchema, REVISION_TEXT } from "./revision-form";

/**
 * Valider / Blacklister one listing and the answer both screens give (/moderation's cards and
 * the listing's own page): the toast, and 404 / 409 / 500 for a missing, already decided or
 * failed decision, so nothing ever ends on an error page.
 */
export function answerDecision(reviewer: Reviewer, id: number | null, intent: "validate" | "blacklist", reviewable?: readonly ReviewableStatus[]) {
  try {
    const outcome = id === null ? "not-found" : decideListing(reviewer, id, intent === "validate" ? "active" : "rejected", reviewable);
    if (outcome === "not-found") return data({ ok: false, toast: { type: "error" as const, message: MODERATION_TEXT.notFound } }, { status: 404 });
    if (outcome === "already-decided") {
      return data({ ok: false, toast: { type: "info" as const, message: MODERATION_TEXT.alreadyDecided } }, { status: 409 });
    }
    return successWithFlashToast(intent === "validate" ? MODERATION_TEXT.validated : MODERATION_TEXT.blacklisted);
  } catch (error) {
    logEvent("moderation.decision_failed", { userId: reviewer.id, propertyId: id, intent, error: (error as Error).message });
    const message = intent === "validate" ? MODERATION_TEXT.validateError : MODERATION_TEXT.blacklistError;
    return data({ ok: false, toast: { type: "error" as const, message } }, { status: 500 });
  }
}

/**
 * "Signaler comme arnaque" and "Rétablir l'annonce" on a decided listing: the form's reply (400
 * with the field message), the toast, 404 / 409 / 500 like the decisions above.
 */
export async function answerRevision(reviewer: Reviewer, id: number | null, formData: FormData) {
  const schema = formData.get("intent") === "report" ? reportSchema : restoreSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? REVISION_TEXT.reasonRequired;
    return data({ ok: false, toast: { type: "error" as const, message }, result: submission.reply() }, { status: 400 });
  }
  const { intent } = submission.value;
  try {
    const revision: Revision =
      submission.value.intent === "report"
        ? { kind: "report", reason: submission.value.reason }
        : { kind: "restore", reason: submission.value.reason || null };
    const outcome = id === null ? "not-found" : reviseDecision(reviewer, id, revision);
    if (outcome === "not-found") return data({ ok: false, toast: { type: "error" as const, message: MODERATION_TEXT.notFound } }, { status: 404 });
    if (outcome === "not-revisable") {
      return data({ ok: false, toast: { type: "info" as const, message: REVISION_TEXT.notRevisable } }, { status: 409 });
    }
    return successWithFlashToast(intent === "report" ? REVISION_TEXT.reported : REVISION_TEXT.restored);
  } catch (error) {
    logEvent("moderation.revision_failed", { userId: reviewer.id, propertyId: id, intent, error: (error as Error).message });
    const message = intent === "report" ? REVISION_TEXT.reportError : REVISION_TEXT.restoreError;
    return data({ ok: false, toast: { type: "error" as const, message } }, { status: 500 });
  }
}
