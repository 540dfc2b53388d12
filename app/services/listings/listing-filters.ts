import type { ComplianceStatus, ListingStatus } from "#db/schema";
import type { ChangesFilter } from "./listing-changes";
import type { ListingSort } from "./listing-sort";

/**
 * The /properties filters and status counts: read by the list's queries (listings.server.ts,
 * listing-query.server.ts), the dashboard figures and the filters card, so they live apart from
 * all of them (a plain module: the card is client code).
 */

export type StatusFilter = ListingStatus | "all";
export type TransactionFilter = "all" | "sale" | "rental";
/** The compliance verdict of the listings shown (issue 15); "all" when absent. */
export type ComplianceFilter = ComplianceStatus | "all";

export type ListingFilters = {
  q: string;
  /** The order of the list ('recent' when absent from the query string). */
  sort?: ListingSort;
  city: string;
  type: string;
  transaction: TransactionFilter;
  status: StatusFilter;
  /** Only the listings this search zone of the user brought ('' or absent: any). */
  zone?: string;
  compliance?: ComplianceFilter;
  /** Withdrawn listings or price drops ('' or absent: the listings still on the market). */
  changes?: ChangesFilter;
  /** How many rows to return, in the list's order ('Charger plus d'annonces' raises it by 50). */
  limit: number;
};

export type StatusCounts = Record<ListingStatus, number> & { all: number };
