import { z } from "zod";
// Adds .openapi() to zod schemas: their descriptions are what the OpenAPI document shows.
import "zod-openapi/extend";
import {
  EXPORT_API_CURSOR_MAX_LENGTH,
  EXPORT_API_CURSOR_MAX_LIMIT,
  EXPORT_API_ERRORS,
  EXPORTED_COMPLIANCE_STATUSES,
} from "./export-api-contract";

/**
 * The export API's request and answers as zod schemas (issue 27). The body reader validates
 * with exportRequestBodySchema; the answers' types are inferred from the others; the OpenAPI
 * document (export-api-openapi.server.ts) is generated from all of them, descriptions included, so the
 * description a customer's generator reads is the one the server keeps.
 */

const isoInstant = (description: string) => z.string().datetime().openapi({ description });

// Every check carries the field's one French message: the body reader answers the first issue's.
const apiKey = z
  .string({ invalid_type_error: EXPORT_API_ERRORS.apiKeyType })
  .openapi({
    description:
      "Votre clé d'export : efi_ suivi de 32 lettres et chiffres (page « Clés API Export »).",
  });
const limit = z
  .number({ invalid_type_error: EXPORT_API_ERRORS.limit })
  .int(EXPORT_API_ERRORS.limit)
  .min(1, EXPORT_API_ERRORS.limit)
  .max(Number.MAX_SAFE_INTEGER, EXPORT_API_ERRORS.limit)
  .openapi({
    description: `Nombre maximal d'annonces. Absent ou null : toutes les annonces actives (réponse envoyée au fil de l'eau). Au plus ${EXPORT_API_CURSOR_MAX_LIMIT} avec « cursor » ou « updatedSince » (c'est alors la valeur par défaut).`,
  });
const offset = z
  .number({ invalid_type_error: EXPORT_API_ERRORS.offset })
  .int(EXPORT_API_ERRORS.offset)
  .min(0, EXPORT_API_ERRORS.offset)
  .max(Number.MAX_SAFE_INTEGER, EXPORT_API_ERRORS.offset)
  .openapi({
    description:
      "Nombre d'annonces à sauter avant la première renvoyée (0 par défaut). Ni avec « cursor », ni avec « updatedSince ».",
  });
/** ISO 8601 with a time and a zone ("Z" or an offset): a bare date would be read in no one's zone. */
const updatedSince = z
  .string({ invalid_type_error: EXPORT_API_ERRORS.updatedSince })
  .max(64, EXPORT_API_ERRORS.updatedSince)
  .datetime({ offset: true, message: EXPORT_API_ERRORS.updatedSince })
  .refine((value) => Number.isFinite(Date.parse(value)), EXPORT_API_ERRORS.updatedSince)
  .openapi({
    description:
      "Flux de changements : seulement les annonces modifiées après cet instant (date et heure ISO 8601 avec fuseau), la plus ancienne modification d'abord, et dans « removed » celles qui ont quitté l'export.",
  });
const cursor = z
  .string({ invalid_type_error: EXPORT_API_ERRORS.cursor })
  .min(1, EXPORT_API_ERRORS.cursor)
  .openapi({
    description: `Reprend là où une réponse précédente s'est arrêtée : son « next_cursor » (page suivante) ou son « sync_cursor » (synchronisation suivante), tel quel (${EXPORT_API_CURSOR_MAX_LENGTH} caractères au plus). Propre à la clé qui l'a reçu.`,
  });

/**
 * The body as the server accepts it: null stands for "not given" (generated clients often send
 * absent options that way) and a missing `apiKey` is a 401, not a 400, so it is optional here.
 */
export const exportRequestBodySchema = z
  .object({
    apiKey: apiKey.nullish(),
    limit: limit.nullish(),
    offset: offset.nullish(),
    updatedSince: updatedSince.nullish(),
    cursor: cursor.nullish(),
  })
  .strict();

/** The body as a client should send it (the document's request body): the key is required. */
export const exportRequestSchema = exportRequestBodySchema
  .extend({ apiKey })
  .openapi({
    description: "Corps JSON de la requête (10 Ko au plus). Tout autre paramètre est refusé (400).",
  });

export const exportedOwnerSchema = z
  .object({
    first_name: z.string().nullable().openapi({ description: "Prénom" }),
    last_name: z.string().nullable().openapi({ description: "Nom" }),
    email: z.string().nullable().openapi({ description: "Adresse e-mail" }),
  })
  .strict()
  .openapi({ description: "Propriétaire, seulement pour les annonces du compte de la clé." });

