import { moderationJobs } from "#db/schema";

/** The table of moderation runs, as the job engine's status writer addresses it. */
export const MODERATION_JOB_TABLE = { name: "moderation", table: moderationJobs } as const;

export type ModerationJob = typeof moderationJobs.$inferSelect;
export type ModerationMode = ModerationJob["mode"];
