import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Opens a page's dialog when the link that led here asked for it (`?ouvrir=<name>`): the
 * dashboard's first steps land on the file import or the new connection form in one click
 * (issue 24 item 7). Once per arrival, after hydration (a dialog is not server-rendered).
 */
export function useOpenOnArrival(name: string, open: () => void) {
  const [params] = useSearchParams();
  const requested = params.get("ouvrir") === name;
  const done = useRef(false);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (!requested || done.current) return;
    done.current = true;
    openRef.current();
  }, [requested]);
}
