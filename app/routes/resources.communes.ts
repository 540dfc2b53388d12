import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ZONE_LIMITS } from "~/config";
import { searchCommunes } from "~/services/geo/communes.server";
import { communeLabel } from "~/services/prospecting/zone-cards.server";
import type { CommuneSuggestion } from "~/services/prospecting/zone-form";
import { requireUser } from "~/utils/permissions.server";

const querySchema = z.string().trim().max(60).catch("");

/**
 * The commune search of the zone form (/prospection): `?q=` a name ("villeur", "saint-et") or a
 * postal code ("69003"); the most populated first. Signed-in users only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = querySchema.parse(new URL(request.url).searchParams.get("q") ?? "");
  const communes: CommuneSuggestion[] = searchCommunes(q, ZONE_LIMITS.communeSuggestions).map((commune) => ({
    code: commune.code,
    label: communeLabel(commune.code),
  }));
  return Response.json({ communes }, { headers: { "Cache-Control": "private, max-age=3600" } });
}
