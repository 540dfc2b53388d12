import { FILE_UPLOADS } from "~/config";

/**
 * Uploads being read and checked (FILE_UPLOADS in app/config.ts): a slot is taken before the
 * first byte of a file is read and given back once its import has started or been refused, so
 * six parallel 10 MB uploads can no longer take the process from 1 GB to 1.8 GB. In memory: one
 * process (docs/scaling.md).
 */
const perUser = new Map<string, number>();
let total = 0;

export type UploadSlot = { ok: true; release: () => void } | { ok: false; error: string };

export function takeUploadSlot(userId: string): UploadSlot {
  const mine = perUser.get(userId) ?? 0;
  if (mine >= FILE_UPLOADS.perUser) return { ok: false, error: FILE_UPLOADS.messages.perUser };
  if (total >= FILE_UPLOADS.total) return { ok: false, error: FILE_UPLOADS.messages.total };
  perUser.set(userId, mine + 1);
  total++;
  let released = false;
  return {
    ok: true,
    release() {
      if (released) return;
      released = true;
      total--;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    },
  };
}
