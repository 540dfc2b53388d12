import type { ReactNode } from "react";
import { Card, CardBody, CardHeader } from "../ui/card";

/**
 * One chart of a dashboard: its title, the drawn chart (labelled with a one-sentence summary of
 * its figures) and the same figures as a table behind 'Voir le tableau', for screen readers,
 * keyboards and anyone who wants the exact numbers.
 */
export function ChartCard({ title, description, chart, table }: { title: string; description?: string; chart: ReactNode; table: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader title={title} description={description} />
      <CardBody className="space-y-3">
        {chart}
        <details className="group text-sm">
          <summary className="cursor-pointer rounded text-brand-700 underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600">
            Voir le tableau : {title}
          </summary>
          <div className="mt-3">{table}</div>
        </details>
      </CardBody>
    </Card>
  );
}
