import type { LoaderFunctionArgs } from "@remix-run/node";
import { listingCsvStream } from "~/services/listings/listing-csv-export.server";
import { readListingFilters } from "~/services/listings/listing-filters-query";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";

/**
 * "Exporter en CSV" of /properties: the user's own listings matching the same query string as
 * the list (every one of them, not only the page on screen), streamed as a file download.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = readListingFilters(request.url);
  const day = new Date().toISOString().slice(0, 10);
  logEvent("listings.csv_export", { userId: user.id, status: filters.status, changes: filters.changes });
  return new Response(listingCsvStream(user.id, filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="annonces-vigimmo-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
