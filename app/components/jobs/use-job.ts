import { useEffect, useRef, useState } from "react";
import { JOB_POLL_INTERVAL_MS } from "~/config";
import { isOpenJob, type JobPollAnswer, type JobView } from "~/services/jobs/job-view";
import { showToast } from "../toasts";

type Polled<View> = { id: string | null; job: View | null; error: string | null };

/**
 * Follows one job of any kind: polls `GET /resources/jobs/{id}` every JOB_POLL_INTERVAL_MS while
 * it is pending or processing, then stops. When it is seen reaching its end (not a job that had
 * already ended when first seen), its end toast shows once and `onFinished` fires once. A null id
 * follows nothing; a new id starts over.
 */
export function useJob<View extends JobView>(
  jobId: string | null,
  options: { initialJob?: View | null; onFinished?: (job: View) => void } = {},
): { job: View | null; error: string | null } {
  const start = (id: string | null): Polled<View> => ({
    id,
    job: id && options.initialJob?.id === id ? options.initialJob : null,
    error: null,
  });
  const [polled, setPolled] = useState<Polled<View>>(() => start(jobId));
  const current = polled.id === jobId ? polled : start(jobId);
  if (polled.id !== jobId) setPolled(current);
  const { job, error } = current;
  // A failed poll (network blip, server restart) simply tries again at the next tick.
  const [retry, setRetry] = useState(0);
  const seen = useRef({ id: jobId, open: job === null || isOpenJob(job), finished: false });
  if (seen.current.id !== jobId) seen.current = { id: jobId, open: job === null || isOpenJob(job), finished: false };
  const onFinished = useRef(options.onFinished);
  onFinished.current = options.onFinished;

  useEffect(() => {
    if (!jobId || (job && !isOpenJob(job)) || error) return;
    const controller = new AbortController();
    const timer = setTimeout(
      async () => {
        try {
          const response = await fetch(`/resources/jobs/${encodeURIComponent(jobId)}`, {
            headers: { Accept: "application/json" },
            signal: controller.signal,
          });
          const answer = (await response.json()) as JobPollAnswer<View>;
          if (answer.ok) setPolled({ id: jobId, job: answer.job, error: null });
          else if (response.status === 404 || response.status === 401) setPolled({ id: jobId, job, error: answer.error });
          else setRetry((n) => n + 1);
        } catch {
          if (!controller.signal.aborted) setRetry((n) => n + 1);
        }
      },
      job ? JOB_POLL_INTERVAL_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [jobId, job, error, retry]);

  useEffect(() => {
    if (!job) return;
    if (isOpenJob(job)) {
      seen.current.open = true;
      return;
    }
    if (!seen.current.open || seen.current.finished) return;
    seen.current.finished = true;
    if (job.endToast) showToast(job.endToast);
    onFinished.current?.(job);
  }, [job]);

  return { job, error };
}
