// npm run create-api-key -- --email <user> [--name N] [--description D]: creates an active export
// key for that user through the same service as an approved request. The key alone goes to
// stdout (KEY=$(npm run -s create-api-key -- --email x)); the human summary goes to stderr.
import { z } from "zod";
import {
  createExportKey,
  EXPORT_KEY_DESCRIPTION_MAX,
  EXPORT_KEY_NAME_MAX,
} from "~/services/keys/export-keys.server";
import { findUserIdByEmail } from "~/services/users/users.server";
import { emailFlag, fail, runCli } from "./cli";

const DEFAULT_NAME = "Clé créée en ligne de commande";

runCli(
  {
    name: "create-api-key",
    synopsis: "--email <email> [--name <nom>] [--description <texte>]",
    description:
      "Crée une clé d'export active pour ce compte et l'écrit seule sur la sortie standard (KEY=$(npm run -s create-api-key -- --email <email>)) ; le résumé va sur la sortie d'erreur.",
    options: [
      ["--email <email>", "compte propriétaire de la clé (obligatoire)"],
      [
        "--name <nom>",
        `nom de la clé, ${EXPORT_KEY_NAME_MAX} caractères au plus (défaut : « ${DEFAULT_NAME} »)`,
      ],
      ["--description <texte>", `description, ${EXPORT_KEY_DESCRIPTION_MAX} caractères au plus`],
    ],
    args: z.object({
      email: emailFlag,
      name: z.string().trim().min(1).max(EXPORT_KEY_NAME_MAX).default(DEFAULT_NAME),
      description: z.string().trim().max(EXPORT_KEY_DESCRIPTION_MAX).optional(),
    }),
  },
  (args) => {
    const userId = findUserIdByEmail(args.email);
    if (!userId)
      fail(
        `aucun compte avec l'email ${args.email}. L'utilisateur doit d'abord s'inscrire sur /auth.`,
        1,
      );
    const key = createExportKey(userId, { name: args.name, description: args.description ?? null });
    console.error(`Clé API « ${args.name} » créée et active pour ${args.email}.`);
    console.log(key.apiKey);
  },
);
