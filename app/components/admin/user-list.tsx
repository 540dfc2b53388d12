import { Form, Link, useSearchParams } from "@remix-run/react";
import type { UserListPage, UserListRow } from "~/services/users/user-list.server";
import { formatLongDate, formatLongDateTime, formatNumber } from "~/utils/format";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { DataTable, type DataTableColumn } from "../ui/data-table";
import { Field } from "../ui/field";

/** Dates travel as strings through the loader. */
type Row = Omit<UserListRow, "signedUpAt" | "lastActiveAt"> & { signedUpAt: Date | string; lastActiveAt: Date | string | null };

const COLUMNS: DataTableColumn<Row>[] = [
  {
    header: "E-mail",
    cell: (row) => (
      <span className="block">
        <span className="break-all font-medium text-slate-900">{row.email}</span>
        {row.fullName ? <span className="block text-xs text-slate-600">{row.fullName}</span> : null}
      </span>
    ),
  },
  { header: "Société", cell: (row) => row.companyName ?? "—" },
  {
    header: "Rôle",
    cell: (row) => (row.isAdmin ? <Badge tone="brand">Administrateur</Badge> : <Badge>Utilisateur</Badge>),
  },
  { header: "Annonces", className: "text-right", cellClassName: "tabular-nums", cell: (row) => formatNumber(row.listings) },
  { header: "Inscription", cell: (row) => formatLongDate(row.signedUpAt) },
  { header: "Dernière activité", cell: (row) => formatLongDateTime(row.lastActiveAt, "Jamais") },
];

/** Searchable, paged list of the platform's users, for administrators (read only). */
export function UserList({ list, query }: { list: Omit<UserListPage, "rows"> & { rows: Row[] }; query: string }) {
  const [params] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  const plural = list.total > 1 ? "s" : "";
  return (
    <Card>
      <CardHeader
        title="Utilisateurs"
        description="Les comptes de la plateforme, du plus récent au plus ancien. Le rôle administrateur s'attribue par la commande ci-dessus."
      />
      <CardBody className="space-y-4">
        <Form method="get" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label="Rechercher un utilisateur"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="E-mail, nom ou société"
            maxLength={100}
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            Rechercher
          </Button>
        </Form>
        <p className="text-sm text-slate-600" role="status">
          {formatNumber(list.total)} utilisateur{plural} trouvé{plural}
        </p>
        {list.rows.length > 0 ? (
          <DataTable columns={COLUMNS} rows={list.rows} rowKey={(row) => row.id} caption="Utilisateurs de la plateforme" />
        ) : (
          <p className="text-sm text-slate-700">Aucun utilisateur ne correspond à cette recherche.</p>
        )}
        {list.pageCount > 1 ? (
          <nav aria-label="Pages des utilisateurs" className="flex items-center justify-between gap-3 text-sm">
            {list.page > 1 ? (
              <Link to={pageLink(list.page - 1)} className={buttonClasses("secondary", "sm")}>
                Précédent
              </Link>
            ) : (
              <span />
            )}
            <span className="text-slate-700">
              Page {list.page} sur {list.pageCount}
            </span>
            {list.page < list.pageCount ? (
              <Link to={pageLink(list.page + 1)} className={buttonClasses("secondary", "sm")}>
                Suivant
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </CardBody>
    </Card>
  );
}
