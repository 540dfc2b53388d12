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

  it("les erreurs venues d'ailleurs ne retardent pas le titulaire depuis son adresse ; elles ralentissent à une minute au plus une adresse qui s'est déjà trompée", () => {
    for (let i = 0; i < 200; i++) recordSignInFailure("admin@x.fr", `203.0.113.${i % 250}`, T0);
    expect(signInWaitSeconds("admin@x.fr", "198.51.100.1", T0)).toBe(0);
    recordSignInFailure("admin@x.fr", "198.51.100.2", T0);
    const wait = signInWaitSeconds("admin@x.fr", "198.51.100.2", T0);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(SIGN_IN_THROTTLE.email.maxWaitMs / 1000);
    expect(signInWaitSeconds("admin@x.fr", "198.51.100.2", T0 + 60_000)).toBe(0);
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

describe("le titulaire n'est jamais tenu dehors (issue 23 item 3)", () => {
  it("20 erreurs depuis quelques adresses, puis une par minute : le bon mot de passe depuis une adresse sans erreur à elle passe", () => {
    for (let i = 0; i < 20; i++) recordSignInFailure("admin@x.fr", `203.0.113.${i % 4}`, T0);
    for (let minute = 1; minute <= 30; minute++) recordSignInFailure("admin@x.fr", `203.0.113.${minute % 4}`, T0 + minute * 60_000);
    expect(signInWaitSeconds("admin@x.fr", "198.51.100.7", T0 + 30 * 60_000 + 1)).toBe(0);
    // The addresses that failed are still slowed down.
    expect(signInWaitSeconds("admin@x.fr", "203.0.113.1", T0 + 30 * 60_000 + 1)).toBeGreaterThan(0);
  });

  it("IPv6 : les adresses d'une même /64 partagent leurs compteurs", () => {
    for (let i = 1; i <= 5; i++) recordSignInFailure("a@x.fr", `2001:db8:1:2::${i.toString(16)}`, T0);
    expect(signInWaitSeconds("a@x.fr", "2001:db8:1:2:ffff::9", T0)).toBeGreaterThan(0);
    expect(signInWaitSeconds("a@x.fr", "2001:db8:1:3::1", T0)).toBe(0);
    for (let i = 0; i < 100; i++) recordSignInFailure(`u${i}@x.fr`, `2001:db8:7:7::${i.toString(16)}`, T0);
    expect(signInWaitSeconds("neuf@x.fr", "2001:db8:7:7:abcd::1", T0)).toBe(15 * 60);
  });

  it("un appareil déjà connecté à ce compte, sans erreur à lui, passe même depuis une adresse qui en a", () => {
    fail("a@x.fr", "10.8.8.8", 30);
    for (let i = 0; i < 100; i++) recordSignInFailure(`u${i}@x.fr`, "10.8.8.8", T0);
    expect(signInWaitSeconds("a@x.fr", "10.8.8.8", T0)).toBeGreaterThan(0);
    expect(signInWaitSeconds("a@x.fr", "10.8.8.8", T0, "appareil-1")).toBe(0);
    // Its own failures slow it down like an address's.
    for (let i = 0; i < 6; i++) recordSignInFailure("a@x.fr", "10.8.8.8", T0, "appareil-1");
    expect(signInWaitSeconds("a@x.fr", "10.8.8.8", T0, "appareil-1")).toBeGreaterThan(0);
  });
});
