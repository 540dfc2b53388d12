// npm run db:export-view -- [--name <what>]: writes the export view and its triggers, generated
// from the listing field table (app/services/listings/listing-fields.ts), into a new migration
// when they changed. Schema changes waiting in db/schema.ts (a new column) are generated first by
// drizzle-kit into the same migration, so that adding a field takes one migration.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { z } from "zod";
import { exportViewMigrationSql } from "~/services/export/export-document";
import { runCli } from "./cli";
import { exportViewUpToDate, migrationFile, migrationTags } from "./db/export-view-migration";

function drizzleKit(args: string[]) {
  execFileSync("npx", ["drizzle-kit", "generate", ...args], { stdio: "inherit" });
}

runCli(
  {
    name: "db:export-view",
    synopsis: "[--name <nom>]",
    description:
      "Écrit la vue d'export et ses déclencheurs, générés depuis la table des champs d'annonce, dans une nouvelle migration s'ils ont changé.",
    options: [["--name <nom>", "nom de la migration (par défaut export_view)"]],
    args: z.object({ _: z.array(z.string()).max(0), name: z.string().regex(/^[a-z0-9_]+$/, "lettres minuscules, chiffres et _").optional() }),
  },
  (args) => {
    if (exportViewUpToDate()) {
      console.log("La vue d'export est à jour : aucune migration écrite.");
      return;
    }
    const name = args.name ?? "export_view";
    const before = migrationTags().length;
    drizzleKit(["--name", name]);
    const tags = migrationTags();
    const sql = exportViewMigrationSql();
    if (tags.length > before) {
      const file = migrationFile(tags.at(-1)!);
      fs.appendFileSync(file, `\n--> statement-breakpoint\n${sql}`);
      console.log(`Vue d'export ajoutée à ${file}`);
      return;
    }
    drizzleKit(["--custom", "--name", name]);
    const file = migrationFile(migrationTags().at(-1)!);
    fs.writeFileSync(file, sql);
    console.log(`Vue d'export écrite dans ${file}`);
  },
);
