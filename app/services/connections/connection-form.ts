import { z } from "zod";
import { CONNECTIONS_MAX_PER_USER } from "~/config";

/**
 * The 'Ajouter une connexion API' form (SPEC.md section 5), shared by the dialog (conform checks
 * before submitting) and the action (the rule that counts). Client-safe: no Node import.
 */
export const CONNECTION_MESSAGES = {
  required: "Veuillez remplir tous les champs obligatoires",
  fieldRequired: "Champ obligatoire",
  invalidUrl: "L'endpoint doit être une URL valide commençant par http:// ou https://",
  invalidType: "Le type de connexion doit être Import ou Export",
  tooLong: "Texte trop long",
  created: "Connexion API créée avec succès",
  updated: "Connexion modifiée",
  deleted: "Connexion supprimée",
  deleteError: "Erreur lors de la suppression",
  duplicateName: (name: string) => `Vous avez déjà une connexion nommée « ${name} »`,
  deleteWhileSyncing: "Une synchronisation de cette connexion est en cours : arrêtez-la avant de la supprimer",
  activated: "Connexion activée",
  deactivated: "Connexion désactivée",
  copied: "Clé API copiée",
  notFound: "Connexion introuvable",
  loadError: "Erreur lors du chargement des connexions",
  updateError: "Erreur lors de la mise à jour",
  configTooDeep: "Erreur: configuration JSON trop imbriquée (8 niveaux au plus)",
  exportKeyTyped:
    "Une connexion Export n'a pas de clé à saisir : Vigimmo génère son secret de signature (whsec_…) et vous l'affiche une fois",
  tooMany: `Vous avez atteint le maximum de ${CONNECTIONS_MAX_PER_USER} connexions : supprimez-en une avant d'en ajouter une autre`,
} as const;

/** A connection's options are a flat object or two levels of it; deeper is a mistake or an attack. */
export const CONNECTION_CONFIG_MAX_DEPTH = 8;

/**
 * Nesting depth of a parsed JSON value, without recursion: a config nested 10 000 deep must be
 * refused here, not overflow the stack later in JSON.stringify when the row is written.
 */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > CONNECTION_CONFIG_MAX_DEPTH) return deepest;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return deepest;
}

export const CONNECTION_TYPES = ["import", "export"] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Suggestions for platform_type (free text: an agency names its own tools). */
export const PLATFORM_SUGGESTIONS = [
  "MoteurImmo",
  "Vigimmo",
  "Site web de l'agence",
  "Portail immobilier",
  "CRM",
  "Autre",
];

/** V8's JSON.parse messages, in French. */
const JSON_REASONS: Array<[RegExp, string]> = [
  [/expected (double-quoted )?property name/i, "nom de propriété entre guillemets attendu"],
  [/expected ',' or '\]'/i, "virgule ou « ] » attendu"],
  [/expected ',' or '\}'/i, "virgule ou « } » attendu"],
  [/expected ':'/i, "« : » attendu après le nom de propriété"],
  [/unterminated string/i, "texte non terminé (guillemet manquant)"],
  [/bad control character/i, "caractère de contrôle interdit dans un texte"],
  [/bad (escaped|unicode escape)/i, "séquence d'échappement invalide"],
  [/non-whitespace character after JSON/i, "texte en trop après le JSON"],
  [/number|exponent|fractional/i, "nombre invalide"],
];

/** JSON.parse speaks English; the user reads 'Erreur: ...' in French with the place of the fault. */
export function jsonErrorMessage(text: string, error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  if (/unexpected end/i.test(raw))
    return "Erreur: configuration JSON incomplète (fin de texte inattendue)";
  const token = /unexpected token '(.+?)'/i.exec(raw);
  let reason = token
    ? `caractère « ${token[1]} » inattendu`
    : (JSON_REASONS.find(([pattern]) => pattern.test(raw))?.[1] ?? "syntaxe incorrecte");
  const index = Number(/position (\d+)/i.exec(raw)?.[1] ?? NaN);
  if (index >= 0) {
    const before = text.slice(0, index);
    const line = before.split("\n").length;
    const column = index - before.lastIndexOf("\n");
    reason += ` (ligne ${line}, colonne ${column})`;
  }
  return `Erreur: configuration JSON invalide : ${reason}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z.string().trim().max(max, CONNECTION_MESSAGES.tooLong).optional();

/**
 * Every field is optional at the zod level so that one missing field and three missing fields
 * give the same single SPEC message (on the form), each empty field being marked on its own.
 */
export const newConnectionSchema = z
  .object({
    name: optionalText(100),
    platform_type: optionalText(100),
    api_type: z
      .enum(CONNECTION_TYPES, { errorMap: () => ({ message: CONNECTION_MESSAGES.invalidType }) })
      .default("import"),
    api_endpoint: optionalText(2000),
    api_key: optionalText(500),
    config: z.string().max(20_000, CONNECTION_MESSAGES.tooLong).optional(),
  })
  .superRefine((value, ctx) => {
    const missing = (["name", "platform_type", "api_endpoint"] as const).filter(
      (key) => !value[key],
    );
    for (const key of missing)
      ctx.addIssue({ code: "custom", path: [key], message: CONNECTION_MESSAGES.fieldRequired });
    if (missing.length > 0) {
      ctx.addIssue({ code: "custom", path: [], message: CONNECTION_MESSAGES.required });
      return;
    }
    if (value.api_endpoint && !isHttpUrl(value.api_endpoint)) {
      ctx.addIssue({
        code: "custom",
        path: ["api_endpoint"],
        message: CONNECTION_MESSAGES.invalidUrl,
      });
      ctx.addIssue({ code: "custom", path: [], message: CONNECTION_MESSAGES.invalidUrl });
    }
    if (value.api_type === "export" && value.api_key) {
      ctx.addIssue({ code: "custom", path: ["api_key"], message: CONNECTION_MESSAGES.exportKeyTyped });
      ctx.addIssue({ code: "custom", path: [], message: CONNECTION_MESSAGES.exportKeyTyped });
    }
    const config = value.config?.trim();
    if (config) {
      let message: string | null = null;
      try {
        if (jsonDepth(JSON.parse(config)) > CONNECTION_CONFIG_MAX_DEPTH)
          message = CONNECTION_MESSAGES.configTooDeep;
      } catch (error) {
        message = jsonErrorMessage(config, error);
      }
      if (message) {
        ctx.addIssue({ code: "custom", path: ["config"], message });
        ctx.addIssue({ code: "custom", path: [], message });
      }
    }
  })
  .transform((value) => ({
    name: value.name!,
    platformType: value.platform_type!,
    apiType: value.api_type,
    apiEndpoint: value.api_endpoint!,
    apiKey: value.api_key || null,
    config: value.config?.trim() ? (JSON.parse(value.config) as unknown) : null,
  }));

export type NewConnectionInput = z.output<typeof newConnectionSchema>;
