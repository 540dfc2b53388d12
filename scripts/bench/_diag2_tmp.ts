import fs from "node:fs";
import os from "node:os";
import path from "node:path";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vbd-"));
process.env.DATABASE_PATH = path.join(dir, "b.db");
process.env.VIGIMMO_SILENT_LOGS = "true";
const { runImportJob, createImportJob } = await import("~/services/imports/import-jobs.server");
const { createUser } = await import("~/services/users.server");
const { generateDemoAds } = await import("~/services/moteurimmo/demo-feed.server");
const { adToListing } = await import("~/services/moteurimmo/mapping");
const { upsertListings } = await import("~/services/listing-upsert.server");
const listings = generateDemoAds(20000, 1).map((a) => adToListing(a));
const userId = await createUser({ email: "d@example.fr", password: "xxxxxxx", fullName: "D" });
if (process.argv[2] === "bare") {
  const t0 = performance.now();
  for (let i = 0; i < 20000; i += 1000) upsertListings(userId, listings.slice(i, i + 1000));
  console.log("bare", (20000 / (performance.now() - t0) * 1000).toFixed(0), "/s");
} else {
  const job = createImportJob(userId, { source: "demo", totalPages: 20 });
  const t0 = performance.now();
  await runImportJob(job, () => ({ async *pages() { for (let i = 0; i < 20000; i += 1000) yield { listings: listings.slice(i, i + 1000), invalid: [] }; } }));
  const g = globalThis as any; const sl = (g.__slices as number[]);
  console.log("job-sliced", (20000 / (performance.now() - t0) * 1000).toFixed(0), "/s; slices", sl.length, "sum", sl.reduce((a: number, b: number) => a + b, 0).toFixed(0));
}
process.exit(0);
