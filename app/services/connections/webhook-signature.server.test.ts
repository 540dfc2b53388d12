import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, isWebhookSecret, standardWebhookSignature, webhookHeaders, webhookSignature } from "./webhook-signature.server";

describe("signature des webhooks", () => {
  const body = '{"events":[],"sent_at":"2026-01-31T08:00:00.000Z"}';

  it("Standard Webhooks : le vecteur de test de la spécification", () => {
    expect(standardWebhookSignature("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("un secret généré : whsec_ + base64 de 32 octets aléatoires ; une clé saisie n'en est pas un", () => {
    const secret = generateWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(isWebhookSecret("a")).toBe(false);
    expect(isWebhookSecret("cle-client-2026")).toBe(false);
  });

  it("les en-têtes d'un envoi se vérifient avec la bibliothèque officielle ; X-Vigimmo-Signature reste t=<secondes>,v1=<hex>", () => {
    const secret = generateWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const headers = webhookHeaders(secret, "lot-1", now, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    const expected = crypto.createHmac("sha256", secret).update(`${now}.${body}`).digest("hex");
    expect(headers["x-vigimmo-signature"]).toBe(`t=${now},v1=${expected}`);
    expect(headers["x-vigimmo-delivery"]).toBe("lot-1");
  });

  it("une clé saisie avant les Standard Webhooks ne signe que X-Vigimmo-Signature", () => {
    const headers = webhookHeaders("cle-client", "lot-2", 1000, body);
    expect(headers["webhook-signature"]).toBeUndefined();
    expect(headers["x-vigimmo-signature"]).toBe(webhookSignature("cle-client", body, 1000));
    expect(headers["webhook-id"]).toBe("lot-2");
  });
});
