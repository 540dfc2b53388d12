import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";

export type Mail = { to: string; subject: string; text: string };

// One SMTP transport per URL (pooled connections), kept across requests.
const transports = new Map<string, Transporter>();

function transport(smtpUrl: string): Transporter {
  let existing = transports.get(smtpUrl);
  if (!existing) {
    existing = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, existing);
  }
  return existing;
}

/** Whether mails really leave (SMTP_URL set); otherwise the caller writes what it had to say to the log. */
export function mailConfigured(): boolean {
  return env().smtpUrl !== null;
}

/** Sends a plain-text mail through SMTP_URL (nodemailer). Throws when the server refuses it. */
export async function sendMail(mail: Mail): Promise<void> {
  const { smtpUrl, mailFrom } = env();
  if (!smtpUrl) throw new Error("SMTP_URL n'est pas configuré");
  await transport(smtpUrl).sendMail({ from: mailFrom, ...mail });
}
