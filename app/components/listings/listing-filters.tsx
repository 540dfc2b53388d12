import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/field";
import { COMPLIANCE_LABELS, COMPLIANCE_ORDER } from "~/services/compliance/compliance-texts";
import { STATUS_LABELS, STATUS_ORDER, TRANSACTION_LABELS } from "~/services/listings/listing-labels";
import { CHANGES_FILTERS, CHANGES_LABELS } from "~/services/listings/listing-changes";
import { LISTING_SORTS } from "~/services/listings/listing-sort";
import type { ListingFilters, StatusCounts } from "~/services/listings/listing-filters";
import { formatNumber } from "~/utils/format";

type Props = {
  filters: ListingFilters;
  counts: StatusCounts;
  cities: string[];
  types: string[];
  /** The user's search zones (the select shows only when there is one). */
  zones: Array<{ id: string; name: string }>;
};

const SEARCH_ID = "listing-search";

/** Keeps the current value selectable even when it is not (or no longer) among the options. */
const withCurrent = (options: string[], current: string) => (current && !options.includes(current) ? [current, ...options] : options);

/**
 * The filters card: a GET form, so that a filtered view lives in the URL (bookmarks, back
 * button) and works without JavaScript; with JavaScript a changed select applies at once.
 */
export function ListingFiltersCard({ filters, counts, cities, types, zones }: Props) {
  const submit = useSubmit();
  // The search box is uncontrolled: follow the URL (reset, back button) unless the user is typing in it.
  useEffect(() => {
    const search = document.getElementById(SEARCH_ID) as HTMLInputElement | null;
    if (search && document.activeElement !== search) search.value = filters.q;
  }, [filters.q]);
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);
  return (
    <Card className="mb-6">
      <CardHeader
        title="Filtres"
        actions={
          <Link to="/properties" className={buttonClasses("secondary", "sm")}>
            Réinitialiser les filtres
          </Link>
        }
      />
      <CardBody>
        <Form method="get" action="/properties" role="search" aria-label="Filtrer les annonces" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field id={SEARCH_ID} label="Recherche" name="q" type="search" placeholder="Rechercher une annonce..." defaultValue={filters.q} maxLength={200} className="lg:col-span-2" />
          <SelectField key={`city-${filters.city}`} label="Ville" name="city" defaultValue={filters.city} onChange={applyNow}>
            <option value="">Toutes les villes</option>
            {withCurrent(cities, filters.city).map((city) => (
              <option key={city} value={city}>
                {city}
              </option>
            ))}
          </SelectField>
          <SelectField key={`type-${filters.type}`} label="Type de bien" name="type" defaultValue={filters.type} onChange={applyNow}>
            <option value="">Tous les types</option>
            {withCurrent(types, filters.type).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <SelectField key={`transaction-${filters.transaction}`} label="Transaction" name="transaction" defaultValue={filters.transaction} onChange={applyNow}>
            <option value="all">Toutes</option>
            <option value="sale">{TRANSACTION_LABELS.sale}</option>
            <option value="rental">{TRANSACTION_LABELS.rental}</option>
          </SelectField>
          <SelectField key={`status-${filters.status}`} label="Statut" name="status" defaultValue={filters.status} onChange={applyNow}>
            {STATUS_ORDER.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]} ({formatNumber(counts[status])})
              </option>
            ))}
            <option value="all">Toutes ({formatNumber(counts.all)})</option>
          </SelectField>
          <SelectField key={`compliance-${filters.compliance}`} label="Conformité" name="compliance" defaultValue={filters.compliance ?? "all"} onChange={applyNow}>
            <option value="all">Toutes</option>
            {COMPLIANCE_ORDER.map((status) => (
              <option key={status} value={status}>
                {COMPLIANCE_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SelectField key={`changes-${filters.changes}`} label="Suivi" name="changes" defaultValue={filters.changes ?? ""} onChange={applyNow}>
            {CHANGES_FILTERS.map((changes) => (
              <option key={changes} value={changes}>
                {CHANGES_LABELS[changes]}
              </option>
            ))}
          </SelectField>
          <SelectField key={`sort-${filters.sort}`} label="Trier par" name="sort" defaultValue={filters.sort} onChange={applyNow}>
            {LISTING_SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </SelectField>
          {zones.length > 0 ? (
            <SelectField key={`zone-${filters.zone}`} label="Zone de prospection" name="zone" defaultValue={filters.zone} onChange={applyNow}>
              <option value="">Toutes les zones</option>
              {zones.map((zone) => (
                <option key={zone.id} value={zone.id}>
                  {zone.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <div className="flex items-end">
            <Button type="submit">Rechercher</Button>
          </div>
        </Form>
      </CardBody>
    </Card>
  );
}
