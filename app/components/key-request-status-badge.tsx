import type { KeyRequestStatus } from "~/services/keys/key-request-rules";
import { Badge, type BadgeTone } from "./ui/badge";
import { Icon, type IconName } from "./ui/icons";

const STATUS_LOOK: Record<KeyRequestStatus, { label: string; icon: IconName; tone: BadgeTone }> = {
  pending: { label: "En attente", icon: "clock", tone: "amber" },
  approved: { label: "Approuvée", icon: "checkCircle", tone: "emerald" },
  rejected: { label: "Refusée", icon: "xCircle", tone: "red" },
};

/** Status of an API key request, on the requester's page and the administrators' page. */
export function KeyRequestStatusBadge({ status }: { status: KeyRequestStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge tone={look.tone}>
      <Icon name={look.icon} className="h-3.5 w-3.5" />
      {look.label}
    </Badge>
  );
}
