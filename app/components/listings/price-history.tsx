import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { formatDateTime, formatPrice } from "~/utils/format";

type Change = { changedAt: Date | string; oldPrice: number; newPrice: number };

const WIDTH = 320;
const HEIGHT = 120;
const PAD = 8;

/**
 * The price as a step line: the import price, then each new price. Drawn from the changes only
 * (evenly spaced: a chart of dates would squeeze changes made on the same day together).
 */
function chartPath(prices: number[]): string {
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, prices.length - 1);
  const y = (price: number) => (max === min ? HEIGHT / 2 : PAD + ((max - price) * (HEIGHT - 2 * PAD)) / (max - min));
  const [first, ...rest] = prices;
  const point = (value: number) => value.toFixed(1);
  return [`M${point(x(0))} ${point(y(first!))}`, ...rest.map((price, index) => `H${point(x(index + 1))} V${point(y(price))}`)].join(" ");
}

function variation(change: Change): string {
  const delta = change.newPrice - change.oldPrice;
  return `${delta < 0 ? "−" : "+"}${formatPrice(Math.abs(delta))}`;
}

/** "Historique des prix" of /property/{id}: a small chart (described for screen readers) and the table. */
export function PriceHistory({ changes, daysOnMarketText }: { changes: Change[]; daysOnMarketText: string }) {
  const prices = changes.length ? [changes[0]!.oldPrice, ...changes.map((change) => change.newPrice)] : [];
  const summary = prices.length
    ? `Prix passé de ${formatPrice(prices[0]!)} à ${formatPrice(prices.at(-1)!)} en ${changes.length} changement${changes.length > 1 ? "s" : ""}`
    : "";
  return (
    <Card>
      <CardHeader title="Historique des prix" description={daysOnMarketText} />
      <CardBody className="space-y-4">
        {changes.length === 0 ? (
          <p className="text-sm text-slate-600">Aucun changement de prix depuis l&apos;import.</p>
        ) : (
          <>
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-32 w-full" role="img" aria-label={summary}>
              <path d={chartPath(prices)} fill="none" stroke="currentColor" strokeWidth={2} className="text-brand-600" />
            </svg>
            <DataTable
              caption="Changements de prix, du plus ancien au plus récent"
              rows={changes}
              rowKey={(change) => `${String(change.changedAt)}-${change.newPrice}`}
              columns={[
                { header: "Date", cell: (change) => formatDateTime(change.changedAt) },
                { header: "Ancien prix", cell: (change) => formatPrice(change.oldPrice), cellClassName: "tabular-nums" },
                { header: "Nouveau prix", cell: (change) => formatPrice(change.newPrice), cellClassName: "tabular-nums" },
                { header: "Variation", cell: variation, cellClassName: "tabular-nums" },
              ]}
            />
          </>
        )}
      </CardBody>
    </Card>
  );
}
