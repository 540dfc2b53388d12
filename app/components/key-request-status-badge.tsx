import type { KeyRequestStatus } from "~/services/key-request-rules";
import { Badge, type BadgeTone } from "./ui/badge";

const STATUS_LOOK: Record<KeyRequestStatus, { label: string; icon: string; tone: BadgeTone }> = {
  pending: { label: "En attente", icon: "⏳", tone: "amber" },
  approved: { label: "Approuvée", icon: "✅", tone: "emerald" },
  rejected: { label: "Refusée", icon: "❌", tone: "red" },
};

/** Status of an API key request, on the requester's page and the administrators' page. */
export function KeyRequestStatusBadge({ status }: { status: KeyRequestStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge tone={look.tone}>
      <span aria-hidden="true">{look.icon}</span>
      {look.label}
    </Badge>
  );
}
