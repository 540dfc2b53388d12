import { z } from "zod";

// Empty strings in the environment mean "unset" (a blank line in a .env file, an empty secret).
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: optional(z.coerce.number().int().min(1).max(65535)),
  DATABASE_PATH: optional(z.string()),
  SESSION_SECRET: optional(z.string().min(16, "SESSION_SECRET doit contenir au moins 16 caractères")),
  MOTEURIMMO_API_URL: optional(z.string().url("MOTEURIMMO_API_URL doit être une URL")),
  MOTEURIMMO_API_KEY: optional(z.string()),
  /** Lets connection syncs reach loopback/private addresses (tests, intranet feeds). */
  ALLOW_PRIVATE_CONNECTION_URLS: optional(z.enum(["true", "false"])),
  /** Seeds demo accounts (with published passwords) and listings into an empty database. */
  DEMO_DATA: optional(z.enum(["true", "false"], { message: "DEMO_DATA doit valoir true ou false" })),
  /** Scheduled runs of search zones (issue 14); "off" stops them for maintenance. */
  SCHEDULER: optional(z.enum(["on", "off"], { message: "SCHEDULER doit valoir on ou off" })),
  /** Forgotten-password mails go through this SMTP server (smtp(s)://user:pass@host:port); unset: written to the log. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/[^\s]+$/i, "SMTP_URL doit être une URL smtp:// ou smtps://")),
  /** Sender of the mails. */
  MAIL_FROM: optional(z.string().min(3, "MAIL_FROM doit être une adresse, par exemple Vigimmo <no-reply@exemple.fr>")),
  /** Public address of the application, for the links sent by mail (no trailing slash needed). */
  APP_URL: optional(z.string().url("APP_URL doit être une URL, par exemple https://vigimmo.fly.dev")),
  /**
   * Without SMTP_URL, links meant for a mailbox (password reset) are written to the log: in
   * production only when this says so, since whoever reads the log can then open those accounts.
   */
  ALLOW_LINKS_IN_LOG: optional(z.enum(["true", "false"], { message: "ALLOW_LINKS_IN_LOG doit valoir true ou false" })),
});

export type Env = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  databasePath: string;
  sessionSecret: string;
  moteurImmoApiUrl: string;
  moteurImmoApiKey: string | null;
  allowPrivateConnectionUrls: boolean;
  demoData: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  appUrl: string;
  /** Whether APP_URL was given (otherwise appUrl is a guess from PORT). */
  appUrlConfigured: boolean;
  /** Whether the zone scheduler runs (SCHEDULER, on by default). */
  scheduler: boolean;
};

export const DEFAULT_DATABASE_PATH = "data/vigimmo.db";
const DEV_SESSION_SECRET = "vigimmo-dev-secret-not-for-production";

/** Parses the environment; throws a French message that names the faulty variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Configuration invalide : ${details}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  if (isProduction && !raw.SESSION_SECRET) {
    throw new Error(
      "Configuration invalide : SESSION_SECRET est obligatoire en production (au moins 16 caractères).",
    );
  }
  if (isProduction && !raw.APP_URL) {
    throw new Error(
      "Configuration invalide : APP_URL est obligatoire en production (l'adresse publique des liens envoyés par e-mail, par exemple https://vigimmo.fly.dev).",
    );
  }
  if (isProduction && !raw.SMTP_URL && raw.ALLOW_LINKS_IN_LOG !== "true") {
    throw new Error(
      "Configuration invalide : SMTP_URL est obligatoire en production pour envoyer les liens de réinitialisation ; ALLOW_LINKS_IN_LOG=true les écrit à la place dans le journal du serveur.",
    );
  }
  return {
    nodeEnv: raw.NODE_ENV,
    isProduction,
    port: raw.PORT ?? 3000,
    databasePath: raw.DATABASE_PATH ?? DEFAULT_DATABASE_PATH,
    sessionSecret: raw.SESSION_SECRET ?? DEV_SESSION_SECRET,
    moteurImmoApiUrl: raw.MOTEURIMMO_API_URL ?? "https://moteurimmo.fr/api",
    moteurImmoApiKey: raw.MOTEURIMMO_API_KEY ?? null,
    allowPrivateConnectionUrls: raw.ALLOW_PRIVATE_CONNECTION_URLS === "true",
    // Never by default in production: the demo administrator's password is in the README.
    demoData: raw.DEMO_DATA === undefined ? !isProduction : raw.DEMO_DATA === "true",
    smtpUrl: raw.SMTP_URL ?? null,
    mailFrom: raw.MAIL_FROM ?? "Vigimmo <no-reply@vigimmo.fr>",
    appUrl: (raw.APP_URL ?? `http://localhost:${raw.PORT ?? 3000}`).replace(/\/+$/, ""),
    appUrlConfigured: raw.APP_URL !== undefined,
    scheduler: raw.SCHEDULER !== "off",
  };
}

/** Read at call time (not cached) so tests can point each file at its own database. */
export function env(): Env {
  return parseEnv(process.env);
}
