// npm run reset-password -- <email>: prints a forgotten-password link an administrator can hand over.
import { z } from "zod";
import { PASSWORD_RESET_TTL_MS } from "~/config";
import { createResetLink } from "~/services/account/password-reset.server";
import { emailFlag, fail, runCli } from "./cli";

runCli(
  {
    name: "reset-password",
    synopsis: "<email>",
    description: `Affiche un lien de réinitialisation du mot de passe de ce compte, valable ${PASSWORD_RESET_TTL_MS / 60_000} minutes et une seule fois (adresse publique : APP_URL).`,
    options: [],
    args: z.object({ _: z.array(z.string()).max(1) }),
  },
  (args) => {
    const raw = args._[0];
    if (raw === undefined) fail("indiquez l'email du compte : npm run reset-password -- <email>");
    const email = emailFlag.safeParse(raw);
    if (!email.success) fail(`adresse email invalide : « ${raw} »`);
    const link = createResetLink(email.data);
    if (!link) fail(`aucun compte avec l'email ${email.data}.`, 1);
    console.log(link);
  },
);
