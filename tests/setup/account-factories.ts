import { eq } from "drizzle-orm";
import { sessions } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { createSession } from "~/utils/session.server";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A session opened from a browser, and the Cookie header that carries it. */
export async function openSession(userId: string, userAgent = CHROME_LINUX) {
  const session = await createSession(userId, new Request("http://localhost/auth", { headers: { "User-Agent": userAgent } }));
  return { id: session.id, cookie: session.setCookie.split(";")[0]! };
}

/** A form post to a route with this session's cookie. */
export function postAs(cookie: string | null, url: string, form: Record<string, string>): Request {
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return new Request(new URL(url, "http://localhost"), { method: "POST", headers, body: new URLSearchParams(form) });
}

export function getAs(cookie: string, url: string): Request {
  return new Request(new URL(url, "http://localhost"), { headers: { Cookie: cookie } });
}

export function sessionIdsOf(userId: string): string[] {
  return getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all().map((row) => row.id).sort();
}
