// npm run make-admin -- <email>: the only way to grant the admin role (DECISIONS.md item 9).
import { z } from "zod";
import { grantAdmin } from "~/services/users.server";
import { closeDb } from "~/utils/db.server";
import { emailFlag, fail, parseFlags } from "./cli";

const args = parseFlags(z.object({ _: z.array(z.string()), email: emailFlag.optional() }));
const email = emailFlag.safeParse(args.email ?? args._[0]);
if (!email.success) fail("usage : npm run make-admin -- <email> (adresse email valide requise)");
if (!grantAdmin(email.data)) {
  closeDb();
  fail(`aucun compte avec l'email ${email.data}. L'utilisateur doit d'abord s'inscrire sur /auth.`, 1);
}
closeDb();
console.log(`${email.data} est maintenant administrateur.`);
