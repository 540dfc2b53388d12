import { Link, useFetcher } from "@remix-run/react";
import type { SuspiciousCard as Listing } from "~/services/moderation/review.server";
import { formatPrice, formatSurface } from "~/utils/format";
import type { ToastAnswer } from "~/utils/toast";
import { useToast } from "../toasts";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { ListingImage } from "../listings/listing-image";
import { BlacklistButton } from "./blacklist-button";
import { ConfidenceBadge } from "./confidence-badge";

/** One suspicious listing of /moderation with its AI note and the Valider / Blacklister decisions. */
export function SuspiciousCard({ listing }: { listing: Listing }) {
  const fetcher = useFetcher<ToastAnswer>();
  useToast(fetcher.data?.toast);
  const deciding = fetcher.state !== "idle";
  const details = [
    listing.city,
    listing.propertyType,
    listing.surfaceArea ? formatSurface(listing.surfaceArea) : null,
  ].filter(Boolean);
  const price = `${formatPrice(listing.price)}${listing.transactionType === "rental" && listing.price !== null ? "/mois" : ""}`;
  return (
    <Card className="flex flex-col overflow-hidden">
      <ListingImage listingId={listing.id} src={listing.image} alt={listing.title} className="h-44 w-full" propertyType={listing.propertyType} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`listing-${listing.id}-title`} className="font-semibold text-slate-900">
            {listing.title}
          </h3>
          <ConfidenceBadge confidence={listing.confidence} />
        </div>
        <p className="text-sm text-slate-700">{details.join(" · ") || "Informations non renseignées"}</p>
        <p className="text-lg font-bold text-slate-900">{price}</p>
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {listing.reason ?? "Aucune analyse IA pour le moment"}
        </p>
        <fetcher.Form method="post" className="mt-auto flex flex-wrap gap-2">
          <input type="hidden" name="id" value={listing.id} />
          <Button type="submit" name="intent" value="validate" variant="success" size="sm" disabled={deciding}>
            Valider
          </Button>
          <BlacklistButton
            title={listing.title}
            size="sm"
            disabled={deciding}
            onConfirm={() => fetcher.submit({ intent: "blacklist", id: String(listing.id) }, { method: "post" })}
          />
          <Link to={`/property/${listing.id}`} className={buttonClasses("secondary", "sm")}>
            Voir détails
          </Link>
        </fetcher.Form>
      </div>
    </Card>
  );
}