export const complianceFindingSchema = z
  .object({
    code: z
      .string()
      .openapi({ description: "Code stable du constat (par exemple location.depot_absent)" }),
    message: z.string().openapi({ description: "Le constat, en français" }),
  })
  .strict();

export const exportedComplianceSchema = z
  .object({
    status: z
      .enum(EXPORTED_COMPLIANCE_STATUSES)
      .openapi({ description: "conforme, a_completer (mentions à ajouter) ou non_conforme" }),
    checked_at: isoInstant("Date à laquelle ce verdict a été établi"),
    findings: z
      .array(complianceFindingSchema)
      .openapi({ description: "Constats, vide pour une annonce conforme" }),
  })
  .strict()
  .openapi({
    description: "Vérification au regard des règles françaises de la publicité immobilière.",
  });

const count = (description: string) => z.number().int().nonnegative().openapi({ description });
const amount = (description: string) =>
  z.number().nonnegative().nullable().openapi({ description });
const whole = (description: string) => z.number().int().nullable().openapi({ description });
const text = (description: string) => z.string().nullable().openapi({ description });

/** One exported listing, keys in the order of the JSON (EXPORTED_LISTING_FIELDS). */
export const exportedListingSchema = z
  .object({
    id: z.number().int().positive().openapi({ description: "Identifiant Vigimmo de l'annonce" }),
    title: z.string().openapi({ description: "Titre" }),
    description: text("Description"),
    price: amount("Prix de vente ou loyer mensuel, en euros"),
    property_type: text("Type de bien (Appartement, Maison…)"),
    transaction_type: z
      .enum(["sale", "rental"])
      .openapi({ description: "sale : vente ; rental : location" }),
    address: text("Adresse"),
    city: text("Ville"),
    postal_code: text("Code postal"),
    surface_area: amount("Surface habitable, en m²"),
    rooms: whole("Nombre de pièces"),
    bedrooms: whole("Nombre de chambres"),
    bathrooms: whole("Nombre de salles de bain"),
    images: z
      .array(z.string())
      .openapi({ description: "Adresses des photos, la première en tête" }),
    features: z
      .array(z.string())
      .openapi({ description: "Équipements et atouts (Balcon, Ascenseur…)" }),
    property_charges: amount("Charges mensuelles, en euros"),
    floor: whole("Étage (0 : rez-de-chaussée)"),
    total_floors: whole("Nombre d'étages de l'immeuble"),
    year_built: whole("Année de construction"),
    energy_rating: text("Classe énergie du DPE (A à G)"),
    source_url: text("Adresse de l'annonce d'origine"),
    created_at: isoInstant("Date d'import dans Vigimmo (ISO 8601, UTC)"),
    owner: exportedOwnerSchema
      .nullable()
      .openapi({
        description:
          "Propriétaire : rempli seulement pour les annonces du compte de la clé, null sinon ou sans propriétaire.",
      }),
    status: z
      .literal("active")
      .openapi({ description: "Toujours active : seules les annonces validées sont exportées" }),
    ai_checked_at: isoInstant("Date de l'analyse anti-arnaque").nullable(),
    ai_confidence: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .openapi({ description: "Score de suspicion de l'analyse, entre 0 et 1" }),
    compliance: exportedComplianceSchema
      .nullable()
      .openapi({
        description: "Vérification de conformité, null tant que l'annonce n'a pas été contrôlée.",
      }),
    updated_at: isoInstant(
      "Dernière modification du contenu exporté (validation, texte, prix, propriétaire…)",
    ),
  })
  .strict()
  .openapi({ description: "Une annonce active, telle que la clé la voit." });

const nextCursor = z
  .string()
  .nullable()
  .openapi({
    description:
      "À envoyer comme « cursor » pour la page suivante ; null quand l'export (ou le flux) s'arrête là.",
  });

/** A page by `offset` (or the whole export, streamed) or by a listing `cursor`. */
export const exportResponseSchema = z
  .object({
    success: z.literal(true),
    count: count("Nombre d'annonces dans cette réponse"),
    total: count("Nombre total d'annonces actives"),
    limit: z
      .number()
      .int()
      .positive()
      .nullable()
      .openapi({
        description: "La limite demandée ; null quand toutes les annonces sont demandées",
      }),
    offset: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .openapi({
        description: "Le décalage appliqué ; null pour une page demandée par « cursor »",
      }),
    properties: z
      .array(exportedListingSchema)
      .openapi({
        description:
          "Les annonces, des plus récentes aux plus anciennes (date de création puis identifiant)",
      }),
    next_cursor: nextCursor,
  })
  .strict()
  .openapi({ description: "Une page de l'export, ou l'export complet sans « limit »." });

