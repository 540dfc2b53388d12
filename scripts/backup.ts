// npm run backup -- <file>: an online, consistent copy of the live database (SQLite backup API),
// safe while the server is writing.
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { backupDatabase } from "~/services/platform/backup.server";
import { getSqlite } from "~/utils/db.server";
import { describeError, fail, runCli } from "./cli";

runCli(
  {
    name: "backup",
    synopsis: "<fichier de sauvegarde>",
    description:
      "Écrit une copie cohérente de la base en service (API de sauvegarde SQLite), sans arrêter le serveur. Le fichier ne doit pas exister.",
    options: [],
    args: z.object({ _: z.array(z.string()).max(1) }),
  },
  async (args) => {
    const target = args._[0];
    if (!target) fail("indiquez le fichier de sauvegarde : npm run backup -- <fichier>");
    const source = process.env.DATABASE_PATH || "data/vigimmo.db";
    // Opening a missing file would create an empty database and "back it up" successfully.
    if (!fs.existsSync(source))
      fail(
        `aucune base de données à sauvegarder : « ${source} » n'existe pas (vérifiez DATABASE_PATH).`,
        1,
      );
    if (fs.existsSync(target)) fail(`le fichier ${target} existe déjà : choisissez un autre nom.`);
    getSqlite(); // an unreadable database is reported as such, not as a failed copy
    try {
      fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
      const pages = await backupDatabase(target);
      console.log(`Sauvegarde écrite dans ${target} (${pages} pages).`);
    } catch (error) {
      fail(`sauvegarde impossible vers « ${target} » : ${describeError(error, target)}`, 1);
    }
  },
);
