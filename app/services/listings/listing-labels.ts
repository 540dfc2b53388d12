/**
 * French labels of listing statuses, transactions and sources (SPEC.md sections 2 and 4).
 * Plain module: shared by loaders and components.
 */
import type { ListingStatus } from "#db/schema";

export const STATUS_LABELS: Record<ListingStatus, string> = {
  pending: "⏳ En attente IA",
  suspicious: "⚠️ Suspectes",
  active: "✅ Actives",
  rejected: "🚫 Blacklistées",
};

/** One listing's status, on its card and its detail page. */
export const STATUS_BADGES: Record<ListingStatus, { label: string; tone: "amber" | "red" | "emerald" | "slate" }> = {
  pending: { label: "En attente IA", tone: "slate" },
  suspicious: { label: "Suspecte", tone: "amber" },
  active: { label: "Active", tone: "emerald" },
  rejected: { label: "Blacklistée", tone: "red" },
};

/** Order of the status filter and of the count badges; 'all' comes last ('Toutes'). */
export const STATUS_ORDER: ListingStatus[] = ["pending", "suspicious", "active", "rejected"];

export const TRANSACTION_LABELS = { sale: "Vente", rental: "Location" } as const;

export type TransactionType = keyof typeof TRANSACTION_LABELS;

/** Human name of `properties.source_platform` ('connexion:<id>' for a user's API connection). */
export function sourcePlatformLabel(platform: string): string {
  if (platform === "moteurimmo") return "MoteurImmo";
  if (platform === "fichier") return "Import de fichier";
  if (platform === "demo") return "Démonstration";
  if (platform.startsWith("connexion")) return "Connexion API";
  return platform;
}
