import fs from "node:fs"; import os from "node:os"; import path from "node:path";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vg-w-"));
process.env.DATABASE_PATH = path.join(dir, "b.db"); process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite, closeDb } = await import("~/utils/db.server");
const { createUser } = await import("~/services/users.server");
const { seedListings } = await import("~/services/demo-data.server");
const N = Number(process.argv[2] ?? 50000);
const userId = await createUser({ email: "p@example.fr", password: "xxxxxxxx", fullName: "P" });
seedListings(userId, N, 42);
const db = getSqlite();
if (process.env.NOCKPT) db.pragma("wal_autocheckpoint = 0");
const reset = () => db.prepare(`update properties set status='pending', ai_checked_at=null, ai_flag_reason=null, ai_confidence=null`).run();
const write = db.prepare(`update properties set status = @status, ai_flag_reason = @reason, ai_confidence = @confidence, ai_checked_at = @now where id = @id and created_by = @userId and status = 'pending'`);
const cases: Array<[string, string, number]> = [];
for (let rep = 0; rep < 2; rep++) for (const per of [100, 1000]) for (const order of ["created_at, id"]) cases.push([`${order}/${per}`, order, per]);
for (const [label, order, per] of cases) {
  reset(); db.pragma("wal_checkpoint(TRUNCATE)");
  const ids = (db.prepare(`select id from properties where created_by = ? order by ${order}`).all(userId) as any[]).map((r) => r.id);
  const t = performance.now();
  for (let i = 0; i < ids.length; i += per) {
    db.transaction(() => { for (const id of ids.slice(i, i + per)) write.run({ id, userId, status: id % 5 ? "active" : "suspicious", reason: id % 5 ? null : "Raison de test un peu longue · autre raison", confidence: 0.123, now: Date.now() }); }).immediate();
  }
  console.log(label, process.env.NOCKPT ? "no-ckpt" : "", db.pragma("wal_autocheckpoint", { simple: true }), ((performance.now() - t) / ids.length * 1000).toFixed(1), "µs/row");
}
closeDb(); fs.rmSync(dir, { recursive: true, force: true });
