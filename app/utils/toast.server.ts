import { data } from "@remix-run/node";
import { toastCookie } from "./cookies.server";
import { toastSchema, type Toast, type ToastAnswer } from "./toast";

export type { Toast };

/** Set-Cookie header carrying one toast to the next page (flash message). */
export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie().serialize(toast);
}

/** Reads the flash toast of a request and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie();
  const raw: unknown = await cookie.parse(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(raw);
  if (!parsed.success) return { toast: null, clear: null };
  return { toast: parsed.data, clear: await cookie.serialize("", { maxAge: 0 }) };
}

/** A redirect that shows a toast on the page it leads to. */
export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  headers.set("Location", url);
  return new Response(null, { ...init, status: 302, headers });
}

/**
 * A successful form answer whose toast the root shows, through the flash cookie, after the
 * revalidation that follows the action. For forms whose success removes the component that sent
 * them (a deleted connection's card, a decided listing leaving the moderation queue): that
 * component may unmount in the very render that carries its answer, and its own toast would be
 * lost (seen under load, when React merges the two updates).
 */
export async function successWithFlashToast(message: string) {
  const answer: ToastAnswer = { ok: true };
  return data(answer, { headers: { "Set-Cookie": await toastHeader({ type: "success", message }) } });
}
