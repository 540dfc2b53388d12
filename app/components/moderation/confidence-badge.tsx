import { Badge, type BadgeTone } from "../ui/badge";

function confidenceTone(confidence: number): BadgeTone {
  if (confidence >= 0.8) return "red";
  if (confidence >= 0.5) return "amber";
  return "slate";
}

/** The AI confidence of a listing as a percentage, or 'En attente d'analyse' before any analysis. */
export function ConfidenceBadge({ confidence }: { confidence: number | null }) {
  if (confidence === null) return <Badge className="shrink-0">En attente d&apos;analyse</Badge>;
  return (
    <Badge tone={confidenceTone(confidence)} className="shrink-0">
      <span className="sr-only">Confiance IA : </span>
      {Math.round(confidence * 100)} %
    </Badge>
  );
}
