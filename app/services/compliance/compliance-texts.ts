import type { ComplianceStatus } from "#db/schema";

/** French texts of the compliance screens and job (card, filter, badge, counts, /admin). Client-safe. */
/** The statuses in the order the screens list them (the same values as COMPLIANCE_STATUSES in db/schema.ts). */
export const COMPLIANCE_ORDER = ["conforme", "a_completer", "non_conforme"] as const satisfies readonly ComplianceStatus[];

export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  conforme: "Conforme",
  a_completer: "À compléter",
  non_conforme: "Non conforme",
};

export const COMPLIANCE_TONES: Record<ComplianceStatus, "emerald" | "amber" | "red"> = {
  conforme: "emerald",
  a_completer: "amber",
  non_conforme: "red",
};

export const NOT_CHECKED_LABEL = "Non vérifiée";

export const COMPLIANCE_TEXT = {
  busy: "Une vérification de conformité est déjà en cours.",
  recheck: "Revérifier la conformité",
  started: "Vérification de conformité lancée.",
  stopped: (checked: number) => `Vérification de conformité arrêtée : ${checked} annonce${checked > 1 ? "s" : ""} vérifiée${checked > 1 ? "s" : ""}.`,
  completed: (checked: number, changed: number) =>
    `Conformité vérifiée : ${checked} annonce${checked > 1 ? "s" : ""}, ${changed} verdict${changed > 1 ? "s" : ""} modifié${changed > 1 ? "s" : ""}.`,
  errorPrefix: "Erreur lors de la vérification de conformité : ",
} as const;
