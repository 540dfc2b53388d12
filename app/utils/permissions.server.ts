import { MSG } from "~/messages";
import { getSessionUser, type SessionUser } from "~/services/users/users.server";
import { readSessionId, resolveSession } from "./session.server";
import { redirectWithToast } from "./toast.server";

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const userId = resolveSession(sessionId);
  return userId ? getSessionUser(userId) : null;
}

/**
 * First line of every protected loader and action. Without a valid session (SPEC.md sections 5
 * and 8):
 * - a client that asks for JSON (polling, the key reveal) gets a 401 'Non authentifié';
 * - a form or fetcher submission (the session expired while the page was open) goes to /auth
 *   with the toast 'Session invalide', so nothing shows an error page;
 * - a page goes to /auth with the toast 'Vous devez être connecté'.
 * Thrown as Responses: a resource route does not turn a thrown `data()` into its status.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  if (wantsJson(request)) throw Response.json({ ok: false, error: MSG.notAuthenticated }, { status: 401 });
  const message = request.method === "GET" ? MSG.mustBeSignedIn : MSG.invalidSession;
  throw await redirectWithToast("/auth", { type: "error", message });
}

function wantsJson(request: Request) {
  return (request.headers.get("Accept") ?? "").includes("application/json");
}

type Denial = { message: string; redirectTo: string };

export const ADMIN_DENIALS = {
  adminRequests: { message: MSG.deniedAdminRequests, redirectTo: "/" },
  import: { message: MSG.deniedImport, redirectTo: "/dashboard" },
  admin: { message: MSG.deniedAdmin, redirectTo: "/" },
} satisfies Record<string, Denial>;

/**
 * Requires an administrator. A page load by a non-administrator is redirected with the denial
 * toast of SPEC.md section 6; any other request (an action, a hand-made POST) answers 403.
 */
export async function requireAdmin(request: Request, denial: Denial): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.isAdmin) return user;
  if (request.method === "GET") {
    throw await redirectWithToast(denial.redirectTo, { type: "error", message: denial.message });
  }
  throw Response.json({ ok: false, error: denial.message }, { status: 403 });
}
