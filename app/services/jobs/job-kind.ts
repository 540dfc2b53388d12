import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { JobView } from "./job-view";

/**
 * A table of jobs: the common columns of `jobColumns()` in db/schema.ts (id, user, status,
 * errors, message, worker lease, dates) plus the kind's own counters and parameters.
 */
export type JobTable = SQLiteTable & {
  id: SQLiteColumn;
  userId: SQLiteColumn;
  status: SQLiteColumn;
  createdAt: SQLiteColumn;
  $inferSelect: JobRow;
};

/** The common columns as Drizzle reads them. */
export type JobRow = {
  id: string;
  userId: string;
  status: "pending" | "processing" | "completed" | "failed" | "cancelled";
  errors: string[];
  message: string | null;
  workerId: string | null;
  heartbeatAt: Date | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/**
 * One run of a job in this process, opened by its kind once the job is claimed. The engine
 * (engine.server.ts) calls `run`, then records the end through the status writer.
 */
export type JobSession = {
  /** Does the work (batches, one transaction each, yielding between them); returns the end message. */
  run(): Promise<string>;
  /** After the job was recorded as completed (e.g. a connection stamps its sync). */
  onCompleted?(): void;
  /** The job failed: its message and the error lines kept with it; may record it elsewhere too. */
  failure(error: Error): { message: string; errors: string[] };
  /** The job was stopped (Stop, shutdown): the message that says what was done. */
  stopped(): string;
  /** Releases what the run held, whatever its end. */
  close?(): void;
};

/**
 * A kind of long task: its table, its texts, how it runs and how screens see it. Adding one is a
 * handler file exporting such an object and one line in kinds.server.ts (docs/decisions/010-job-engine.md).
 */
export type JobKind<Table extends JobTable = JobTable, Input = void> = {
  name: string;
  table: Table;
  /** Refusal of a second open job of the same kind for the same user. */
  busyMessage: string;
  /** Message written when the user stops the job (the session writes the final one). */
  stopMessage(row: Table["$inferSelect"]): string;
  /** Whether a run writes in bulk: WAL checkpoints then move off the main thread meanwhile. */
  writesInBulk: boolean;
  open(row: Table["$inferSelect"], context: { signal: AbortSignal; input: Input }): JobSession;
  view(row: Table["$inferSelect"]): JobView;
};
