import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { JOB_POLL_INTERVAL_MS } from "~/config";
import type { JobPollData } from "~/routes/resources.moderation-jobs.$id";
import type { PanelActionData } from "~/routes/resources.moderation";
import type { ModerationJobView, ModerationPanelStatus } from "~/services/moderation/panel-status.server";
import { showToast, useToast, type ToastMessage } from "../toasts";

export const PANEL_ENDPOINT = "/resources/moderation";

const isOpen = (job: ModerationJobView | null | undefined) => job?.status === "pending" || job?.status === "processing";

/** The toast of a finished run (SPEC.md section 8), from the message the job stored. */
function finishedToast(job: ModerationJobView): ToastMessage | null {
  if (!job.message) return null;
  if (job.status === "failed") return { type: "error", message: job.message };
  if (job.status === "cancelled") return { type: "warning", message: job.message };
  if (job.message.startsWith("⚠️")) return { type: "warning", message: job.message };
  return { type: job.moderated > 0 ? "success" : "info", message: job.message };
}

/**
 * State of the moderation panel: its status (from the panel endpoint), the action fetcher, and
 * the polling of a running job until it ends; then the page data is revalidated so that counts
 * and lists show the verdicts.
 */
export function useModerationRun(initial?: ModerationPanelStatus) {
  const status = useFetcher<ModerationPanelStatus>();
  const action = useFetcher<PanelActionData>();
  const poll = useFetcher<JobPollData>();
  const revalidator = useRevalidator();
  const [watched, setWatched] = useState<string | null>(initial && isOpen(initial.job) ? initial.job!.id : null);
  // The last run seen ending here: a status answer older than its end must not revive it.
  const [finished, setFinished] = useState<ModerationJobView | null>(null);
  const loadStatus = useRef(status.load);
  loadStatus.current = status.load;

  const current = status.data ?? initial;

  // Without server data (the dashboard), the panel fetches its own state once.
  useEffect(() => {
    if (!initial) loadStatus.current(PANEL_ENDPOINT);
  }, [initial]);

  // A run already open when the page loads (reload, another tab) is followed too.
  useEffect(() => {
    if (!watched && isOpen(current?.job) && current!.job!.id !== finished?.id) setWatched(current!.job!.id);
  }, [current, watched, finished]);

  // A run just started by this panel.
  useEffect(() => {
    if (action.data?.job && isOpen(action.data.job)) setWatched(action.data.job.id);
  }, [action.data]);

  useToast(action.data?.toast);

  // After a reset, a dedupe or a refused start, show the fresh counts.
  useEffect(() => {
    if (action.state === "idle" && action.data && !action.data.job) loadStatus.current(PANEL_ENDPOINT);
  }, [action.state, action.data]);

  const pollLoad = useRef(poll.load);
  pollLoad.current = poll.load;
  useEffect(() => {
    if (!watched) return;
    pollLoad.current(`/resources/moderation-jobs/${watched}`);
    const timer = setInterval(() => pollLoad.current(`/resources/moderation-jobs/${watched}`), JOB_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [watched]);

  // A run that no longer answers (deleted with its account, another session) is not polled forever.
  useEffect(() => {
    if (poll.data && !poll.data.ok) setWatched(null);
  }, [poll.data]);

  const polled = poll.data?.ok && poll.data.job.id === watched ? poll.data.job : null;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!polled || isOpen(polled)) return;
    const toast = finishedToast(polled);
    if (toast) showToast(toast);
    setFinished(polled);
    setWatched(null);
    loadStatus.current(PANEL_ENDPOINT);
    revalidate.current();
  }, [polled]);

  const latest =
    finished && (!current?.job || current.job.id === finished.id || !isOpen(current.job)) ? finished : (current?.job ?? null);
  const started = watched && action.data?.job?.id === watched ? action.data.job : null;
  const job: ModerationJobView | null = polled ?? started ?? latest ?? null;
  const running = Boolean(watched) || isOpen(job) || (action.state !== "idle" && isRunIntent(action.formData?.get("intent")));
  return { status: current, job, running, action, submit: action.submit };
}

function isRunIntent(intent: FormDataEntryValue | null | undefined) {
  return intent === "start" || intent === "auto" || intent === "reanalyze";
}
