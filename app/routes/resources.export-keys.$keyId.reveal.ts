import type { ActionFunctionArgs } from "@remix-run/node";
import { revealExportKey } from "~/services/keys/export-keys.server";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * POST /resources/export-keys/:keyId/reveal: the clear key, for its owner only. The keys page asks
 * for it when the user clicks show or copy, so the clear key is never part of the page itself.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "POST") return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: NO_STORE });
  const result = revealExportKey(user.id, params.keyId ?? "");
  if (result.status === "ok") return Response.json({ ok: true, apiKey: result.apiKey }, { headers: NO_STORE });
  if (result.status === "not_found") return Response.json({ ok: false, error: "Clé API introuvable" }, { status: 404, headers: NO_STORE });
  logEvent("export_key.unreadable", { keyId: params.keyId, userId: user.id });
  return Response.json(
    { ok: false, error: "Clé illisible : le secret du serveur a changé. Supprimez-la et demandez-en une nouvelle." },
    { status: 500, headers: NO_STORE },
  );
}

export async function loader() {
  return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
