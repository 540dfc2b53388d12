import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { sourcePlatformLabel } from "~/services/listings/listing-labels";
import type { ListingDetail } from "~/services/listings/listings.server";
import { formatLongDate, formatNumber, formatSurface } from "~/utils/format";

const NOT_GIVEN = "Non renseigné";

type Listing = Omit<ListingDetail, "createdAt"> & { createdAt: Date | string };

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium text-slate-900">{value ?? NOT_GIVEN}</dd>
        </div>
      ))}
    </dl>
  );
}

const orNull = (value: number | null, unit = "") => (value === null ? null : `${formatNumber(value)}${unit}`);

function floorLabel(floor: number | null, total: number | null) {
  if (floor === null) return null;
  const level = floor === 0 ? "Rez-de-chaussée" : `${floor}${floor === 1 ? "er" : "e"} étage`;
  return total !== null ? `${level} sur ${total}` : level;
}

export function ListingDetails({ listing }: { listing: Listing }) {
  return (
    <Card>
      <CardHeader title="Détails" />
      <CardBody>
        <Facts
          rows={[
            ["Type", listing.propertyType],
            ["Surface", listing.surfaceArea === null ? null : formatSurface(listing.surfaceArea)],
            ["Pièces", orNull(listing.rooms)],
            ["Chambres", orNull(listing.bedrooms)],
            ["Salles de bain", orNull(listing.bathrooms)],
            ["Étage", floorLabel(listing.floor, listing.totalFloors)],
            ["Année de construction", listing.yearBuilt !== null ? String(listing.yearBuilt) : null],
            ["DPE", listing.energyRating],
          ]}
        />
      </CardBody>
    </Card>
  );
}

export function ListingLocation({ listing }: { listing: Listing }) {
  return (
    <Card>
      <CardHeader title="Localisation" />
      <CardBody>
        <Facts rows={[["Adresse", listing.address], ["Code postal", listing.postalCode], ["Ville", listing.city]]} />
      </CardBody>
    </Card>
  );
}

/** Only web addresses become links: an imported `javascript:` URL must never be clickable. */
export function ListingSource({ listing }: { listing: Listing }) {
  return (
    <Card>
      <CardHeader title="Source" />
      <CardBody className="space-y-3">
        <Facts
          rows={[
            ["Plateforme", sourcePlatformLabel(listing.sourcePlatform)],
            ...(listing.sourceOrigin ? ([["Site d'origine", listing.sourceOrigin]] as Array<[string, ReactNode]>) : []),
            ["ID source", listing.sourcePlatformId ? <span className="break-all">{listing.sourcePlatformId}</span> : null],
            ["Date d'import", formatLongDate(listing.createdAt)],
          ]}
        />
        {listing.sourceUrl && /^https?:\/\//i.test(listing.sourceUrl) ? (
          <a href={listing.sourceUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses("secondary", "sm")}>
            Voir l&apos;annonce source <span aria-hidden="true">↗</span>
            <span className="sr-only">(nouvel onglet)</span>
          </a>
        ) : null}
      </CardBody>
    </Card>
  );
}
