import fs from "node:fs";
import { env } from "./env.server";

/**
 * The app's public address for links made outside a request (reset links of
 * `npm run reset-password`, e-mails). APP_URL when it is set; otherwise the address of the server
 * running on the same database, which writes it beside the database when it listens: a CLI run in
 * another shell does not know the server's PORT, and `localhost:3000` led nowhere (issue 24, 13).
 */
const servedUrlFile = () => `${env().databasePath}.url`;

/** Called by the server once it listens. */
export function recordServedUrl(port: number) {
  try {
    fs.writeFileSync(servedUrlFile(), `http://localhost:${port}\n`);
  } catch {
    // A read-only folder: links fall back to APP_URL / PORT, as before.
  }
}

/** Called by the server when it stops: a stopped server's address is no longer a good guess. */
export function forgetServedUrl() {
  fs.rmSync(servedUrlFile(), { force: true });
}

export function appUrl(): string {
  const settings = env();
  if (settings.appUrlConfigured) return settings.appUrl;
  try {
    const served = fs.readFileSync(servedUrlFile(), "utf8").trim();
    if (/^http:\/\/localhost:\d+$/.test(served)) return served;
  } catch {
    // No server has run on this database.
  }
  return settings.appUrl;
}
