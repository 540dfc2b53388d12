import type { ReactNode } from "react";
import type { KeyRequestStatus } from "~/services/keys/key-request-rules";
import { formatLongDateTime } from "~/utils/format";
import { KeyRequestStatusBadge } from "./key-request-status-badge";
import { Card } from "./ui/card";

/** What a card shows of an API key request (the loaders of both screens give at least this). */
export type KeyRequestCardRequest = {
  companyName: string;
  description: string | null;
  status: KeyRequestStatus;
  createdAt: Date | string;
  reviewedAt: Date | string | null;
  rejectionReason: string | null;
};

/**
 * One API key request, on the requester's page ('Mes demandes') and the administrators' page.
 * `requesterEmail` is the administrators' line under the company name; without it (the
 * requester's own list) the description takes that place. `children` closes the card with what
 * only one screen has: the decision buttons, or the hint towards the export keys.
 */
export function KeyRequestCard({ request, requesterEmail, children }: { request: KeyRequestCardRequest; requesterEmail?: string; children?: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="font-semibold text-slate-900">{request.companyName}</h3>
          {requesterEmail !== undefined ? (
            <p className="text-sm text-slate-700">{requesterEmail}</p>
          ) : request.description ? (
            <p className="mt-1 text-sm text-slate-700">{request.description}</p>
          ) : null}
        </div>
        <KeyRequestStatusBadge status={request.status} />
      </div>
      {requesterEmail !== undefined && request.description ? <p className="mt-3 text-sm text-slate-800">{request.description}</p> : null}
      <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Demandée le : </dt>
          <dd className="inline">{formatLongDateTime(request.createdAt)}</dd>
        </div>
        {request.reviewedAt ? (
          <div>
            <dt className="inline font-medium">Traitée le : </dt>
            <dd className="inline">{formatLongDateTime(request.reviewedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {request.status === "rejected" && request.rejectionReason ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-medium">Raison du refus : </span>
          {request.rejectionReason}
        </p>
      ) : null}
      {children}
    </Card>
  );
}
