import { z } from "zod";
import { createDocument, type ZodOpenApiResponseObject } from "zod-openapi";
import { WEBHOOKS } from "~/config";
import {
  EXPORT_API_BODY_MAX_BYTES,
  EXPORT_API_CURSOR_MAX_LIMIT,
  EXPORT_API_ERROR_TABLE,
  EXPORT_API_ERRORS,
  EXPORT_API_KEY_RATE,
  EXPORT_API_MAX_STREAMS,
  EXPORT_API_PATH,
} from "./export-api-contract";
import {
  complianceFindingSchema,
  exportChangesResponseSchema,
  exportedComplianceSchema,
  exportedListingSchema,
  exportedOwnerSchema,
  exportErrorResponseSchema,
  exportResyncResponseSchema,
  exportRequestSchema,
  exportResponseSchema,
  removedListingSchema,
  webhookBatchSchema,
  webhookEventSchema,
} from "./export-api-schemas";
import examples from "./export-api-openapi-examples.json";

/**
 * The OpenAPI 3.1 description of the export API and its webhooks (issue 27), served at
 * /api-docs/openapi.json. Everything a generator reads comes from the zod schemas the server
 * validates and types its answers with, the contract's limits and its French error table; the
 * examples are real answers of the demo data (npm run openapi:examples rewrites them).
 */

export const OPENAPI_PATH = "/api-docs/openapi.json";
export const EXPORT_API_OPERATION_ID = "getProperties";
export const WEBHOOK_NAME = "annonces";

/**
 * Webhook headers: Standard Webhooks (https://www.standardwebhooks.com) plus Vigimmo's own,
 * kept for receivers written before it. Names here, checked against what deliveries send.
 */
export const WEBHOOK_DOCUMENTED_HEADERS = {
  "webhook-id":
    "Identifiant de l'envoi, le même à chaque nouvel essai d'un lot : ignorez un identifiant déjà traité.",
  "webhook-timestamp":
    "Heure de l'envoi, en secondes Unix. Refusez un envoi à plus de 5 minutes de votre horloge.",
  "webhook-signature":
    "Standard Webhooks : « v1,<signature> », plusieurs séparées par des espaces. La signature est le HMAC-SHA256, encodé en base64, de « webhook-id.webhook-timestamp.corps brut », avec pour clé les octets obtenus en décodant (base64) le secret de la connexion privé de son préfixe « whsec_ » (32 octets). Toute bibliothèque Standard Webhooks la vérifie.",
  "X-Vigimmo-Signature":
    "Signature historique : « t=<secondes Unix>,v1=<HMAC-SHA256 hexadécimal de « t.corps brut »> », avec la clé de la connexion.",
  "X-Vigimmo-Delivery": "Identifiant de l'envoi (historique, égal à webhook-id).",
} as const;

const headerPatterns: Record<keyof typeof WEBHOOK_DOCUMENTED_HEADERS, RegExp> = {
  "webhook-id": /^[A-Za-z0-9_.-]{1,100}$/,
  "webhook-timestamp": /^[0-9]{1,12}$/,
  "webhook-signature": /^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$/,
  "X-Vigimmo-Signature": /^t=[0-9]+,v1=[0-9a-f]{64}$/,
  "X-Vigimmo-Delivery": /^[A-Za-z0-9_.-]{1,100}$/,
};

const webhookHeaders = z.object(
  Object.fromEntries(
    Object.entries(WEBHOOK_DOCUMENTED_HEADERS).map(([name, description]) => [
      name,
      z
        .string()
        .regex(headerPatterns[name as keyof typeof WEBHOOK_DOCUMENTED_HEADERS])
        .describe(description),
    ]),
  ),
);

const retryAfter = z.object({
  "Retry-After": z.number().int().positive().describe("Secondes à attendre avant de réessayer."),
});

/** The error answers of one status, one example per case of the contract's error table. */
function errorResponse(
  status: number,
  description: string,
  headers?: z.AnyZodObject,
): ZodOpenApiResponseObject {
  const rows = EXPORT_API_ERROR_TABLE.filter((row) => row.status === status);
  return {
    description: `${description} Messages : ${rows.map((row) => `« ${row.message} » (${row.when.charAt(0).toLowerCase()}${row.when.slice(1)})`).join(" ; ")}.`,
    ...(headers ? { headers } : {}),
    content: {
      "application/json": {
        schema: exportErrorResponseSchema,
        examples: Object.fromEntries(
          rows.map((row, index) => [
            `cas${index + 1}`,
            { summary: row.when, value: { success: false, error: row.message } },
          ]),
        ),
      },
    },
  };
}

