import crypto from "node:crypto";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import { logEvent } from "~/utils/log.server";
import { startTsxWorker } from "../jobs/tsx-worker.server";
import type { AnalysedBatch, LoopJob } from "./analysed-batches.server";
import type { AnalysisReply, AnalysisRequest } from "./analysis-protocol";
import type { Analyzer } from "./analyzer.server";

/**
 * The analysis worker (analysis-worker.ts): one per process, started by the first moderation run
 * and kept. Like the import's parsing worker, it runs the TypeScript sources through tsx (the
 * sources and tsx ship with the app). If it cannot start, runs analyse in this thread instead.
 */
type Listener = (reply: AnalysisReply) => void;
type Thread = { worker: Worker; ready: Promise<boolean>; listeners: Set<Listener>; alive: boolean; users: number };

const state = globalThis as unknown as { __vigimmoAnalysisThread?: Thread | null };
const WORKER_FILE = path.join(process.cwd(), "app/services/moderation/analysis-worker.ts");
const STOPPED = "le processus d'analyse s'est arrêté";

function startThread(): Thread | null {
  if (state.__vigimmoAnalysisThread !== undefined) return state.__vigimmoAnalysisThread;
  try {
    const worker = startTsxWorker(WORKER_FILE);
    let markReady: (ok: boolean) => void = () => {};
    const ready = new Promise<boolean>((resolve) => (markReady = resolve));
    const thread: Thread = { worker, ready, listeners: new Set(), alive: true, users: 0 };
    worker.unref();
    worker.on("message", (reply: AnalysisReply) => {
      if (reply.type === "ready") return markReady(true);
      for (const listener of [...thread.listeners]) listener(reply);
    });
    const fail = (error: Error) => {
      if (!thread.alive) return;
      thread.alive = false;
      logEvent("moderation.worker_stopped", { error: error.message });
      if (state.__vigimmoAnalysisThread === thread) state.__vigimmoAnalysisThread = undefined;
      for (const listener of [...thread.listeners]) listener({ type: "error", message: STOPPED });
      markReady(false);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`code ${code}`)));
    state.__vigimmoAnalysisThread = thread;
    return thread;
  } catch (error) {
    logEvent("moderation.worker_unavailable", { error: (error as Error).message });
    state.__vigimmoAnalysisThread = null;
    return null;
  }
}

function post(thread: Thread, request: AnalysisRequest) {
  if (thread.alive) thread.worker.postMessage(request);
}

/** Holds the worker (and so the process) only while a session is open: a CLI exits when done. */
function hold(thread: Thread, delta: 1 | -1) {
  thread.users += delta;
  if (thread.users > 0) thread.worker.ref();
  else thread.worker.unref();
}

function abortError() {
  return new DOMException("Analyse arrêtée", "AbortError");
}

/** An analyzer whose context lives in the worker; null when the worker is unavailable. */
export async function openWorkerAnalyzer(databasePath: string, signal?: AbortSignal): Promise<Analyzer | null> {
  const thread = startThread();
  if (!thread || !(await thread.ready)) return null;
  const session = crypto.randomUUID();
  hold(thread, 1);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    post(thread, { type: "close", session });
    hold(thread, -1);
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
      post(thread, { type: "open", session, databasePath });
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
