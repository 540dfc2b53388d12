import crypto from "node:crypto";
import path from "node:path";
import { sharedThread, type SharedThread } from "../jobs/worker-thread.server";
import type { AnalysedBatch, Analyzer, LoopJob } from "./analysed-batches.server";
import type { AnalysisReply, AnalysisRequest } from "./analysis-protocol";

/**
 * The analysis worker (analysis-worker.ts): one per process, started by the first moderation run
 * and kept. If it cannot start, runs analyse in this thread instead.
 */
type Thread = SharedThread<AnalysisReply>;
type Listener = (reply: AnalysisReply) => void;

const WORKER_FILE = path.join(process.cwd(), "app/services/moderation/analysis-worker.ts");
const STOPPED = "le processus d'analyse s'est arrêté";

function startThread(): Thread | null {
  return sharedThread<AnalysisReply>("moderation", WORKER_FILE, {
    onStopped(thread) {
      for (const listener of [...thread.listeners]) listener({ type: "error", message: STOPPED });
    },
  });
}

function post(thread: Thread, request: AnalysisRequest) {
  thread.post(request);
}

function abortError() {
  return new DOMException("Analyse arrêtée", "AbortError");
}

/** An analyzer whose context lives in the worker; null when the worker is unavailable. */
export async function openWorkerAnalyzer(databasePath: string, account: string, signal?: AbortSignal): Promise<Analyzer | null> {
  const thread = startThread();
  if (!thread || !(await thread.ready)) return null;
  const session = crypto.randomUUID();
  thread.hold(1);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    post(thread, { type: "close", session });
    thread.hold(-1);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(abortError());
      signal?.addEventListener("abort", onAbort, { once: true });
      const listener: Listener = (reply) => {
        if (reply.type === "opened" && reply.session === session) settle(resolve);
        else if (reply.type === "error" && (reply.session === session || (!reply.session && !reply.run))) settle(() => reject(new Error(reply.message)));
      };
      const settle = (done: () => void) => {
        thread.listeners.delete(listener);
        signal?.removeEventListener("abort", onAbort);
        done();
      };
      thread.listeners.add(listener);
      post(thread, { type: "open", session, databasePath, account });
    });
  } catch (error) {
    close();
    throw error;
  }
  return {
    batches: (job, cap) => remoteBatches(thread, session, job, cap),
    close,
  };
}

/** The batches of one run as they arrive; each one consumed gives the worker room for another. */
async function* remoteBatches(thread: Thread, session: string, job: LoopJob, cap: number): AsyncGenerator<AnalysedBatch> {
  const run = crypto.randomUUID();
  const queue: AnalysisReply[] = [];
  let wake: (() => void) | null = null;
  const listener: Listener = (reply) => {
    if (("run" in reply && reply.run === run) || (reply.type === "error" && !reply.run && !reply.session)) {
      queue.push(reply);
      wake?.();
      wake = null;
    }
  };
  thread.listeners.add(listener);
  let ended = false;
  try {
    post(thread, { type: "run", session, run, job, cap });
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const reply = queue.shift()!;
      if (reply.type === "end") {
        ended = true;
        return;
      }
      if (reply.type === "error") {
        ended = true;
        throw new Error(reply.message);
      }
      if (reply.type === "batch") {
        yield reply.batch;
        post(thread, { type: "ack", run });
      }
    }
  } finally {
    // The consumer stopped early (Stop, shutdown): the worker stops analysing this run.
    if (!ended) post(thread, { type: "stop", run });
    thread.listeners.delete(listener);
  }
}
