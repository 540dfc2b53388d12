// The fake MoteurImmo partner in its own process, so that its JSON work is not counted against
// the importing process's event loop (a real partner is another machine).
// Usage: node --import tsx scripts/bench/fake-partner-process.ts <total> <maxResults>
// Prints one JSON line {url, apiKey} when listening; stops when stdin closes.
import { startFakeMoteurImmo } from "../../testing/fake-moteurimmo";

const total = Number(process.argv[2] ?? 20_000);
const maxResults = Number(process.argv[3] ?? total);
const partner = await startFakeMoteurImmo({ total, maxResults });
process.stdout.write(`${JSON.stringify({ url: partner.url, apiKey: partner.apiKey })}\n`);
process.stdin.resume();
process.stdin.on("end", () => void partner.close().then(() => process.exit(0)));
