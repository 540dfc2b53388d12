import { Card } from "~/components/ui/card";
import { MODERATION_QUALITY } from "~/config";
import type { EngineQuality } from "~/services/moderation/quality";
import { formatNumber } from "~/utils/format";

const percent = (x: number): string => `${Math.round(x * 100)} %`;

/** A measured rate with the counts behind it. */
function Rate({ label, value, detail }: { label: string; value: number; detail: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-xl font-semibold">{percent(value)}</dd>
      <dd className="text-slate-500">{detail}</dd>
    </div>
  );
}

/** The engine's measured quality against the agents' decisions (learning.server.ts, engineQuality). */
export function EngineQualityPanel({
  quality,
  engineVersion,
}: {
  quality: EngineQuality;
  engineVersion: string;
}) {
  return (
    <Card className="space-y-2 p-5" role="region" aria-labelledby="engine-quality-title">
      <h2 id="engine-quality-title" className="text-base font-semibold text-slate-900">
        Qualité mesurée de l&apos;IA ({MODERATION_QUALITY.days} derniers jours)
      </h2>
      {quality.enough ? (
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
          <Rate
            label="Précision"
            value={quality.precision}
            detail={`${formatNumber(quality.truePositives)} blacklistées sur ${formatNumber(quality.truePositives + quality.falsePositives)} signalées`}
          />
          <Rate
            label="Rappel"
            value={quality.recall}
            detail={`${formatNumber(quality.truePositives)} signalées sur ${formatNumber(quality.truePositives + quality.falseNegatives)} blacklistées`}
          />
          <div>
            <dt className="text-slate-500">Décisions</dt>
            <dd className="text-xl font-semibold">{formatNumber(quality.decisions)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Version du moteur</dt>
            <dd className="font-mono text-xs">{engineVersion}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">
          Pas encore assez de décisions pour mesurer la qualité ({formatNumber(quality.decisions)}{" "}
          sur {MODERATION_QUALITY.minDecisions} nécessaires). Version du moteur :{" "}
          <span className="font-mono text-xs">{engineVersion}</span>
        </p>
      )}
    </Card>
  );
}
