// npm run make-admin -- <email>: the only way to grant the admin role (DECISIONS.md item 9).
import { z } from "zod";
import { grantAdmin } from "~/services/users/users.server";
import { emailFlag, fail, runCli } from "./cli";

runCli(
  {
    name: "make-admin",
    synopsis: "<email>",
    description:
      "Donne le rôle administrateur au compte de cet email. Le compte doit déjà exister (inscription sur /auth).",
    options: [["--email <email>", "autre façon d'indiquer l'email du compte"]],
    args: z.object({ _: z.array(z.string()).max(1), email: z.string().optional() }),
  },
  (args) => {
    const raw = args.email ?? args._[0];
    if (raw === undefined) fail("indiquez l'email du compte : npm run make-admin -- <email>");
    const email = emailFlag.safeParse(raw);
    if (!email.success) fail(`adresse email invalide : « ${raw} »`);
    if (!grantAdmin(email.data)) {
      fail(
        `aucun compte avec l'email ${email.data}. L'utilisateur doit d'abord s'inscrire sur /auth.`,
        1,
      );
    }
    console.log(`${email.data} est maintenant administrateur.`);
  },
);
