import { data } from "@remix-run/node";
import { logEvent } from "~/utils/log.server";
import { successWithFlashToast } from "~/utils/toast.server";
import { MODERATION_TEXT } from "./moderation-texts";
import { decideListing, type Reviewer, type ReviewableStatus } from "./review.server";

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
