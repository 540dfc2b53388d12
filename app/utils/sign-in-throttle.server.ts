/**
 * Sign-in throttling (docs/decisions/011-sign-in-throttle.md). Only failures count, and they
 * slow an e-mail down rather than lock it: a correct password is never refused for long, nobody
 * can lock the administrator out from elsewhere, and an office behind one address keeps working.
 * - e-mail + address: 5 free failures, then a wait that doubles from 1 s up to 15 minutes;
 * - e-mail from every address: 20 free failures, then a wait that doubles up to 60 s (a guess
 *   spread over many addresses is slowed down; the owner waits one minute at worst);
 * - address: at most 100 failures per 15 minutes, whatever the e-mails.
 * A success clears the e-mail's counters. In memory: Vigimmo runs as one process (docs/scaling.md).
 */
export const SIGN_IN_THROTTLE = {
  pair: { free: 5, maxWaitMs: 15 * 60_000 },
  email: { free: 20, maxWaitMs: 60_000 },
  address: { failures: 100, windowMs: 15 * 60_000 },
  /** Counters left alone this long are forgotten. */
  forgetAfterMs: 60 * 60_000,
} as const;

type Failures = { count: number; last: number };
const byPair = new Map<string, Failures>();
const byEmail = new Map<string, Failures>();
const byAddress = new Map<string, Failures>();

const pairKey = (email: string, ip: string) => `${email}\n${ip}`;

function current(map: Map<string, Failures>, key: string, now: number, forgetAfterMs: number): Failures | undefined {
  const entry = map.get(key);
  if (entry && now - entry.last > forgetAfterMs) {
    map.delete(key);
    return undefined;
  }
  return entry;
}

/** Milliseconds still to wait after `count` failures, the last at `last`: 1 s, 2 s, 4 s... */
function backoff(entry: Failures | undefined, free: number, maxWaitMs: number, now: number): number {
  if (!entry || entry.count < free) return 0;
  const wait = Math.min(maxWaitMs, 1000 * 2 ** Math.min(30, entry.count - free));
  return Math.max(0, entry.last + wait - now);
}

/** Seconds before this e-mail may be tried from this address; 0 when it may be tried now. */
export function signInWaitSeconds(email: string, ip: string, now = Date.now()): number {
  const { pair, address, forgetAfterMs } = SIGN_IN_THROTTLE;
  const fromAddress = current(byAddress, ip, now, address.windowMs);
  const addressWait =
    fromAddress && fromAddress.count >= address.failures ? fromAddress.last + address.windowMs - now : 0;
  const wait = Math.max(
    addressWait,
    backoff(current(byPair, pairKey(email, ip), now, forgetAfterMs), pair.free, pair.maxWaitMs, now),
    backoff(current(byEmail, email, now, forgetAfterMs), SIGN_IN_THROTTLE.email.free, SIGN_IN_THROTTLE.email.maxWaitMs, now),
  );
  return Math.ceil(wait / 1000);
}

export function recordSignInFailure(email: string, ip: string, now = Date.now()) {
  const { forgetAfterMs, address } = SIGN_IN_THROTTLE;
  if (byPair.size + byEmail.size + byAddress.size > 100_000) forgetOld(now);
  const bump = (map: Map<string, Failures>, key: string, forget: number) => {
    const entry = current(map, key, now, forget);
    map.set(key, { count: (entry?.count ?? 0) + 1, last: now });
  };
  bump(byPair, pairKey(email, ip), forgetAfterMs);
  bump(byEmail, email, forgetAfterMs);
  // The address window starts at its first failure and is not extended by later ones.
  const fromAddress = current(byAddress, ip, now, address.windowMs);
  byAddress.set(ip, { count: (fromAddress?.count ?? 0) + 1, last: fromAddress?.last ?? now });
}

/** The right password: the e-mail starts afresh (the address ceiling stays). */
export function recordSignInSuccess(email: string, ip: string) {
  byPair.delete(pairKey(email, ip));
  byEmail.delete(email);
}

function forgetOld(now: number) {
  for (const map of [byPair, byEmail]) {
    for (const [key, entry] of map) if (now - entry.last > SIGN_IN_THROTTLE.forgetAfterMs) map.delete(key);
  }
  for (const [key, entry] of byAddress) if (now - entry.last > SIGN_IN_THROTTLE.address.windowMs) byAddress.delete(key);
}

/** Tests: every counter back to zero. */
export function resetSignInThrottle() {
  byPair.clear();
  byEmail.clear();
  byAddress.clear();
}
