/**
 * The partner's rate limit (about 300 requests/minute per key, MOTEURIMMO.md) is shared by every
 * import of the process: zone runs, a manual import and the CLI each build their own client, and
 * each client reserves its request slots here, by partner URL and key. Imports fetch through the
 * one parsing worker of the process (ad-page-thread.server.ts), so this module's state is the
 * process's; an inline fallback fetches in the main thread, with that thread's own copy.
 */
const nextSlotAt = new Map<string, number>();

/**
 * Reserves the next request slot for this partner key; returns how long to wait before sending
 * (0: now). Concurrent callers get consecutive slots, `minIntervalMs` apart.
 */
export function reserveRequestSlot(limiterKey: string, minIntervalMs: number, now: number): number {
  if (minIntervalMs <= 0) return 0;
  const startAt = Math.max(now, nextSlotAt.get(limiterKey) ?? 0);
  nextSlotAt.set(limiterKey, startAt + minIntervalMs);
  return startAt - now;
}
