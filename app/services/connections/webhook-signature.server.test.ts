import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature, webhookSignature } from "./webhook-signature.server";

describe("signature des webhooks", () => {
  const body = '{"events":[],"sent_at":"2026-01-31T08:00:00.000Z"}';

  it("t=<secondes>,v1=<HMAC-SHA256 hexadécimal de « t.corps »>", () => {
    const expected = crypto.createHmac("sha256", "cle-client").update(`1769846400.${body}`).digest("hex");
    expect(webhookSignature("cle-client", body, 1769846400)).toBe(`t=1769846400,v1=${expected}`);
  });

  it("se vérifie avec la bonne clé, le bon corps, dans la tolérance de temps", () => {
    const header = webhookSignature("cle-client", body, 1000);
    expect(verifyWebhookSignature("cle-client", body, header, 1100)).toBe(true);
    expect(verifyWebhookSignature("autre-cle", body, header, 1100)).toBe(false);
    expect(verifyWebhookSignature("cle-client", `${body} `, header, 1100)).toBe(false);
    expect(verifyWebhookSignature("cle-client", body, header, 2000)).toBe(false);
    expect(verifyWebhookSignature("cle-client", body, "t=1000,v1=zz", 1000)).toBe(false);
    expect(verifyWebhookSignature("cle-client", body, "", 1000)).toBe(false);
  });
});
