import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { PanelActionData } from "~/services/moderation/moderation-job-view";
import { isOpenJob } from "~/services/jobs/job-view";
import type { ModerationJobView } from "~/services/moderation/moderation-job-view";
import type { ModerationPanelStatus } from "~/services/moderation/panel-status.server";
import { useJob } from "../jobs/use-job";
import { useToast } from "../toasts";

export const PANEL_ENDPOINT = "/resources/moderation";

/**
 * State of the moderation panel: its status (from the panel endpoint), the action fetcher, and
 * the running job followed by useJob until it ends; then the page data is revalidated so that
 * counts and lists show the verdicts.
 */
export function useModerationRun(initial?: ModerationPanelStatus) {
  const status = useFetcher<ModerationPanelStatus>();
  const action = useFetcher<PanelActionData>();
  const revalidator = useRevalidator();
  const [watched, setWatched] = useState<ModerationJobView | null>(initial && isOpenJob(initial.job) ? initial.job : null);
  // The last run seen ending here: a status answer older than its end must not revive it.
  const [finished, setFinished] = useState<ModerationJobView | null>(null);
  const loadStatus = useRef(status.load);
  loadStatus.current = status.load;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const current = status.data ?? initial;

  // Without server data (the dashboard), the panel fetches its own state once.
  useEffect(() => {
    if (!initial) loadStatus.current(PANEL_ENDPOINT);
  }, [initial]);

  // A run already open when the page loads (reload, another tab) is followed too.
  useEffect(() => {
    if (!watched && isOpenJob(current?.job) && current!.job!.id !== finished?.id) setWatched(current!.job!);
  }, [current, watched, finished]);

  // A run just started by this panel.
  useEffect(() => {
    if (action.data?.job && isOpenJob(action.data.job)) setWatched(action.data.job);
  }, [action.data]);

  useToast(action.data?.toast);

  // After a reset, a dedupe or a refused start, show the fresh counts.
  useEffect(() => {
    if (action.state === "idle" && action.data && !action.data.job) loadStatus.current(PANEL_ENDPOINT);
  }, [action.state, action.data]);

  const onFinished = useCallback((job: ModerationJobView) => {
    setFinished(job);
    setWatched(null);
    loadStatus.current(PANEL_ENDPOINT);
    revalidate.current();
  }, []);
  const polled = useJob(watched?.id ?? null, { initialJob: watched, onFinished });

  // A run that no longer answers (deleted with its account, another session) is not followed forever.
  useEffect(() => {
    if (polled.error) setWatched(null);
  }, [polled.error]);

  const latest =
    finished && (!current?.job || current.job.id === finished.id || !isOpenJob(current.job)) ? finished : (current?.job ?? null);
  const job: ModerationJobView | null = polled.job ?? latest ?? null;
  const running = Boolean(watched) || isOpenJob(job) || (action.state !== "idle" && isRunIntent(action.formData?.get("intent")));
  return { status: current, job, running, action, submit: action.submit };
}

function isRunIntent(intent: FormDataEntryValue | null | undefined) {
  return intent === "start" || intent === "auto" || intent === "reanalyze";
}
