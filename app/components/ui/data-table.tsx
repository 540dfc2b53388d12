import type { ReactNode } from "react";
import { cn } from "./cn";

export type DataTableColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** On the header and the cells (alignment). */
  className?: string;
  /** On the cells only (monospace, tabular figures). */
  cellClassName?: string;
};

/**
 * A table of rows that scrolls sideways on narrow screens; every column but the last keeps a gap
 * on its right.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
}: {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
}) {
  const gap = (index: number) => index < columns.length - 1 && "pr-4";
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        {caption ? (
          <caption className="mb-2 text-left text-xs text-slate-600">{caption}</caption>
        ) : null}
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                className={cn("py-2", gap(index), column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  className={cn("py-2", gap(index), column.className, column.cellClassName)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
