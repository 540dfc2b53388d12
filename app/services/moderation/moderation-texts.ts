import { formatCount, formatNumber } from "~/utils/format";
import { FLAG_REASON_SEPARATOR } from "./types";

/**
 * French texts of moderation runs (SPEC.md section 8), shared by the jobs, the panel and the
 * /moderation screen. Plain module: the client bundle imports it too.
 */
export const MODERATION_TEXT = {
  nothingToModerate: "Aucune annonce à modérer",
  nothingToReanalyze: "Aucune annonce suspecte sans analyse IA",
  errorPrefix: "Erreur lors de la modération: ",
  busy: "Une modération est déjà en cours pour votre compte. Attendez sa fin ou arrêtez-la.",
  stopError: "Erreur lors de l'arrêt",
  noDuplicates: "Aucun doublon détecté !",
  resetDone: "Réinitialisation complète effectuée !",
  resetError: "Erreur lors de la réinitialisation",
  validated: "Annonce validée",
  blacklisted: "Annonce blacklistée",
  validateError: "Erreur lors de la validation",
  blacklistError: "Erreur lors du rejet",
  bulkError: "Erreur lors du traitement en masse",
  nothingToProcess: "Aucune annonce à traiter",
  notFound: "Annonce introuvable",
  alreadyDecided: "Cette annonce n'est plus suspecte : elle a déjà été traitée.",
} as const;

export function completedMessage(moderated: number, flagged: number): string {
  return flagged > 0
    ? `✓ ${formatCount(moderated, "annonce analysée", "annonces analysées")} - ${formatNumber(flagged)} suspecte(s) détectée(s)`
    : `✓ ${formatCount(moderated, "annonce analysée", "annonces analysées")} - Aucune arnaque détectée`;
}

export function capMessage(cap: number): string {
  return `⚠️ Limite de ${formatNumber(cap)} lots atteinte. Relancez pour continuer.`;
}

export function stoppedMessage(moderated: number): string {
  return `Analyse arrêtée : ${formatCount(moderated, "annonce traitée", "annonces traitées")}`;
}

export function duplicatesFoundMessage(count: number): string {
  return `${formatNumber(count)} doublon(s) détecté(s). Suppression...`;
}

export function duplicatesDeletedMessage(count: number): string {
  return `${formatNumber(count)} doublon(s) supprimé(s) !`;
}

export function bulkMessage(decision: "active" | "rejected", count: number): string {
  return decision === "active" ? formatCount(count, "annonce validée", "annonces validées") : formatCount(count, "annonce blacklistée", "annonces blacklistées");
}

/** The /moderation filter (SPEC.md section 2): all, analysed, not analysed. */
export const REVIEW_FILTERS = [
  { value: "all", label: "Toutes" },
  { value: "with", label: "Avec note IA" },
  { value: "without", label: "Sans note IA" },
] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]["value"];
export const REVIEW_FILTER_VALUES = REVIEW_FILTERS.map((filter) => filter.value) as [ReviewFilter, ...ReviewFilter[]];

/** The evidence stored in `ai_flag_reason`, one item each. */
export function splitFlagReason(reason: string | null): string[] {
  return (reason ?? "")
    .split(FLAG_REASON_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
