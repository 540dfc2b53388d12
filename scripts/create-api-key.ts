// npm run create-api-key -- --email <user> [--name N] [--description D]: creates an active export
// key for that user through the same service as an approved request. The key alone goes to
// stdout (KEY=$(npm run -s create-api-key -- --email x)); the human summary goes to stderr.
import { z } from "zod";
import { createExportKey, EXPORT_KEY_DESCRIPTION_MAX, EXPORT_KEY_NAME_MAX } from "~/services/export-keys.server";
import { findUserIdByEmail } from "~/services/users.server";
import { closeDb } from "~/utils/db.server";
import { emailFlag, fail, parseFlags } from "./cli";

const args = parseFlags(
  z.object({
    _: z.array(z.string()),
    email: emailFlag,
    name: z.string().trim().min(1, "--name ne peut pas être vide").max(EXPORT_KEY_NAME_MAX).default("Clé créée en ligne de commande"),
    description: z.string().trim().max(EXPORT_KEY_DESCRIPTION_MAX).optional(),
  }),
);

const userId = findUserIdByEmail(args.email);
if (!userId) {
  closeDb();
  fail(`aucun compte avec l'email ${args.email}. L'utilisateur doit d'abord s'inscrire sur /auth.`, 1);
}
const key = createExportKey(userId, { name: args.name, description: args.description ?? null });
closeDb();
console.error(`Clé API « ${args.name} » créée et active pour ${args.email}.`);
console.log(key.apiKey);
