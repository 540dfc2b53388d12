import { getSqlite } from "~/utils/db.server";

/** Online backup through SQLite's backup API: consistent even while other connections write. */
export async function backupDatabase(target: string): Promise<number> {
  const result = await getSqlite().backup(target);
  return result.totalPages;
}
