// npm run seed -- [--listings N] [--email <user>]: adds demo listings (every status represented).
import { z } from "zod";
import { ensureDemoAccounts, seedListings } from "~/services/demo-data.server";
import { findUserIdByEmail } from "~/services/users.server";
import { closeDb } from "~/utils/db.server";
import { emailFlag, fail, parseFlags } from "./cli";

const args = parseFlags(
  z.object({
    _: z.array(z.string()),
    listings: z.coerce.number({ invalid_type_error: "--listings doit être un nombre" }).int("--listings doit être un entier").min(1).max(1_000_000).default(300),
    email: emailFlag.optional(),
  }),
);

const started = Date.now();
const { userId: demoUserId } = await ensureDemoAccounts();
const userId = args.email ? findUserIdByEmail(args.email) : demoUserId;
if (!userId) fail(`aucun compte avec l'email ${args.email}.`, 1);
const written = seedListings(userId, args.listings);
closeDb();
console.log(`${written} annonces de démonstration ajoutées en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
