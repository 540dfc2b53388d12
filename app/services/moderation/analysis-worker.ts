// Worker thread of moderation runs: builds the context (every listing of the platform, read
// through its own read-only connection) and analyses the batches, then posts the verdicts to the
// main thread, which writes them. The engine's CPU time thus never blocks the server's event loop
// and overlaps with the writes on the second core (docs/decisions/008-moderation-runs.md).
import Database from "better-sqlite3";
import { parentPort } from "node:worker_threads";
import { analysedBatches, buildContext } from "./analysed-batches.server";
import type { AnalysisReply, AnalysisRequest } from "./analysis-protocol";
import { ANALYSIS_WINDOW } from "./analysis-protocol";
import type { ModerationContext } from "./engine";
import { fairPacer, FairTurns } from "./fair-turns";

const port = parentPort!;
type Session = { db: Database.Database; context: Promise<ModerationContext>; abort: AbortController };
type Run = { credits: number; wake: (() => void) | null; abort: AbortController };
const sessions = new Map<string, Session>();
const runs = new Map<string, Run>();

const reply = (message: AnalysisReply) => port.postMessage(message);
// Long enough to keep the engine busy, short enough to hear a Stop within a few milliseconds.
const SLICE_MS = 25;
// One worker serves every account: its slices go round the accounts (fair-turns.ts).
const turns = new FairTurns();
const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));
const pacer = (account: string) => fairPacer(turns, account, SLICE_MS, nextTick);

/** Runs `work` on turns of `account`: holds the worker from its first turn to its last slice. */
async function onTurns<T>(account: string, work: () => Promise<T>): Promise<T> {
  await turns.acquire(account);
  try {
    return await work();
  } finally {
    turns.release();
  }
}

function open(request: Extract<AnalysisRequest, { type: "open" }>) {
  const db = new Database(request.databasePath, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const abort = new AbortController();
  const context = onTurns(request.account, () => buildContext(db, { signal: abort.signal, pace: pacer(request.account) }));
  sessions.set(request.session, { db, context, abort });
  context.then(
    (built) => reply({ type: "opened", session: request.session, size: built.size }),
    (error: Error) => reply({ type: "error", session: request.session, message: error.message }),
  );
}

async function run(request: Extract<AnalysisRequest, { type: "run" }>) {
  const session = sessions.get(request.session);
  const state: Run = { credits: ANALYSIS_WINDOW, wake: null, abort: new AbortController() };
  runs.set(request.run, state);
  try {
    if (!session) throw new Error("session d'analyse inconnue");
    const context = await session.context;
    const account = request.job.userId;
    const batches = analysedBatches(session.db, context, request.job, request.cap, { signal: state.abort.signal, pace: pacer(account) });
    for (;;) {
      // The turn is held while a batch is analysed, never while waiting for the main thread.
      const next = await onTurns(account, () => batches.next());
      if (next.done || state.abort.signal.aborted) break;
      reply({ type: "batch", run: request.run, batch: next.value });
      state.credits -= 1;
      while (state.credits <= 0 && !state.abort.signal.aborted) await new Promise<void>((resolve) => (state.wake = resolve));
    }
    if (state.abort.signal.aborted) await batches.return(undefined);
    reply({ type: "end", run: request.run });
  } catch (error) {
    reply({ type: "error", run: request.run, message: (error as Error).message });
  } finally {
    runs.delete(request.run);
  }
}

function wake(id: string, change: (state: Run) => void) {
  const state = runs.get(id);
  if (!state) return;
  change(state);
  state.wake?.();
  state.wake = null;
}

port.on("message", (request: AnalysisRequest) => {
  if (request.type === "open") open(request);
  else if (request.type === "run") void run(request);
  else if (request.type === "ack") wake(request.run, (state) => (state.credits += 1));
  else if (request.type === "stop") wake(request.run, (state) => state.abort.abort());
  else {
    const session = sessions.get(request.session);
    if (!session) return;
    sessions.delete(request.session);
    session.abort.abort();
    // Closed once its context settles: a context still being built is reading through it.
    void session.context.finally(() => session.db.close()).catch(() => {});
  }
});
reply({ type: "ready" });
