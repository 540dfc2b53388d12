import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * This machine's role under LiteFS (docs/decisions/029-litefs-replicas.md): LiteFS writes the
 * primary's hostname, newline-ended, to `.primary` in its mount directory on replicas only. No
 * LITEFS_DIR is the single-machine deployment: always the primary. Read on every call, never
 * cached: the file appears, changes or goes away when the lease moves.
 */
export type InstanceRole = {
  /** This machine's hostname (what LiteFS writes in a replica's `.primary` for the primary). */
  currentInstance: string;
  /** The primary's hostname: fly-replay's `instance=` of a write reaching a replica. */
  primaryInstance: string;
  isPrimary: boolean;
};

export function instanceRole(): InstanceRole {
  const currentInstance = os.hostname();
  const dir = process.env.LITEFS_DIR;
  let primaryInstance = "";
  if (dir) {
    try {
      primaryInstance = fs.readFileSync(path.join(dir, ".primary"), "utf8").trim();
    } catch (error) {
      // No file: this machine holds the lease (LiteFS also removes it while a replica has lost
      // its primary; writes then fail in SQLite, never silently).
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  if (!primaryInstance || primaryInstance === currentInstance) {
    return { currentInstance, primaryInstance: currentInstance, isPrimary: true };
  }
  return { currentInstance, primaryInstance, isPrimary: false };
}

/** Whether this process may write to the database (and run jobs, migrations, schedules). */
export function isPrimaryInstance(): boolean {
  return instanceRole().isPrimary;
}
