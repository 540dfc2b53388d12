import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { webhookSignature } from "../connections/webhook-signature.server";
import { WEBHOOK_KEY_PLACEHOLDER, webhookVerificationSamples } from "./export-api-samples";

const run = promisify(execFile);
const KEY = "cle-connexion-exemple-2026";
const BODY = '{"events":[{"type":"listing.updated","id":7,"occurred_at":"2026-01-31T08:00:00.000Z"}],"sent_at":"2026-01-31T08:00:01.000Z"}';

/** The /api-docs verification samples, run as written (key placeholder replaced) on a real signature. */
describe("exemples de vérification des webhooks", () => {
  const samples = new Map(webhookVerificationSamples().map((sample) => [sample.id, sample.code.replaceAll(WEBHOOK_KEY_PLACEHOLDER, KEY)]));
  const now = Math.floor(Date.now() / 1000);
  const good = webhookSignature(KEY, BODY, now);
  const forged = webhookSignature("autre-cle", BODY, now);

  it("JavaScript", async () => {
    for (const [header, expected] of [[good, "true"], [forged, "false"]] as const) {
      const script = `${samples.get("javascript")}\nconsole.log(signatureValide(${JSON.stringify(BODY)}, ${JSON.stringify(header)}));`;
      expect((await run(process.execPath, ["--input-type=module", "-e", script])).stdout.trim()).toBe(expected);
    }
  });

  it("Python", async () => {
    for (const [header, expected] of [[good, "True"], [forged, "False"]] as const) {
      const script = `${samples.get("python")}\nprint(signature_valide(${JSON.stringify(BODY)}.encode(), ${JSON.stringify(header)}))`;
      expect((await run("python3", ["-c", script])).stdout.trim()).toBe(expected);
    }
  });

  it("Shell (openssl)", async () => {
    for (const [header, expected] of [[good, "signature valide"], [forged, "signature invalide"]] as const) {
      const { stdout } = await run("sh", ["-c", samples.get("curl")!], { env: { ...process.env, CORPS: BODY, ENTETE: header } });
      expect(stdout.trim()).toBe(expected);
    }
  });

  it("PHP (lu, PHP n'est pas installé ici)", () => {
    expect(samples.get("php")).toContain('hash_hmac("sha256", $t . "." . $corpsBrut, $cle)');
    expect(samples.get("php")).toContain("hash_equals(");
  });
});
