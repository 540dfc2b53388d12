import crypto from "node:crypto";
import { promisify } from "node:util";
import { env } from "./env.server";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard (DECISIONS.md item 11): N=2^15, r=8 costs ~32 MiB and ~60 ms a hash.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !expected) return false;
  const expectedBuffer = Buffer.from(expected, "base64");
  const hash = await scrypt(password, Buffer.from(salt, "base64"), expectedBuffer.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return crypto.timingSafeEqual(hash, expectedBuffer);
}

/** A hash computed once, so that an unknown e-mail costs as much as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash() {
  decoyHash ??= hashPassword("vigimmo-decoy-password");
  return decoyHash;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Letters and digits from the cryptographic RNG (crypto.randomInt has no modulo bias). */
export function randomAlphanumeric(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[crypto.randomInt(ALPHANUMERIC.length)];
  return out;
}

/**
 * A UUID of version 7 (RFC 9562): the time `at` (ms) in its first 48 bits, then random bits.
 * Rows written in time order with such ids append to their primary-key index instead of
 * touching a random page of it per row (docs/decisions/023-export-speed.md).
 */
export function timeOrderedUuid(at: number): string {
  // randomUUID's random bits (version 4, RFC variant) from its pooled entropy, cheaper than a
  // randomBytes call per id; the first 48 bits become the time and the version nibble a 7.
  const random = crypto.randomUUID();
  const time = at.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

function encryptionKey(): Buffer {
  // Derived from the app secret so that no second secret has to be managed.
  return crypto.createHash("sha256").update(`vigimmo:aes:${env().sessionSecret}`).digest();
}

/** AES-256-GCM; output is base64(iv | tag | ciphertext). */
export function encryptSecret(clear: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const encrypted = Buffer.concat([cipher.update(clear, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64");
}

/** Returns null when the ciphertext cannot be read (secret rotated, data damaged). */
export function decryptSecret(payload: string): string | null {
  try {
    const raw = Buffer.from(payload, "base64");
    const decipher = crypto.createDecipheriv("aes-256-gcm", encryptionKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
