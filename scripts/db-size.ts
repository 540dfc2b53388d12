// npm run db:size -- [--path FILE]: what each table and index of a database costs on disk, in
// total and per listing, measured with SQLite's dbstat (issue 30, docs/scaling.md). Read-only.
import Database from "better-sqlite3";
import { z } from "zod";
import { env } from "~/utils/env.server";
import { runCli } from "./cli";

type Row = { name: string; table: string; kind: string; bytes: number; unused: number };

runCli(
  {
    name: "db:size",
    synopsis: "[--path FILE]",
    description: "Mesure avec dbstat la place de chaque table et de chaque index, au total et par annonce.",
    options: [["--path FILE", "base à mesurer (défaut : DATABASE_PATH)"]],
    args: z.object({ path: z.string().min(1).optional() }),
  },
  async (args) => {
    const file = args.path ?? env().databasePath;
    const db = new Database(file, { readonly: true, fileMustExist: true });
    const listings = db.prepare("select count(*) from properties").pluck().get() as number;
    const objects = new Map(
      (db.prepare("select name, tbl_name, type from sqlite_master where type in ('table', 'index')").all() as Array<{ name: string; tbl_name: string; type: string }>).map((row) => [row.name, row]),
    );
    const rows = (db.prepare("select name, sum(pgsize) as bytes, sum(unused) as unused from dbstat group by name").all() as Array<{ name: string; bytes: number; unused: number }>).map((row): Row => {
      const object = objects.get(row.name);
      // FTS5 keeps its index in shadow tables named after the virtual table (properties_fts_data…).
      const table = object?.type === "index" ? object.tbl_name : row.name.replace(/_(data|idx|content|docsize|config)$/, "");
      return { name: row.name, table, kind: object?.type === "index" ? "index" : row.name === table ? "table" : "fts", bytes: row.bytes, unused: row.unused };
    });
    rows.sort((a, b) => b.bytes - a.bytes);
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    const perListing = (bytes: number) => (listings > 0 ? Math.round(bytes / listings) : 0);
    console.log(`${file} : ${listings.toLocaleString("fr-FR")} annonces, ${(total / 1024 / 1024).toFixed(1)} Mo, ${perListing(total)} octets par annonce`);
    console.log("| objet | table | sorte | Mo | octets / annonce | part |");
    console.log("| --- | --- | --- | ---: | ---: | ---: |");
    for (const row of rows.filter((row) => row.bytes >= total / 1000)) {
      console.log(`| ${row.name} | ${row.table} | ${row.kind} | ${(row.bytes / 1024 / 1024).toFixed(1)} | ${perListing(row.bytes)} | ${((row.bytes / total) * 100).toFixed(1)} % |`);
    }
    console.log("\nPar table (lignes, index, FTS) :");
    const byTable = new Map<string, number>();
    for (const row of rows) byTable.set(row.table, (byTable.get(row.table) ?? 0) + row.bytes);
    for (const [table, bytes] of [...byTable.entries()].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= total / 1000)) {
      console.log(`| ${table} | ${(bytes / 1024 / 1024).toFixed(1)} Mo | ${perListing(bytes)} octets / annonce |`);
    }
  },
);
