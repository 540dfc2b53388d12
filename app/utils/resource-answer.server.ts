import { redirectWithToast, type Toast } from "./toast.server";

/** What resource routes answer to a form post: success flag, toast, and route-specific fields. */
export type ResourceAnswerBody = { ok: boolean; toast?: Toast; [key: string]: unknown };

/**
 * A form posted without JavaScript (a browser navigation) rather than by a fetcher. Browsers
 * without Sec-Fetch-Mode still ask for HTML; fetchers ask for anything.
 */
function isFormNavigation(request: Request): boolean {
  return (
    request.headers.get("Sec-Fetch-Mode") === "navigate" ||
    (request.headers.get("Accept") ?? "").startsWith("text/html")
  );
}

/**
 * The one answer of a resource route to a form post: fetchers get the JSON body with its real
 * HTTP status, a form posted without JavaScript goes back to `redirectTo` with the toast, or with
 * `navigationToast` when the body has none (a fetcher shows progress instead, a page cannot). A
 * function is only called then, so reading the Referer or a form field cannot fail a fetcher.
 *
 * A Response rather than `data()`: a resource route's `data()` is turned into a JSON 200 by
 * Remix for plain HTTP calls, so a refused request would have looked successful.
 */
export async function resourceAnswer(
  request: Request,
  body: ResourceAnswerBody,
  {
    status = 200,
    headers,
    redirectTo,
    navigationToast,
  }: {
    status?: number;
    headers?: HeadersInit;
    redirectTo: string | ((request: Request) => string);
    navigationToast?: Toast;
  },
): Promise<Response> {
  if (isFormNavigation(request)) {
    const url = typeof redirectTo === "function" ? redirectTo(request) : redirectTo;
    const toast = body.toast ?? navigationToast;
    return toast ? redirectWithToast(url, toast, { headers }) : new Response(null, { status: 302, headers: { ...headers, Location: url } });
  }
  return Response.json(body, { status, headers });
}
