import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { COMPLIANCE_LABELS } from "~/services/compliance/compliance-texts";
import { daysOnMarketLabel, PRICE_DROP_BADGE, WITHDRAWN_BADGE } from "~/services/listings/listing-changes";
import { STATUS_BADGES } from "~/services/listings/listing-labels";
import type { ListingCard as Listing } from "~/services/listings/listings.server";
import { formatPrice, formatSurface } from "~/utils/format";
import { ListingImage } from "./listing-image";
import { ReportScamButton } from "./report-scam-button";

function ownerName(owner: NonNullable<Listing["owner"]>) {
  return [owner.firstName, owner.lastName].filter(Boolean).join(" ");
}

/** One card of the /properties grid; the card links to the listing's page, an active one can be reported. */
export function ListingCard({ listing }: { listing: Listing }) {
  const status = STATUS_BADGES[listing.status];
  const facts = [
    listing.propertyType,
    listing.bedrooms !== null ? `${listing.bedrooms} ch.` : null,
    listing.bathrooms !== null ? `${listing.bathrooms} sdb` : null,
    listing.surfaceArea !== null ? formatSurface(listing.surfaceArea) : null,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-brand-600">
      <Link to={`/property/${listing.id}`} className="block focus:outline-none" aria-label={`${listing.title}, ${formatPrice(listing.price)}`}>
        <div className="relative">
          <ListingImage listingId={listing.id} src={listing.image} alt={listing.title} className="h-48 w-full" propertyType={listing.propertyType} />
          <div className="absolute left-2 top-2 flex flex-wrap gap-1">
            {listing.flagged ? <Badge tone="red">Flaggé IA</Badge> : null}
            <Badge tone={status.tone}>{status.label}</Badge>
            {listing.compliance === "non_conforme" ? <Badge tone="red">{COMPLIANCE_LABELS.non_conforme}</Badge> : null}
            {listing.withdrawnAt ? <Badge tone="slate">{WITHDRAWN_BADGE}</Badge> : null}
            {listing.priceDropped ? <Badge tone="emerald">{PRICE_DROP_BADGE}</Badge> : null}
          </div>
        </div>
        <div className="space-y-2 p-4">
          <h2 className="line-clamp-2 font-semibold text-slate-900">{listing.title}</h2>
          <p className="text-lg font-bold text-brand-700">
            {formatPrice(listing.price)}
            {listing.transactionType === "rental" && listing.price !== null ? <span className="text-sm font-medium text-slate-600"> /mois</span> : null}
          </p>
          <p className="text-sm text-slate-700">{[listing.address, listing.city].filter(Boolean).join(", ") || "Adresse non renseignée"}</p>
          {listing.owner && (ownerName(listing.owner) || listing.owner.email) ? (
            <p className="text-sm text-slate-700">
              <span className="font-medium">Propriétaire :</span> {ownerName(listing.owner)}
              {listing.owner.email ? <span className="block truncate text-slate-600">{listing.owner.email}</span> : null}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">{daysOnMarketLabel(listing.daysOnMarket, listing.withdrawnAt !== null)}</p>
          {facts.length ? (
            <ul className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600" aria-label="Caractéristiques">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </Link>
      {listing.status === "active" ? (
        // Outside the link: the report opens its own dialog instead of the listing's page.
        <div className="border-t border-slate-100 px-4 py-3">
          <ReportScamButton listingId={listing.id} listingTitle={listing.title} size="sm" />
        </div>
      ) : null}
    </li>
  );
}
