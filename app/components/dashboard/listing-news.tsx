import { Link } from "@remix-run/react";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { formatDateTime, formatNumber } from "~/utils/format";

type News = {
  since: Date | string;
  firstVisit: boolean;
  newListings: number;
  priceDrops: number;
  withdrawn: number;
  zones: Array<{ zoneId: string; name: string; count: number }>;
};

function NewsLink({ count, label, to }: { count: number; label: string; to: string }) {
  return (
    <li>
      <Link to={to} className="flex items-center justify-between gap-4 rounded-md px-2 py-2 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <span className="text-sm text-slate-700">{label}</span>
        <span className="text-lg font-semibold tabular-nums text-slate-900">{formatNumber(count)}</span>
      </Link>
    </li>
  );
}

/** "Nouveautés" of /dashboard: each figure links to the list that shows it. */
export function ListingNewsCard({ news }: { news: News }) {
  const description = news.firstVisit ? "Depuis la création de votre compte" : `Depuis votre dernière visite (${formatDateTime(news.since)})`;
  return (
    <Card>
      <CardHeader title="Nouveautés" description={description} />
      <CardBody>
        <ul aria-label="Nouveautés depuis votre dernière visite" className="divide-y divide-slate-100">
          <NewsLink count={news.newListings} label="Nouvelles annonces" to="/properties?status=all" />
          {news.zones.map((zone) => (
            <NewsLink
              key={zone.zoneId}
              count={zone.count}
              label={`dont zone « ${zone.name} »`}
              to={`/properties?${new URLSearchParams({ status: "all", zone: zone.zoneId })}`}
            />
          ))}
          <NewsLink count={news.priceDrops} label="Baisses de prix" to="/properties?status=all&changes=price_drop" />
          <NewsLink count={news.withdrawn} label="Annonces retirées" to="/properties?status=all&changes=withdrawn" />
        </ul>
      </CardBody>
    </Card>
  );
}