export const removedListingSchema = z
  .object({
    id: z
      .number()
      .int()
      .positive()
      .openapi({ description: "Identifiant de l'annonce à retirer de votre copie" }),
    removed_at: isoInstant("Date de sortie de l'export"),
  })
  .strict();

/** A page of the change feed (`updatedSince`, or a cursor of the feed), oldest change first. */
export const exportChangesResponseSchema = z
  .object({
    success: z.literal(true),
    count: count("Nombre d'annonces modifiées dans cette réponse"),
    limit: z.number().int().positive().openapi({ description: "La limite appliquée" }),
    properties: z
      .array(exportedListingSchema)
      .openapi({ description: "Les annonces modifiées, la plus ancienne modification d'abord" }),
    removed: z
      .array(removedListingSchema)
      .openapi({
        description:
          "Les annonces sorties de l'export sur la même période (refusées, retirées, supprimées)",
      }),
    next_cursor: nextCursor,
    sync_cursor: z
      .string()
      .openapi({
        description:
          "À garder et à renvoyer comme « cursor » à la prochaine synchronisation : aucun changement n'est perdu",
      }),
  })
  .strict()
  .openapi({ description: "Une page du flux de changements." });

export const exportErrorResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.string().openapi({ description: "Le message d'erreur, en français" }),
  })
  .strict()
  .openapi({ description: "Une erreur : le code HTTP dit laquelle, le message l'explique." });

export const exportResyncResponseSchema = z
  .object({
    success: z.literal(false),
    error: z.string().openapi({ description: "Le message d'erreur, en français" }),
    resync_required: z.literal(true).openapi({
      description: "La position (cursor ou updatedSince) est plus ancienne que les changements conservés : videz votre copie et repartez de updatedSince 1970-01-01T00:00:00Z.",
    }),
  })
  .strict()
  .openapi({ description: "Position trop ancienne : une resynchronisation complète est nécessaire." });

const webhookListingEvent = (type: "listing.activated" | "listing.updated", description: string) =>
  z
    .object({
      type: z.literal(type),
      id: z.number().int().positive().openapi({ description: "Identifiant de l'annonce" }),
      occurred_at: isoInstant("Date du changement"),
      listing: exportedListingSchema
        .optional()
        .openapi({
          description:
            "L'annonce au moment où le lot a été constitué, comme la clé du compte la voit ; absente si elle a quitté l'export depuis (un listing.removed suit)",
        }),
    })
    .strict()
    .openapi({ description });

export const webhookEventSchema = z.union([
  webhookListingEvent("listing.activated", "Une annonce entre dans l'export (validée)."),
  webhookListingEvent(
    "listing.updated",
    "Une annonce exportée a changé (texte, prix, propriétaire, conformité…).",
  ),
  z
    .object({
      type: z.literal("listing.removed"),
      id: z.number().int().positive().openapi({ description: "Identifiant de l'annonce" }),
      occurred_at: isoInstant("Date de sortie de l'export"),
    })
    .strict()
    .openapi({
      description:
        "Une annonce quitte l'export (refusée, remise en vérification, retirée par la source ou supprimée).",
    }),
  z
    .object({ type: z.literal("ping"), occurred_at: isoInstant("Date de l'essai") })
    .strict()
    .openapi({ description: "Essai envoyé par le bouton « Tester » de la connexion." }),
]);

/** The POST body of a webhook delivery (deliveryBody in webhook-delivery.server.ts). */
export const webhookBatchSchema = z
  .object({
    events: z
      .array(webhookEventSchema)
      .openapi({
        description: "Les événements du lot, dans l'ordre des changements de chaque annonce",
      }),
    sent_at: isoInstant("Date de cet envoi (chaque nouvel essai a la sienne)"),
  })
  .strict()
  .openapi({
    description: "Un lot d'événements : toujours le même pour un même identifiant d'envoi.",
  });

export type ExportRequestBody = z.infer<typeof exportRequestSchema>;
export type WebhookBatch = z.infer<typeof webhookBatchSchema>;
export type ExportedListing = z.infer<typeof exportedListingSchema>;
export type ExportResponse = z.infer<typeof exportResponseSchema>;
export type ExportChangesResponse = z.infer<typeof exportChangesResponseSchema>;
export type ExportErrorResponse = z.infer<typeof exportErrorResponseSchema>;
