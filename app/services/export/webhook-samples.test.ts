import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret, webhookHeaders } from "../connections/webhook-signature.server";
import { WEBHOOK_KEY_PLACEHOLDER, webhookVerificationSamples } from "./export-api-samples";

const run = promisify(execFile);
const SECRET = generateWebhookSecret();
const BODY = '{"events":[{"type":"listing.updated","id":7,"occurred_at":"2026-01-31T08:00:00.000Z"}],"sent_at":"2026-01-31T08:00:01.000Z"}';
const ID = "3f5b2c1e-8d4a-4e57-9b8e-2a61c0d7f9a4";

/** The /api-docs verification samples, run as written (secret placeholder replaced) on real Standard Webhooks headers. */
describe("exemples de vérification des webhooks", () => {
  const samples = new Map(webhookVerificationSamples().map((sample) => [sample.id, sample.code.replaceAll(WEBHOOK_KEY_PLACEHOLDER, SECRET)]));
  const now = Math.floor(Date.now() / 1000);
  const good = webhookHeaders(SECRET, ID, now, BODY);
  const forged = webhookHeaders(generateWebhookSecret(), ID, now, BODY);
  // Signed with the right secret, but 10 minutes old: a replay.
  const stale = webhookHeaders(SECRET, ID, now - 600, BODY);
  const cases = [
    [good, true],
    [forged, false],
    [stale, false],
  ] as const;

  it("JavaScript (bibliothèque standardwebhooks)", async () => {
    for (const [headers, expected] of cases) {
      const script = `${samples.get("javascript")}\nconsole.log(webhookValide(${JSON.stringify(BODY)}, ${JSON.stringify(headers)}));`;
      expect((await run(process.execPath, ["--input-type=module", "-e", script])).stdout.trim()).toBe(String(expected));
    }
  });

  it("Python", async () => {
    for (const [headers, expected] of cases) {
      const args = [headers["webhook-id"], headers["webhook-timestamp"], headers["webhook-signature"]].map((value) => JSON.stringify(value)).join(", ");
      const script = `${samples.get("python")}\nprint(webhook_valide(${JSON.stringify(BODY)}.encode(), ${args}))`;
      expect((await run("python3", ["-c", script])).stdout.trim()).toBe(expected ? "True" : "False");
    }
  });

  it("Shell (openssl) : vérifie aussi l'horodatage", async () => {
    const expected = ["signature valide", "signature invalide", "horodatage refusé"];
    for (const [index, [headers]] of cases.entries()) {
      const { stdout } = await run("sh", ["-c", samples.get("curl")!], {
        env: { ...process.env, CORPS: BODY, ID: headers["webhook-id"], HORODATAGE: headers["webhook-timestamp"], SIGNATURE: headers["webhook-signature"] },
      });
      expect(stdout.trim()).toBe(expected[index]);
    }
  });

  it("PHP (lu, PHP n'est pas installé ici)", () => {
    expect(samples.get("php")).toContain('hash_hmac("sha256", $id . "." . $horodatage . "." . $corpsBrut, $cle, true)');
    expect(samples.get("php")).toContain("abs(time() - (int) $horodatage) > 300");
    expect(samples.get("php")).toContain("hash_equals(");
  });
});
