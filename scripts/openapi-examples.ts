// npm run openapi:examples: rewrites app/services/export/export-api-openapi-examples.json, the
// examples of /api-docs/openapi.json, from real answers of the export API over demo data in a
// throwaway database (issue 27). The tests check them against the document's schemas.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const OUTPUT = path.resolve("app/services/export/export-api-openapi-examples.json");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vigimmo-openapi-"));
Object.assign(process.env, {
  DATABASE_PATH: path.join(dir, "exemples.db"),
  SESSION_SECRET: "exemples-openapi-0123456789abcdef",
  VIGIMMO_SILENT_LOGS: "true",
  NODE_ENV: "test",
});

const { answerExportApi } = await import("~/services/export/export-api.server");
const { flushExportUsage } = await import("~/services/export/export-api-usage.server");
const { seedListings, ensureDemoAccounts } = await import("~/services/platform/demo-data.server");
const { createExportKey } = await import("~/services/keys/export-keys.server");
const { createConnection, setConnectionActive } =
  await import("~/services/connections/connections.server");
const { cutWebhookBatches } = await import("~/services/connections/webhook-batches.server");
const { deliveryBody, pushTarget } = await import("~/services/connections/webhook-delivery.server");
const { recheckListingCompliance } = await import("~/services/compliance/recheck-job.server");
const { closeDb, getSqlite } = await import("~/utils/db.server");

async function call(body: Record<string, unknown>): Promise<unknown> {
  const answer = await answerExportApi({
    method: "POST",
    ip: "203.0.113.7",
    header: () => null,
    readBody: async () => JSON.stringify(body),
  });
  const parts =
    answer.body instanceof ReadableStream
      ? await new Response(answer.body).arrayBuffer()
      : answer.body;
  const bytes = Array.isArray(parts) ? Buffer.concat(parts) : Buffer.from(parts as ArrayBuffer);
  if (answer.status !== 200)
    throw new Error(`réponse ${answer.status} : ${bytes.toString("utf8")}`);
  return JSON.parse(bytes.toString("utf8"));
}

try {
  const { userId } = await ensureDemoAccounts();
  // Created first: its webhooks carry every event of the examples (activated, updated, removed).
  const connection = createConnection(userId, {
    name: "Site de l'agence",
    platformType: "Site web",
    apiType: "export",
    apiEndpoint: "https://www.agence-exemple.fr/webhooks/vigimmo",
    apiKey: "cle-de-la-connexion",
    config: null,
  });
  setConnectionActive(userId, connection.id, true);
  // 13 demo listings: the two last ones of the demo status mix are active.
  seedListings(userId, 13, 1);
  const sqlite = getSqlite();
  const active = sqlite
    .prepare<[], number>(`select id from properties where status = 'active' order by id`)
    .pluck()
    .all();
  for (const id of active) recheckListingCompliance(id);
  const { apiKey } = createExportKey(userId, {
    name: "Exemples",
    description: "Exemples de la description OpenAPI",
  });

  const page = await call({ apiKey, limit: 1 });
  const stream = await call({ apiKey });
  const start = await call({ apiKey, updatedSince: "1970-01-01T00:00:00Z" });
  // A price change and a listing sent back to moderation: one updated, one removed.
  sqlite.prepare(`update properties set price = price - 50 where id = ?`).run(active[0]!);
  sqlite.prepare(`update properties set status = 'pending' where id = ?`).run(active[1]!);
  const feed = await call({ apiKey, cursor: (start as { sync_cursor: string }).sync_cursor });

  cutWebhookBatches(connection.id, Date.now());
  const batch = sqlite
    .prepare<[string], { firstSeq: number; lastSeq: number; events: string | null }>(
      `select first_seq as firstSeq, last_seq as lastSeq, events from webhook_deliveries where connection_id = ? order by created_at`,
    )
    .get(connection.id);
  const target = pushTarget(connection.id);
  if (!batch || !target) throw new Error("aucun lot de webhook");
  const webhook = JSON.parse(deliveryBody(target, batch, Date.now()).toString("utf8"));

  fs.writeFileSync(OUTPUT, `${JSON.stringify({ page, stream, feed, webhook }, null, 2)}\n`);
  console.log(`Exemples écrits dans ${path.relative(process.cwd(), OUTPUT)}`);
  flushExportUsage();
} finally {
  closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
}
