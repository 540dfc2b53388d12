import { z } from "zod";

/**
 * The one toast of the app (client-safe): what a flash cookie carries, what an action or a
 * fetcher answers, what a finished job announces, and what react-hot-toast shows.
 */
export const toastSchema = z.object({
  type: z.enum(["success", "error", "info", "warning"]),
  message: z.string(),
});
export type Toast = z.infer<typeof toastSchema>;

/** What a form post answers a fetcher when a toast is all it has to say. */
export type ToastAnswer = { ok: boolean; toast?: Toast };
