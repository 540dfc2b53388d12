import { beforeEach, describe, expect, it } from "vitest";
import {
  recordSignInFailure,
  recordSignInSuccess,
  resetSignInThrottle,
  SIGN_IN_THROTTLE,
  signInWaitSeconds,
} from "./sign-in-throttle.server";

const T0 = 1_800_000_000_000;
const fail = (email: string, ip: string, times: number, at = T0) => {
  for (let i = 0; i < times; i++) recordSignInFailure(email, ip, at);
};

beforeEach(() => resetSignInThrottle());

describe("ralentissement des connexions", () => {
  it("laisse 5 erreurs libres, puis fait attendre 1 s, 2 s, 4 s... jusqu'à 15 minutes", () => {
    fail("a@x.fr", "1.1.1.1", 4);
    expect(signInWaitSeconds("a@x.fr", "1.1.1.1", T0)).toBe(0);
    const waits = [];
    for (let failures = 5; failures <= 16; failures++) {
      recordSignInFailure("a@x.fr", "1.1.1.1", T0);
      waits.push(signInWaitSeconds("a@x.fr", "1.1.1.1", T0));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(signInWaitSeconds("a@x.fr", "1.1.1.1", T0 + 900_000)).toBe(0);
  });

  it("ne bloque jamais le titulaire depuis son adresse à cause d'erreurs venues d'ailleurs : une minute au plus", () => {
    for (let i = 0; i < 200; i++) recordSignInFailure("admin@x.fr", `203.0.113.${i % 250}`, T0);
    const wait = signInWaitSeconds("admin@x.fr", "198.51.100.1", T0);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_THROTTLE.email.maxWaitMs / 1000);
    expect(signInWaitSeconds("admin@x.fr", "198.51.100.1", T0 + 60_000)).toBe(0);
  });

  it("une connexion réussie remet le compteur de l'e-mail à zéro", () => {
    fail("a@x.fr", "1.1.1.1", 8);
    expect(signInWaitSeconds("a@x.fr", "1.1.1.1", T0)).toBeGreaterThan(0);
    recordSignInSuccess("a@x.fr", "1.1.1.1");
    expect(signInWaitSeconds("a@x.fr", "1.1.1.1", T0)).toBe(0);
  });

  it("plafonne une adresse à 100 erreurs par quart d'heure, tous e-mails confondus", () => {
    for (let i = 0; i < 99; i++) recordSignInFailure(`u${i}@x.fr`, "10.9.9.9", T0 + i);
    expect(signInWaitSeconds("neuf@x.fr", "10.9.9.9", T0 + 100)).toBe(0);
    recordSignInFailure("u99@x.fr", "10.9.9.9", T0 + 100);
    expect(signInWaitSeconds("neuf@x.fr", "10.9.9.9", T0 + 100)).toBe(15 * 60);
    expect(signInWaitSeconds("neuf@x.fr", "10.9.9.10", T0 + 100)).toBe(0);
    expect(signInWaitSeconds("neuf@x.fr", "10.9.9.9", T0 + 15 * 60_000 + 1)).toBe(0);
  });

  it("oublie les erreurs après une heure de calme", () => {
    fail("a@x.fr", "1.1.1.1", 30);
    expect(signInWaitSeconds("a@x.fr", "1.1.1.1", T0 + 61 * 60_000)).toBe(0);
  });
});
