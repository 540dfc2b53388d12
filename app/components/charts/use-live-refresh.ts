import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CHART_REFRESH_MS } from "~/config";

/**
 * Re-runs the page's loaders every `intervalMs` while the tab is visible, and once as soon as it
 * becomes visible again: an open dashboard follows imports and exports without a reload, and a
 * hidden one costs the server nothing.
 */
export function useLiveRefresh(intervalMs: number = CHART_REFRESH_MS) {
  const revalidator = useRevalidator();
  // The interval must not restart each time the revalidator's state changes.
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let timer: number | undefined;
    const refresh = () => {
      if (latest.current.state === "idle") latest.current.revalidate();
    };
    const follow = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.hidden) return;
      timer = window.setInterval(refresh, intervalMs);
    };
    const onVisibilityChange = () => {
      if (!document.hidden) refresh();
      follow();
    };
    follow();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibilityChange);
    };
  }, [intervalMs]);
}