const DESCRIPTION = `Exportez les annonces validées (actives) de Vigimmo vers votre site ou votre logiciel.

Une seule opération, \`POST ${EXPORT_API_PATH}\`, avec un corps JSON qui porte votre clé (\`apiKey\`). Trois façons de lire :
- **une page** : \`limit\` (et \`offset\`), ou \`cursor\` avec le \`next_cursor\` de la page précédente ;
- **l'export complet** : sans \`limit\`, toutes les annonces actives en une réponse envoyée au fil de l'eau (${EXPORT_API_MAX_STREAMS} à la fois au plus) ;
- **le flux de changements** : \`updatedSince\`, puis le \`sync_cursor\` de la dernière page comme \`cursor\` à la synchronisation suivante : les annonces modifiées (la plus ancienne modification d'abord) et, dans \`removed\`, celles qui ont quitté l'export.

Corps de ${EXPORT_API_BODY_MAX_BYTES / 1024} Ko au plus ; ${EXPORT_API_KEY_RATE.limit} appels par minute et par clé (429 avec \`Retry-After\` au-delà). Toutes les origines sont autorisées (CORS). Une autre méthode que POST (ou OPTIONS) reçoit 405 « ${EXPORT_API_ERRORS.method} ». Chaque erreur est \`{ "success": false, "error": "<message en français>" }\`.

Les **webhooks** envoient les mêmes changements sans qu'on les demande, à une connexion API de type Export (section \`webhooks\`).`;

function buildDocument() {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "API d'export Vigimmo",
      version: "1.0.0",
      description: DESCRIPTION,
      contact: { name: "Vigimmo", url: "https://vigimmo.fr" },
      license: { name: "Propriétaire", identifier: "LicenseRef-Vigimmo" },
    },
    tags: [
      {
        name: "Export",
        description: "Les annonces actives, page par page, en entier ou par changements.",
      },
      {
        name: "Webhooks",
        description: "Les changements de l'export, envoyés à vos connexions Export.",
      },
    ],
    paths: {
      [EXPORT_API_PATH]: {
        post: {
          operationId: EXPORT_API_OPERATION_ID,
          tags: ["Export"],
          summary: "Exporter les annonces actives",
          description:
            "Une page, l'export complet ou une page du flux de changements, selon le corps. La clé voit le propriétaire de ses propres annonces seulement. Chaque appel réussi est journalisé (onglet « Clés API Export »).",
          // The key travels in the body, not in a header: no security scheme applies.
          security: [],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: exportRequestSchema,
                examples: {
                  page: {
                    summary: "Une page de 50 annonces",
                    value: { apiKey: "efi_VOTRE_CLE_API", limit: 50, offset: 0 },
                  },
                  complet: {
                    summary: "Toutes les annonces actives",
                    value: { apiKey: "efi_VOTRE_CLE_API" },
                  },
                  pageSuivante: {
                    summary: "La page suivante",
                    value: {
                      apiKey: "efi_VOTRE_CLE_API",
                      limit: 50,
                      cursor: examples.page.next_cursor,
                    },
                  },
                  flux: {
                    summary: "Ce qui a changé depuis une date",
                    value: {
                      apiKey: "efi_VOTRE_CLE_API",
                      updatedSince: "2026-01-01T00:00:00Z",
                      limit: EXPORT_API_CURSOR_MAX_LIMIT,
                    },
                  },
                },
              },
            },
          },
          responses: {
            "200": {
              description:
                "Une page ou l'export complet (ExportPage : « total », « offset »), ou une page du flux de changements (ExportChanges : « removed », « sync_cursor ») quand le corps a « updatedSince » ou un curseur de flux.",
              content: {
                "application/json": {
                  schema: z.union([exportResponseSchema, exportChangesResponseSchema]),
                  examples: {
                    page: { summary: "Une page (limit 1)", value: examples.page },
                    complet: {
                      summary: "L'export complet (sans limit), envoyé au fil de l'eau",
                      value: examples.stream,
                    },
                    flux: { summary: "Une page du flux de changements", value: examples.feed },
                  },
                },
              },
            },
            "400": errorResponse(400, "Corps invalide."),
            "401": errorResponse(401, "Clé absente ou inconnue."),
            "403": errorResponse(403, "Clé désactivée."),
            "410": {
              description: `Position trop ancienne (cursor ou updatedSince) : « ${EXPORT_API_ERRORS.resyncRequired} ».`,
              content: {
                "application/json": {
                  schema: exportResyncResponseSchema,
                  examples: {
                    cas1: {
                      summary: "Les changements qui suivent la position ne sont plus conservés",
                      value: { success: false, error: EXPORT_API_ERRORS.resyncRequired, resync_required: true },
                    },
                  },
                },
              },
            },
            "413": errorResponse(413, "Corps trop volumineux."),
            "429": errorResponse(
              429,
              "Trop de requêtes : réessayez après le délai de l'en-tête Retry-After.",
              retryAfter,
            ),
            "500": {
              description: `Erreur interne : « ${EXPORT_API_ERRORS.internal} ».`,
              content: {
                "application/json": {
                  schema: exportErrorResponseSchema,
                  example: { success: false, error: EXPORT_API_ERRORS.internal },
                },
              },
            },
          },
        },
      },
    },
    webhooks: {
      [WEBHOOK_NAME]: {
        post: {
          operationId: "receiveListingEvents",
          tags: ["Webhooks"],
          summary: "Recevoir les changements de l'export",
          description: `Vigimmo envoie ce POST à l'endpoint d'une connexion API de type Export active, par lots de ${WEBHOOKS.maxEvents} événements au plus. Vérifiez la signature sur le corps brut avant de le lire. Répondez 2xx en moins de ${WEBHOOKS.timeoutMs / 1000} s ; sinon le même lot (même identifiant, mêmes événements) est renvoyé avec un délai qui double, pendant 24 h, puis la connexion passe en « Erreur ».`,
          security: [],
          requestParams: { header: webhookHeaders },
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: webhookBatchSchema, example: examples.webhook },
            },
          },
          responses: {
            "200": { description: "Lot reçu (toute réponse 2xx convient)." },
            default: {
              description: "Toute autre réponse, ou pas de réponse à temps : le lot sera renvoyé.",
            },
          },
        },
      },
    },
    components: {
      schemas: {
        ExportRequest: exportRequestSchema,
        ExportPage: exportResponseSchema,
        ExportChanges: exportChangesResponseSchema,
        ExportError: exportErrorResponseSchema,
        ExportedListing: exportedListingSchema,
        ExportedOwner: exportedOwnerSchema,
        Compliance: exportedComplianceSchema,
        ComplianceFinding: complianceFindingSchema,
        RemovedListing: removedListingSchema,
        WebhookBatch: webhookBatchSchema,
        WebhookEvent: webhookEventSchema,
      },
    },
  });
}

