import fs from "node:fs";
fs.copyFileSync("/tmp/g/base100k.db", "/tmp/g/work.db"); for (const s of ["-wal", "-shm"]) fs.rmSync("/tmp/g/work.db" + s, { force: true });
process.env.DATABASE_PATH = "/tmp/g/work.db"; process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite, closeDb } = await import("~/utils/db.server");
const db = getSqlite();
const userId = (db.prepare("select id from users limit 1").get() as any).id;
const ids = (db.prepare(`select id from properties where created_by = ? and status='pending' order by created_at, id`).all(userId) as any[]).map((r) => r.id);
if (process.env.CKPT) db.pragma(`wal_autocheckpoint = ${process.env.CKPT}`);
const variants: Record<string, string> = {
  full: `update properties set status = @status, ai_flag_reason = @reason, ai_confidence = @confidence, ai_checked_at = @now where id = @id and created_by = @userId and status = 'pending'`,
  statusOnly: `update properties set status = @status where id = @id and created_by = @userId and status = 'pending'`,

};
let offset = 0;
for (let rep = 0; rep < 3; rep++) for (const [name, sql] of Object.entries(variants)) {
  const st = db.prepare(sql);
  const slice = ids.slice(offset, offset + 10000); offset += 10000;
  const t = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < slice.length; i += 1000) {
    const chunk = slice.slice(i, i + 1000).sort((a: number, b: number) => a - b);
    db.transaction(() => { for (const id of chunk) st.run({ id, userId, status: id % 5 ? "active" : "suspicious", reason: id % 5 ? null : "Loyer 46 % sous la médiane de 31 annonces comparables à Lyon (T2, location) · Paiement par mandat cash demandé", confidence: 0.123, now: Date.now() }); }).immediate();
  }
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(12), ((performance.now() - t) / slice.length * 1000).toFixed(1), "µs/row wall,", ((c.user + c.system) / slice.length).toFixed(1), "µs/row cpu");
}
closeDb();
