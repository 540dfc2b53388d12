import { formatNumber } from "~/utils/format";
import { DataTable } from "../ui/data-table";
import { formatTableDay } from "./chart-format";

/** A daily chart's figures: one row per day (newest first, as a reader looks for today), one column per series. */
export function DailyTable({ caption, days, series }: { caption: string; days: string[]; series: Array<{ label: string; values: number[] }> }) {
  const rows = days.map((day, index) => ({ day, index })).reverse();
  return (
    <DataTable
      caption={caption}
      rows={rows}
      rowKey={(row) => row.day}
      columns={[
        { header: "Jour", cell: (row) => formatTableDay(row.day) },
        ...series.map((item) => ({
          header: item.label,
          className: "text-right",
          cellClassName: "tabular-nums",
          cell: (row: { index: number }) => formatNumber(item.values[row.index] ?? 0),
        })),
      ]}
    />
  );
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
