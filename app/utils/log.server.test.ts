import { describe, expect, it } from "vitest";
import { redact } from "./log.server";

describe("redact : jetons de réinitialisation dans les chemins (issue 23 item 9)", () => {
  it.each([
    ["/auth/reinitialiser/Zk3_x-9aQ", "/auth/reinitialiser/[jeton masqué]"],
    ["/auth/reinitialiser/Zk3_x-9aQ.data", "/auth/reinitialiser/[jeton masqué]"],
    ["/Auth/Reinitialiser/Zk3_x-9aQ/", "/Auth/Reinitialiser/[jeton masqué]"],
    ["/auth/reinitialiser", "/auth/reinitialiser"],
    ["/auth/mot-de-passe-oublie", "/auth/mot-de-passe-oublie"],
  ])("%s → %s", (path, masked) => {
    expect(redact({ path })).toEqual({ path: masked });
  });

  it("le lien envoyé au journal faute de SMTP (autorisé explicitement en production) reste lisible", () => {
    const link = "https://vigimmo.fly.dev/auth/reinitialiser/Zk3_x-9aQ";
    expect(redact({ email: "a@b.fr", link })).toEqual({ email: "a@b.fr", link });
  });
});
