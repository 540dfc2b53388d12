import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountExportStream } from "~/services/account/account-export.server";
import { requireUser } from "~/utils/permissions.server";

/** « Télécharger mes données »: the signed-in user's own data, as a JSON file download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(accountExportStream(user.id), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="vigimmo-mes-donnees-${day}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
