import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ComplianceCard } from "~/components/compliance/compliance-card";
import { DescriptionEditor } from "~/components/listings/description-editor";
import { ListingDetails, ListingLocation, ListingSource } from "~/components/listings/listing-facts";
import { ListingGallery } from "~/components/listings/listing-gallery";
import { DecisionHistory } from "~/components/listings/decision-history";
import { ListingReview } from "~/components/listings/listing-review";
import { OwnerCard } from "~/components/listings/owner-card";
import { PriceHistory } from "~/components/listings/price-history";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { daysOnMarketLabel, WITHDRAWN_BADGE } from "~/services/listings/listing-changes";
import { descriptionSchema } from "~/services/listings/listing-description";
import { STATUS_BADGES, TRANSACTION_LABELS } from "~/services/listings/listing-labels";
import { readListingCompliance } from "~/services/compliance/compliance-read.server";
import { recheckListingCompliance } from "~/services/compliance/recheck-job.server";
import { getListing, updateListingDescription } from "~/services/listings/listings.server";
import { answerDecision, answerRevision } from "~/services/moderation/decision-answer.server";
import { listingHistory } from "~/services/moderation/decision-history.server";
import { OWNER_TEXT, ownerSchema } from "~/services/listings/owner-form";
import { saveListingOwner } from "~/services/listings/owners.server";
import { priceHistoryOf } from "~/services/listings/price-history.server";
import { formatPrice } from "~/utils/format";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const LOAD_ERROR = "Erreur lors du chargement de l'annonce";
const LISTING_NOT_FOUND = "Annonce introuvable";
const UPDATE_ERROR = "Erreur lors de la mise à jour de la description";

/** A listing id from the URL: digits only, within SQLite's integer range; anything else is unknown. */
function parseListingId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseListingId(params.id);
  // Unknown, malformed and other users' ids get the same answer, a 404 that says so (not a
  // "loading error", which reads like a fault of the server): nothing tells them apart.
  const listing = id === null ? null : getListing(user.id, id, { anyOwner: user.isAdmin });
  if (!listing) throw data({ error: LISTING_NOT_FOUND }, { status: 404 });
  return {
    listing,
    compliance: readListingCompliance(listing.id),
    priceHistory: priceHistoryOf(listing),
    decisions: listingHistory(listing.id),
  };
}

/** The real owner typed on the page (issue 24 item 3): the form's reply, the toast. */
function answerOwner(userId: string, id: number | null, formData: FormData) {
  const submission = parseForm(formData, { schema: ownerSchema });
  if (submission.status !== "success") {
    return data({ ok: false, result: submission.reply() }, { status: 400 });
  }
  try {
    const saved = id === null ? ({ ok: false, reason: "not-found" } as const) : saveListingOwner(userId, id, submission.value);
    if (saved.ok) return { ok: true, toast: { type: "success" as const, message: OWNER_TEXT.created } };
    if (saved.reason === "has-owner") return data({ ok: false, toast: { type: "info" as const, message: OWNER_TEXT.hasOwner } }, { status: 409 });
    return data({ ok: false, toast: { type: "error" as const, message: LISTING_NOT_FOUND } }, { status: 404 });
  } catch (error) {
    logEvent("owner.create_error", { userId, propertyId: id, error: (error as Error).message });
    return data({ ok: false, toast: { type: "error" as const, message: OWNER_TEXT.error } }, { status: 500 });
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = parseListingId(params.id);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "create-owner") return answerOwner(user.id, id, formData);
  // Valider / Blacklister: the owner or an administrator, while the listing is suspicious or pending.
  if (intent === "validate" || intent === "blacklist") return answerDecision(user, id, intent, ["suspicious", "pending"]);
  // A decision taken back: reported as a scam after validation, or a blacklisting undone.
  if (intent === "report" || intent === "restore") return answerRevision(user, id, formData);
  if (intent !== "update-description") {
    return data({ ok: false, toast: { type: "error" as const, message: "Erreur lors de la mise à jour" } }, { status: 400 });
  }
  const submission = parseForm(formData, { schema: descriptionSchema });
  if (submission.status !== "success") {
    const first = submission.error?.description?.[0] ?? UPDATE_ERROR;
    return data({ ok: false, toast: { type: "error" as const, message: first }, result: submission.reply() }, { status: 400 });
  }
  if (id === null || !updateListingDescription(user.id, id, submission.value.description)) {
    return data({ ok: false, toast: { type: "error" as const, message: UPDATE_ERROR } }, { status: 404 });
  }
  recheckListingCompliance(id);
  logEvent("listing.description_updated", { userId: user.id, propertyId: id });
  return { ok: true, toast: { type: "success" as const, message: "Description mise à jour avec succès" } };
}

