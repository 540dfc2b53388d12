import fs from "node:fs";
import { performance } from "node:perf_hooks";
const file = "/tmp/charts-probe/bench.db";
const fresh = !fs.existsSync(file);
fs.mkdirSync("/tmp/charts-probe", { recursive: true });
process.env.DATABASE_PATH = file;
process.env.VIGIMMO_SILENT_LOGS = "true";
const { getSqlite } = await import("~/utils/db.server");
const { seedUserListings } = await import("./bench-database");
let userId: string;
if (fresh) {
  userId = await seedUserListings({ email: "probe@example.fr", password: "probe-probe", fullName: "P" }, 100_000, 31);
  const s = getSqlite();
  s.prepare("update properties set source_platform = 'moteurimmo' where created_by = ? and id % 3 = 0").run(userId);
  s.pragma("optimize");
} else userId = (getSqlite().prepare("select id from users where email='probe@example.fr'").pluck().get() as string);
const { getAccountCharts, getPlatformCharts } = await import("~/services/analytics/charts.server");
const sqlite = getSqlite();
const orig = sqlite.prepare.bind(sqlite);
(sqlite as any).prepare = (sql: string) => {
  const st = orig(sql);
  return new Proxy(st, { get(t, p) { const v = (t as any)[p]; if (p === "all") return (...a: unknown[]) => { const t0 = performance.now(); const r = v.apply(t, a); if (process.env.Q) console.log((performance.now() - t0).toFixed(1), "ms", sql.replace(/\s+/g, " ").slice(0, 140)); if (process.env.PLAN) console.log(orig("explain query plan " + sql).all(...a).map((x: any) => "   " + x.detail).join("\n")); return r; }; return typeof v === "function" ? v.bind(t) : v; } });
};
for (const period of [30, 30, 30, 30, 30, 30, 90, 90, 90, 90] as const) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  if (process.env.ADMIN) getPlatformCharts(period); else getAccountCharts(userId, period);
  const c = process.cpuUsage(c0);
  console.log("TOTAL", period, (performance.now() - t0).toFixed(1), "cpu", ((c.user + c.system) / 1000).toFixed(1));
}
