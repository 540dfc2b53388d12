import fs from "node:fs"; import os from "node:os"; import path from "node:path";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vg-prof-"));
process.env.DATABASE_PATH = path.join(dir, "b.db"); process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite, closeDb } = await import("~/utils/db.server");
const { createUser } = await import("~/services/users.server");
const { seedListings } = await import("~/services/demo-data.server");
const { moderateAllPending } = await import("~/services/moderation/jobs.server");
const N = Number(process.argv[2] ?? 20000);
const userId = await createUser({ email: "p@example.fr", password: "xxxxxxxx", fullName: "P" });
seedListings(userId, N, 42);
getSqlite().prepare(`update properties set status='pending', ai_checked_at=null, ai_flag_reason=null, ai_confidence=null`).run();
const { Session } = await import("node:inspector/promises");
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.start");
const t = performance.now();
const r = await moderateAllPending(userId);
console.log("run", ((performance.now() - t)/1000).toFixed(1), "s", r.moderated, r.flagged);
const { profile } = await session.post("Profiler.stop");
const self = new Map<string, number>();
const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas; const samples = profile.samples;
for (let i = 0; i < samples.length; i++) { const n: any = nodes.get(samples[i]); const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`; self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0)); }
const byFile = new Map<string, number>();
for (const [k, v] of self) { const f = k.split(" ")[1]!.split(":")[0]!; byFile.set(f, (byFile.get(f) ?? 0) + v); }
console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${(v/1000).toFixed(0)}ms ${k}`).join("\n"));
console.log("---");
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v/1000).toFixed(0)}ms ${k}`).join("\n"));
closeDb(); fs.rmSync(dir, { recursive: true, force: true });
