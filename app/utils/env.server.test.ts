import { describe, expect, it } from "vitest";
import { parseEnv as parseProcessEnv } from "./env.server";

const parseEnv = (vars: Record<string, string>) => parseProcessEnv(vars as NodeJS.ProcessEnv);

const PRODUCTION = {
  NODE_ENV: "production",
  SESSION_SECRET: "un-secret-de-production-assez-long",
  APP_URL: "https://vigimmo.fly.dev",
  SMTP_URL: "smtps://agent:secret@smtp.exemple.fr:465",
} as const;

describe("parseEnv", () => {
  it("données de démo : oui en développement, jamais par défaut en production, sauf DEMO_DATA=true", () => {
    expect(parseEnv({}).demoData).toBe(true);
    expect(parseEnv({ ...PRODUCTION }).demoData).toBe(false);
    expect(parseEnv({ ...PRODUCTION, DEMO_DATA: "true" }).demoData).toBe(true);
    expect(parseEnv({ DEMO_DATA: "false" }).demoData).toBe(false);
  });

  it("SMTP_URL facultatif, APP_URL par défaut sur le port local et sans barre finale", () => {
    expect(parseEnv({}).smtpUrl).toBeNull();
    expect(parseEnv({ SMTP_URL: "smtps://agent:secret@smtp.exemple.fr:465" }).smtpUrl).toBe("smtps://agent:secret@smtp.exemple.fr:465");
    expect(() => parseEnv({ SMTP_URL: "https://smtp.exemple.fr" })).toThrow("SMTP_URL doit être une URL smtp:// ou smtps://");
    expect(parseEnv({ PORT: "4100" }).appUrl).toBe("http://localhost:4100");
    expect(parseEnv({ APP_URL: "https://vigimmo.fly.dev/" }).appUrl).toBe("https://vigimmo.fly.dev");
    expect(() => parseEnv({ APP_URL: "vigimmo.fly.dev" })).toThrow("APP_URL doit être une URL");
  });

  it("planificateur des zones : actif par défaut, SCHEDULER=off l'arrête, toute autre valeur est refusée", () => {
    expect(parseEnv({}).scheduler).toBe(true);
    expect(parseEnv({ SCHEDULER: "on" }).scheduler).toBe(true);
    expect(parseEnv({ SCHEDULER: "off" }).scheduler).toBe(false);
    expect(() => parseEnv({ SCHEDULER: "non" })).toThrow("SCHEDULER doit valoir on ou off");
  });

  it("production : APP_URL obligatoire, et SMTP_URL sauf si ALLOW_LINKS_IN_LOG=true permet les liens dans le journal", () => {
    const { APP_URL: _appUrl, ...withoutAppUrl } = PRODUCTION;
    const { SMTP_URL: _smtpUrl, ...withoutSmtp } = PRODUCTION;
    expect(() => parseEnv(withoutAppUrl)).toThrow("APP_URL est obligatoire en production");
    expect(() => parseEnv(withoutSmtp)).toThrow("SMTP_URL est obligatoire en production");
    expect(() => parseEnv({ ...withoutSmtp, ALLOW_LINKS_IN_LOG: "false" })).toThrow("SMTP_URL est obligatoire en production");
    expect(() => parseEnv({ ...withoutSmtp, ALLOW_LINKS_IN_LOG: "oui" })).toThrow("ALLOW_LINKS_IN_LOG doit valoir true ou false");
    expect(parseEnv({ ...withoutSmtp, ALLOW_LINKS_IN_LOG: "true" }).smtpUrl).toBeNull();
    expect(parseEnv(PRODUCTION).appUrl).toBe("https://vigimmo.fly.dev");
    // Development and tests keep their defaults: the local address, links in the log.
    expect(parseEnv({}).appUrl).toBe("http://localhost:3000");
  });

  it("refuse une configuration invalide avec un message français qui nomme la variable", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow("SESSION_SECRET est obligatoire en production");
    expect(() => parseEnv({ DEMO_DATA: "oui" })).toThrow("DEMO_DATA doit valoir true ou false");
    expect(() => parseEnv({ SESSION_SECRET: "court" })).toThrow("SESSION_SECRET doit contenir au moins 16 caractères");
  });
});
