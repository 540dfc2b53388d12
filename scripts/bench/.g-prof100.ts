import fs from "node:fs";
fs.copyFileSync("/tmp/g/base100k.db", "/tmp/g/work.db"); for (const s of ["-wal", "-shm"]) fs.rmSync("/tmp/g/work.db" + s, { force: true });
process.env.DATABASE_PATH = "/tmp/g/work.db"; process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite, closeDb } = await import("~/utils/db.server");
const { moderateAllPending } = await import("~/services/moderation/moderate-all.server");
const userId = (getSqlite().prepare("select id from users limit 1").get() as any).id;
const { Session } = await import("node:inspector/promises");
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.setSamplingInterval", { interval: 1000 }); await session.post("Profiler.start");
await moderateAllPending(userId);
const { profile } = await session.post("Profiler.stop");
const nodes = new Map(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>(); for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>(); const incl = new Map<string, number>();
const dt = profile.timeDeltas; const samples = profile.samples;
const keyOf = (n: any) => `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}`;
for (let i = 0; i < samples.length; i++) {
  const n: any = nodes.get(samples[i]); const d = dt[i] ?? 0;
  self.set(keyOf(n), (self.get(keyOf(n)) ?? 0) + d);
  const seen = new Set<string>(); let id: number | undefined = samples[i];
  while (id !== undefined) { const k = keyOf(nodes.get(id)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + d); } id = parent.get(id); }
}
const show = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)}ms ${k}`).join("\n");
console.log("INCLUSIVE\n" + show(incl, 40)); console.log("SELF\n" + show(self, 20));
closeDb();
