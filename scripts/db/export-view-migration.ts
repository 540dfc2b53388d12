// Where the export view stands in drizzle/: the latest migration that writes it, and whether its
// generated part is what the listing field table produces now (issue 26). Read by
// `npm run db:export-view` and by the test that fails when they differ.
import fs from "node:fs";
import path from "node:path";
import { EXPORT_VIEW_MARKER, exportViewMigrationSql } from "~/services/export/export-document";

export const MIGRATIONS_DIR = path.join(process.cwd(), "drizzle");

type Journal = { entries: Array<{ idx: number; tag: string }> };

export function migrationTags(): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as Journal;
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

export function migrationFile(tag: string): string {
  return path.join(MIGRATIONS_DIR, `${tag}.sql`);
}

/** The latest migration that (re)creates the export view, and its part from the generator's marker (null if hand-written). */
export function latestExportViewMigration(): { tag: string; generated: string | null } | null {
  for (const tag of migrationTags().reverse()) {
    const text = fs.readFileSync(migrationFile(tag), "utf8");
    if (!text.includes("CREATE VIEW `export_listing_documents`")) continue;
    const start = text.indexOf(EXPORT_VIEW_MARKER);
    return { tag, generated: start === -1 ? null : text.slice(start) };
  }
  return null;
}

/** True when the latest migration's view and triggers are exactly what the field table generates. */
export function exportViewUpToDate(): boolean {
  return latestExportViewMigration()?.generated === exportViewMigrationSql();
}
