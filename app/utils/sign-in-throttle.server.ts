import { addressGroup } from "./client-address.server";

/**
 * Sign-in throttling (docs/decisions/011-sign-in-throttle.md). Only failures count, and they
 * slow down the client that made them: a correct password from an address (IPv6: its /64) or a
 * known device with no failures of its own on the account is checked at once, so nobody can keep
 * an account, the administrator's included, out by failing from elsewhere.
 * - e-mail + client (a known device, else the address): 5 free failures, then a wait that
 *   doubles from 1 s up to 15 minutes;
 * - e-mail from every client: 20 free failures, then a wait that doubles up to 60 s, for the
 *   clients that have failed on it themselves (a guess spread over many addresses is slowed down);
 * - address: at most 100 failures per 15 minutes, whatever the e-mails (a known device is not held
 *   by its address's ceiling: the office NAT that a sprayer shares).
 * A success clears the client's failures on the e-mail. In memory: Vigimmo runs as one process
 * (docs/scaling.md).
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

/** The client that tries an e-mail: a device that already signed in to it, else the address's group. */
const pairKey = (email: string, ip: string, device: string | null) =>
  device ? `${email}\ndevice:${device}` : `${email}\naddress:${addressGroup(ip)}`;

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

/**
 * Seconds before this e-mail may be tried from this address, or from `device` (the id of a
 * device that already signed in to this e-mail, see sign-in-device.server.ts); 0 when it may be
 * tried now.
 */
export function signInWaitSeconds(email: string, ip: string, now = Date.now(), device: string | null = null): number {
  const { pair, address, email: wide, forgetAfterMs } = SIGN_IN_THROTTLE;
  const own = current(byPair, pairKey(email, ip, device), now, forgetAfterMs);
  const ownWait = backoff(own, pair.free, pair.maxWaitMs, now);
  if (device) return Math.ceil(ownWait / 1000);
  const fromAddress = current(byAddress, addressGroup(ip), now, address.windowMs);
  const addressWait =
    fromAddress && fromAddress.count >= address.failures ? fromAddress.last + address.windowMs - now : 0;
  // The e-mail's counter slows only the clients that failed on it themselves.
  const emailWait = own ? backoff(current(byEmail, email, now, forgetAfterMs), wide.free, wide.maxWaitMs, now) : 0;
  return Math.ceil(Math.max(addressWait, ownWait, emailWait) / 1000);
}

export function recordSignInFailure(email: string, ip: string, now = Date.now(), device: string | null = null) {
  const { forgetAfterMs, address } = SIGN_IN_THROTTLE;
  if (byPair.size + byEmail.size + byAddress.size > 100_000) forgetOld(now);
  const bump = (map: Map<string, Failures>, key: string, forget: number) => {
    const entry = current(map, key, now, forget);
    map.set(key, { count: (entry?.count ?? 0) + 1, last: now });
  };
  bump(byPair, pairKey(email, ip, device), forgetAfterMs);
  bump(byEmail, email, forgetAfterMs);
  // The address window starts at its first failure and is not extended by later ones.
  const group = addressGroup(ip);
  const fromAddress = current(byAddress, group, now, address.windowMs);
  byAddress.set(group, { count: (fromAddress?.count ?? 0) + 1, last: fromAddress?.last ?? now });
}

/**
 * The right password: the client (the known device, else the address) starts afresh on this
 * e-mail. The other counters stay, so that a guesser who failed elsewhere, or behind the same
 * address as a known device, gets no free tries back from the owner's success.
 */
export function recordSignInSuccess(email: string, ip: string, device: string | null = null) {
  byPair.delete(pairKey(email, ip, device));
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
