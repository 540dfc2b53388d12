// npm run check:compliance -- FILE.jsonl [--date YYYY-MM-DD] (DECISIONS.md, third round): checks
// each ad of a JSON Lines file with the same checker as the screens, stores nothing, prints one
// JSON line per ad. A bad line gets a French error on stderr and exit code 2; the others are
// still checked.
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";
import { z } from "zod";
import { checkDaySchema } from "~/services/compliance/check-input";
import { checkJsonLines } from "~/services/compliance/check-lines.server";
import { lawDay } from "~/services/compliance/references";
import { fail, runCli } from "./cli";

runCli(
  {
    name: "check:compliance",
    synopsis: "FICHIER.jsonl [--date AAAA-MM-JJ]",
    description:
      "Vérifie la conformité de chaque annonce d'un fichier JSON Lines ({\"id\", \"date\"?, \"ad\": {...}} par ligne) sans rien enregistrer, et écrit une ligne JSON par annonce : {\"id\", \"status\", \"findings\": [{\"code\", \"message\"}]}. Une ligne invalide est signalée sur la sortie d'erreur (code de sortie 2) ; les autres sont vérifiées.",
    options: [["--date <AAAA-MM-JJ>", "jour de la vérification pour les lignes sans « date » (défaut : aujourd'hui, heure de Paris)"]],
    args: z.object({
      _: z.array(z.string()).length(1, "un fichier JSON Lines est attendu (un seul)"),
      date: checkDaySchema.optional(),
    }),
  },
  async (args) => {
    const file = args._[0]!;
    await access(file).catch(() => fail(`fichier introuvable ou illisible : ${file}`));
    const defaultDay = args.date ?? lawDay(new Date());
    const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
    let bad = 0;
    for await (const output of checkJsonLines(lines, defaultDay)) {
      if (output.ok) process.stdout.write(`${output.json}\n`);
      else {
        bad += 1;
        process.stderr.write(`${output.error}\n`);
      }
    }
    return bad > 0 ? 2 : 0;
  },
);
