// npm run seed -- [--listings N] [--email <user>]: adds demo listings (every status represented).
import { z } from "zod";
import {
  DEMO_ADMIN,
  DEMO_USER,
  ensureDemoAccounts,
  seedListings,
} from "~/services/platform/demo-data.server";
import { findUserIdByEmail } from "~/services/users/users.server";
import { emailFlag, fail, intFlag, runCli } from "./cli";

const LISTINGS = { min: 1, max: 1_000_000, default: 300 };

runCli(
  {
    name: "seed",
    synopsis: "[--listings N] [--email <email>]",
    description: `Ajoute des annonces de démonstration (tous les statuts représentés) et crée au besoin les comptes de démonstration ${DEMO_USER.email} et ${DEMO_ADMIN.email}.`,
    options: [
      [
        "--listings N",
        `nombre d'annonces à ajouter, de 1 à 1 000 000 (défaut : ${LISTINGS.default})`,
      ],
      ["--email <email>", `compte qui reçoit les annonces (défaut : ${DEMO_USER.email})`],
    ],
    args: z.object({ listings: intFlag("listings", LISTINGS), email: emailFlag.optional() }),
  },
  async (args) => {
    const started = Date.now();
    const { userId: demoUserId } = await ensureDemoAccounts();
    const userId = args.email ? findUserIdByEmail(args.email) : demoUserId;
    if (!userId) fail(`aucun compte avec l'email ${args.email}.`, 1);
    const written = seedListings(userId, args.listings);
    console.log(
      `${written} annonces de démonstration ajoutées en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  },
);
