import type { SerializeFrom } from "@remix-run/node";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ImportJobView } from "~/services/imports/import-job-view";
import { useToast } from "./toasts";
import type { Toast } from "~/utils/toast";

/** What a resource route that starts an import job answers (file import, connection sync). */
export type JobStartAnswer = { ok: boolean; toast?: Toast; job?: ImportJobView };

/**
 * The fetcher of a form or button that starts an import job: shows the answer's toast and calls
 * `onStarted` once for each answer that started a job.
 */
export function useJobStartFetcher<Answer extends JobStartAnswer>(
  onStarted: (job: ImportJobView, answer: SerializeFrom<Answer>) => void,
) {
  const fetcher = useFetcher<Answer>();
  useToast(fetcher.data?.toast);

  // Only a new answer starts following a job; it arrives while the page revalidates.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok || !answer.job || handled.current === answer) return;
    handled.current = answer;
    onStarted(answer.job, answer);
  }, [fetcher.data, onStarted]);

  return fetcher;
}
