// npm run backup -- <file>: an online, consistent copy of the live database (SQLite backup API),
// safe while the server is writing.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { backupDatabase } from "~/services/backup.server";
import { closeDb } from "~/utils/db.server";
import { fail, parseFlags } from "./cli";

const args = parseFlags(z.object({ _: z.array(z.string()) }));
const target = args._[0];
if (!target) fail("usage : npm run backup -- <fichier de sauvegarde>");
if (fs.existsSync(target)) fail(`le fichier ${target} existe déjà : choisissez un autre nom.`);
fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
try {
  const pages = await backupDatabase(target);
  console.log(`Sauvegarde écrite dans ${target} (${pages} pages).`);
} catch (error) {
  fail(`sauvegarde impossible : ${(error as Error).message}`, 1);
} finally {
  closeDb();
}
