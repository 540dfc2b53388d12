import crypto from "node:crypto";
import { z } from "zod";
import { deviceCookie } from "./cookies.server";
import { sha256 } from "./crypto.server";

/**
 * Known devices of the sign-in throttle (docs/decisions/011-sign-in-throttle.md): a browser that
 * signed in to an account with its password keeps a signed cookie naming it for that account, and
 * is then throttled on its own failures only, not on its address's (an office NAT shared with
 * whoever is guessing). Only a success can put an account in it, and the signature stops anyone
 * from writing one. The cookie holds a random id and a short digest of each e-mail, not the e-mail.
 */

/** Accounts one browser is known for (a shared office computer); the oldest goes first. */
const MAX_ACCOUNTS = 5;

const deviceSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/), accounts: z.array(z.string().max(32)).max(MAX_ACCOUNTS) });
type Device = z.infer<typeof deviceSchema>;

const accountTag = (email: string) => sha256(`sign-in-device:${email.toLowerCase()}`).slice(0, 24);

async function readDevice(request: Request): Promise<Device | null> {
  const parsed = deviceSchema.safeParse(await deviceCookie().parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The id of this browser when it has already signed in to `email`, else null. */
export async function knownDevice(request: Request, email: string): Promise<string | null> {
  const device = await readDevice(request);
  return device?.accounts.includes(accountTag(email)) ? device.id : null;
}

/** The Set-Cookie of a successful sign-in: from now on this browser is known for `email`. */
export async function rememberDevice(request: Request, email: string): Promise<string> {
  const device = (await readDevice(request)) ?? { id: crypto.randomBytes(16).toString("base64url"), accounts: [] };
  const tag = accountTag(email);
  const accounts = [...device.accounts.filter((account) => account !== tag), tag].slice(-MAX_ACCOUNTS);
  return deviceCookie().serialize({ id: device.id, accounts });
}