export default function PropertyPage() {
  const { listing, compliance, priceHistory, decisions } = useLoaderData<typeof loader>();
  const rental = listing.transactionType === "rental";
  const status = STATUS_BADGES[listing.status];
  const reviewable = listing.status === "suspicious" || listing.status === "pending" ? listing.status : null;
  return (
    <div className="space-y-6">
      <Link to="/properties" className={buttonClasses("ghost", "sm")}>
        <span aria-hidden="true">←</span> Retour aux annonces
      </Link>
      {/* min-w-0: a grid item is otherwise as wide as its content, and the scrolling thumbnail
          strip would stretch the page beyond a phone's screen (issue 17). */}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ListingGallery listingId={listing.id} images={listing.images} title={listing.title} propertyType={listing.propertyType} />
          <Card>
            <CardBody className="space-y-3">
              <div className="flex flex-wrap gap-2">
                <Badge tone="brand">{TRANSACTION_LABELS[listing.transactionType]}</Badge>
                <Badge tone={status.tone}>{status.label}</Badge>
                {listing.aiFlagReason ? <Badge tone="red">Flaggé IA</Badge> : null}
                {listing.withdrawnAt ? <Badge tone="slate">{WITHDRAWN_BADGE}</Badge> : null}
              </div>
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">{listing.title}</h1>
              <p className="text-3xl font-bold text-brand-700">
                {formatPrice(listing.price)}
                {rental && listing.price !== null ? <span className="text-lg font-medium text-slate-600"> /mois</span> : null}
              </p>
              {listing.propertyCharges !== null ? (
                <p className="text-sm text-slate-700">Charges : {formatPrice(listing.propertyCharges)} /mois</p>
              ) : null}
              {listing.aiFlagReason && !reviewable ? (
                <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
                  <span className="font-semibold">Motif IA :</span> {listing.aiFlagReason}
                </p>
              ) : null}
            </CardBody>
          </Card>
          {reviewable ? <ListingReview title={listing.title} status={reviewable} flagReason={listing.aiFlagReason} confidence={listing.aiConfidence} /> : null}
          {!reviewable || decisions.length > 0 ? (
            <DecisionHistory
              listing={listing}
              history={decisions}
              engine={{ checkedAt: listing.aiCheckedAt, flagged: listing.aiFlagReason !== null }}
            />
          ) : null}
          <Card>
            <CardHeader title="Description" />
            <CardBody>
              <DescriptionEditor description={listing.description} editable={listing.mine} />
            </CardBody>
          </Card>
          <ComplianceCard compliance={compliance} />
          {listing.features.length ? (
            <Card>
              <CardHeader title="Caractéristiques" />
              <CardBody>
                <ul className="flex flex-wrap gap-2">
                  {listing.features.map((feature) => (
                    <li key={feature}>
                      <Badge>{feature}</Badge>
                    </li>
                  ))}
                </ul>
              </CardBody>
            </Card>
          ) : null}
        </div>
        <div className="min-w-0 space-y-6">
          <PriceHistory changes={priceHistory} daysOnMarketText={daysOnMarketLabel(listing.daysOnMarket, listing.withdrawnAt !== null)} />
          <ListingDetails listing={listing} />
          <ListingLocation listing={listing} />
          <OwnerCard owner={listing.owner} canCreate={listing.mine} />
          <ListingSource listing={listing} />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData ? `${loaderData.listing.title} | Vigimmo` : "Annonce | Vigimmo" },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={LOAD_ERROR} />;
}