let built: ReturnType<typeof buildDocument> | null = null;

/** The document for a deployment: generated once, with the deployment's origin as its server. */
export function exportApiOpenApiDocument(origin: string) {
  built ??= buildDocument();
  return { ...built, servers: [{ url: origin, description: "Cette instance de Vigimmo" }] };
}

type JsonSchema = { type?: string | string[]; $ref?: string; oneOf?: JsonSchema[]; anyOf?: JsonSchema[]; items?: JsonSchema; description?: string; const?: unknown };

/** A schema's type as a reader says it: "integer", "string[]", "ExportedOwner", "ExportPage | ExportChanges". */
function typeName(schema: JsonSchema): string {
  if (schema.$ref) return schema.$ref.split("/").at(-1)!;
  const members = schema.oneOf ?? schema.anyOf;
  if (members) return members.filter((member) => member.type !== "null").map(typeName).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const type = [schema.type ?? []].flat().filter((name) => name !== "null")[0] ?? "";
  return type === "array" && schema.items ? `${typeName(schema.items)}[]` : type;
}

const isNullable = (schema: JsonSchema) =>
  [schema.type ?? []].flat().includes("null") || (schema.oneOf ?? schema.anyOf ?? []).some((member) => member.type === "null");

export type OpenApiReference = {
  fields: Array<{ name: string; type: string; nullable: boolean; description: string }>;
  responses: Array<{ status: string; description: string }>;
};

/** What /api-docs shows of the document: the listing's fields and the operation's answers, read from the document itself. */
export function openApiReference(): OpenApiReference {
  const document = exportApiOpenApiDocument("");
  const listing = document.components!.schemas!.ExportedListing as { properties: Record<string, JsonSchema> };
  const answers = document.paths![EXPORT_API_PATH]!.post!.responses as Record<string, { description: string }>;
  return {
    fields: Object.entries(listing.properties).map(([name, schema]) => ({
      name,
      type: typeName(schema),
      nullable: isNullable(schema),
      description: schema.description ?? "",
    })),
    responses: Object.entries(answers).map(([status, answer]) => ({ status, description: answer.description })),
  };
}
