import { z } from "zod";
import { ZONE_FREQUENCY_HOURS, ZONE_LIMITS } from "~/config";
import { DEFAULT_CRITERIA, ZONE_CATEGORIES, type ZoneCriteria } from "./criteria";

/**
 * The zone form of /prospection, shared by the page (conform checks before submitting) and the
 * action (which adds the checks against the commune and department lists). Client-safe.
 */
export const ZONE_TEXT = {
  created: "Zone créée",
  updated: "Zone modifiée",
  deleted: "Zone supprimée",
  notFound: "Zone introuvable",
  started: "Recherche lancée",
  createdAndStarted: "Zone créée : la recherche est lancée",
  createdBusy: "Zone créée. Un import est déjà en cours : lancez la recherche quand il sera fini.",
  nameRequired: "Donnez un nom à la zone",
  nameTooLong: `Le nom ne peut pas dépasser ${ZONE_LIMITS.nameLength} caractères`,
  placeRequired: "Choisissez au moins une commune ou un département",
  // Every unknown code at once: "69, 01, 99, abc" names both 99 and ABC (issue 24 item 11).
  unknownDepartments: (codes: string[]) => `${codes.length > 1 ? "Départements inconnus" : "Département inconnu"} : ${codes.join(", ")}`,
  unknownCommunes: (codes: string[]) => `${codes.length > 1 ? "Communes inconnues" : "Commune inconnue"} : ${codes.join(", ")}`,
  tooManyDepartments: `${ZONE_LIMITS.maxDepartments} départements au plus`,
  tooManyCommunes: `${ZONE_LIMITS.maxCommunes} communes au plus`,
  tooManyKeywords: `${ZONE_LIMITS.maxKeywords} mots-clés au plus, de ${ZONE_LIMITS.keywordLength} caractères au plus`,
  badAmount: "Entrez un nombre positif",
  minAboveMax: "Le minimum dépasse le maximum",
  tooManyZones: `Vous avez atteint le maximum de ${ZONE_LIMITS.maxZonesPerUser} zones : supprimez-en une avant d'en ajouter une autre`,
  invalidRequest: "Requête invalide",
  deleteWhileRunning: "Une recherche de cette zone est en cours : arrêtez-la avant de supprimer la zone",
} as const;

/** A commune the zone form's search offers (/resources/communes). */
export type CommuneSuggestion = { code: string; label: string };

/** What the zone form shows: a zone's values, lists as the fields write them. */
export type ZoneFormValues = Omit<ZoneCriteria, "departments" | "communes" | "keywords"> & {
  name: string;
  departments: string;
  communes: CommuneSuggestion[];
  keywords: string;
  frequency: string;
  autoModeration: boolean;
};

/** A new zone: the fixed query's transaction and categories, once a day. */
export const EMPTY_ZONE: ZoneFormValues = {
  ...DEFAULT_CRITERIA,
  name: "",
  departments: "",
  communes: [],
  keywords: "",
  frequency: "24",
  autoModeration: false,
};

export const TRANSACTION_LABELS = { rental: "Location", sale: "Vente" } as const;

export const FREQUENCY_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  ...ZONE_FREQUENCY_HOURS.map((hours) => ({ value: String(hours), label: hours === 1 ? "Toutes les heures" : `Toutes les ${hours} heures` })),
  { value: "manual", label: "Manuelle" },
];

const list = (text: string | undefined) =>
  (text ?? "")
    .split(/[,;\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);

const amount = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const number = Number(value.replace(/\s/g, "").replace(",", "."));
    if (!Number.isFinite(number) || number < 0 || number > ZONE_LIMITS.maxAmount) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: ZONE_TEXT.badAmount });
      return z.NEVER;
    }
    return number;
  });

export const zoneFormSchema = z
  .object({
    name: z
      .string({ required_error: ZONE_TEXT.nameRequired })
      .trim()
      .min(1, ZONE_TEXT.nameRequired)
      .max(ZONE_LIMITS.nameLength, ZONE_TEXT.nameTooLong),
    /** Department codes typed as "69, 01". */
    departments: z
      .string()
      .optional()
      .transform((text) => list(text).map((code) => code.toUpperCase().padStart(2, "0")))
      .pipe(z.array(z.string()).max(ZONE_LIMITS.maxDepartments, ZONE_TEXT.tooManyDepartments)),
    /** INSEE codes picked in the commune search (one hidden field each). */
    communes: z.array(z.string().trim().max(5)).max(ZONE_LIMITS.maxCommunes, ZONE_TEXT.tooManyCommunes).default([]),
    transaction: z.enum(["rental", "sale"]).default("rental"),
    categories: z.array(z.enum(ZONE_CATEGORIES)).default([]),
    priceMin: amount,
    priceMax: amount,
    surfaceMin: amount,
    surfaceMax: amount,
    keywords: z
      .string()
      .optional()
      .transform((text) => (text ?? "").split(",").map((word) => word.trim()).filter(Boolean))
      .pipe(z.array(z.string().max(ZONE_LIMITS.keywordLength, ZONE_TEXT.tooManyKeywords)).max(ZONE_LIMITS.maxKeywords, ZONE_TEXT.tooManyKeywords)),
    frequency: z.enum(["manual", ...ZONE_FREQUENCY_HOURS.map(String)] as [string, ...string[]]).default("24"),
    autoModeration: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    /** On creation: search at once (the box is ticked by default, issue 24 item 7). */
    runNow: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .superRefine((zone, ctx) => {
    if (zone.departments.length + zone.communes.length === 0) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["departments"], message: ZONE_TEXT.placeRequired });
    }
    for (const [min, max] of [["priceMin", "priceMax"], ["surfaceMin", "surfaceMax"]] as const) {
      const low = zone[min];
      const high = zone[max];
      if (low !== null && high !== null && low > high) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [min], message: ZONE_TEXT.minAboveMax });
    }
  });

export type ZoneForm = z.output<typeof zoneFormSchema>;
