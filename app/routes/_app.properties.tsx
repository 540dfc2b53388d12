import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { ImportControls } from "~/components/import-controls";
import { ListingCard } from "~/components/listings/listing-card";
import { ListingFiltersCard } from "~/components/listings/listing-filters";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { PageHeader } from "~/components/ui/page-header";
import { LISTINGS_MAX_LIMIT, LISTINGS_PAGE_SIZE } from "~/config";
import { loadImportControls } from "~/services/connections/import-controls.server";
import { STATUS_BADGES, STATUS_LABELS, STATUS_ORDER } from "~/services/listings/listing-labels";
import type { StatusCounts, StatusFilter } from "~/services/listings/listing-filters";
import { readListingFilters } from "~/services/listings/listing-filters-query";
import { countListingsByStatus, listFilterOptions, listListings } from "~/services/listings/listings.server";
import { zoneOptions } from "~/services/prospecting/zones.server";
import { formatCount, formatNumber } from "~/utils/format";
import { requireUser } from "~/utils/permissions.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MSG } from "~/messages";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const filters = readListingFilters(request.url);
  const importControls = loadImportControls(user);
  const counts = countListingsByStatus(user.id, { online: true });
  const { listings, total } = listListings(user.id, filters, counts);
  return { filters, counts, listings, total, options: listFilterOptions(user.id), zones: zoneOptions(user.id), isAdmin: user.isAdmin, importControls };
}

function HeaderActions({ isAdmin }: { isAdmin: boolean }) {
  const { search } = useLocation();
  const { importControls, counts } = useLoaderData<typeof loader>();
  return (
    <>
      <ImportControls data={{ ...importControls, isAdmin }} />
      {/* Every user reviews their own suspicious listings (SPEC.md section 1), not only admins. */}
      <Link to="/moderation" className={buttonClasses("secondary")}>
        Modération IA
        {counts.suspicious > 0 ? <Badge tone="amber">{formatNumber(counts.suspicious)}</Badge> : null}
      </Link>
      <Link to="/verifier-annonce" className={buttonClasses("secondary")}>
        Vérifier une annonce
      </Link>
      <Link to={{ pathname: "/properties", search }} preventScrollReset className={buttonClasses("secondary")}>
        Actualiser
      </Link>
      {/* A download, not a navigation: the file is streamed by a resource route. */}
      <a href={`/resources/listings-csv${search}`} download className={buttonClasses("secondary")}>
        Exporter en CSV
      </a>
    </>
  );
}

/**
 * Nothing to show: either no listing at all, or filters that hide them, in which case the card
 * says how many there are and links to the statuses that hold them (issue 24 item 4: an empty
 * list beside non-zero badges must say why).
 */
function EmptyState({ counts, status }: { counts: StatusCounts; status: StatusFilter }) {
  const { search } = useLocation();
  if (counts.all === 0) {
    return (
      <Card className="px-6 py-12 text-center">
        <p className="text-lg font-semibold text-slate-900">Aucune annonce trouvée</p>
        <p className="mt-2 text-sm text-slate-600">Importez vos premières annonces</p>
      </Card>
    );
  }
  const withStatus = (next: StatusFilter) => {
    const params = new URLSearchParams(search);
    params.set("status", next);
    params.delete("limit");
    return `/properties?${params}`;
  };
  const others = STATUS_ORDER.filter((other) => other !== status && counts[other] > 0);
  return (
    <Card className="px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">Aucune annonce trouvée</p>
      <p className="mt-2 text-sm text-slate-600">
        {status !== "all" && counts[status] === 0
          ? `Aucune de vos ${formatCount(counts.all, "annonce", "annonces")} n'a le statut « ${STATUS_BADGES[status].label} ».`
          : `Vos filtres masquent vos ${formatCount(counts.all, "annonce", "annonces")}. Essayez de modifier vos filtres de recherche.`}
      </p>
      {status !== "all" && others.length > 0 ? (
        <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Statuts qui ont des annonces">
          {others.map((other) => (
            <li key={other}>
              <Link to={withStatus(other)} className={buttonClasses("secondary", "sm")}>
                {STATUS_LABELS[other]} ({formatNumber(counts[other])})
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <Link to="/properties" className={cn(buttonClasses("primary", "sm"), "mt-4")}>
        Voir toutes les annonces
      </Link>
    </Card>
  );
}

/** 'Charger plus d'annonces': a plain link raising `limit`, so it also works without JavaScript. */
function LoadMore({ limit }: { limit: number }) {
  const { search } = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(search);
  params.set("limit", String(Math.min(LISTINGS_MAX_LIMIT, limit + LISTINGS_PAGE_SIZE)));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/properties";
  return (
    <div className="mt-8 flex justify-center">
      <Link to={`/properties?${params}`} preventScrollReset replace className={buttonClasses("secondary")} aria-disabled={loading || undefined}>
        {loading ? "Chargement..." : "Charger plus d'annonces"}
      </Link>
    </div>
  );
}

export default function PropertiesPage() {
  const { filters, counts, listings, total, options, zones, isAdmin } = useLoaderData<typeof loader>();
  // SPEC.md: more pages exist when a full page came back and fewer than the count are shown.
  const hasMore = listings.length === filters.limit && listings.length < total;
  return (
    <div>
      <PageHeader title="Mes Annonces" subtitle="Gérez et suivez les annonces que vous avez importées" actions={<HeaderActions isAdmin={isAdmin} />} />
      <ListingFiltersCard filters={filters} counts={counts} cities={options.cities} types={options.types} zones={zones} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          <span className="font-semibold">{formatNumber(listings.length)}</span> annonce{listings.length > 1 ? "s" : ""} affichée
          {listings.length > 1 ? "s" : ""} sur <span className="font-semibold">{formatNumber(total)}</span>
        </p>
        <ul className="flex flex-wrap gap-2" aria-label="Nombre d'annonces par statut">
          {STATUS_ORDER.map((status) => (
            <li key={status}>
              <Badge tone={STATUS_BADGES[status].tone}>
                {STATUS_LABELS[status]} : {formatNumber(counts[status])}
              </Badge>
            </li>
          ))}
        </ul>
      </div>
      {listings.length === 0 ? (
        <EmptyState counts={counts} status={filters.status} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Annonces">
          {listings.map((listing) => (
            <ListingCard key={listing.id} listing={listing} />
          ))}
        </ul>
      )}
      {hasMore && filters.limit < LISTINGS_MAX_LIMIT ? <LoadMore limit={filters.limit} /> : null}
      {hasMore && filters.limit >= LISTINGS_MAX_LIMIT ? (
        <p className="mt-8 text-center text-sm text-slate-600">
          Affichage limité aux {formatNumber(LISTINGS_MAX_LIMIT)} annonces les plus récentes : affinez vos filtres pour voir les autres.
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Mes annonces | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={MSG.listingsLoadError} />;
}
