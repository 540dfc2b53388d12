import { useFetcher } from "@remix-run/react";
import { BlacklistButton } from "~/components/moderation/blacklist-button";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { splitFlagReason } from "~/services/moderation/moderation-texts";
import type { ToastAnswer } from "~/utils/toast";

/**
 * Valider / Blacklister on a suspicious or pending listing's own page, with what the AI found:
 * its main reason, its confidence and every piece of evidence (issue 17). The decision posts to
 * the page's action, which checks the owner (or an administrator) again.
 */
export function ListingReview({
  title,
  status,
  flagReason,
  confidence,
}: {
  title: string;
  status: "suspicious" | "pending";
  flagReason: string | null;
  confidence: number | null;
}) {
  const fetcher = useFetcher<ToastAnswer>();
  useToast(fetcher.data?.toast);
  const deciding = fetcher.state !== "idle";
  const evidence = splitFlagReason(flagReason);
  return (
    <Card role="region" aria-labelledby="listing-review-title" className="border-amber-300">
      <CardHeader
        title={<span id="listing-review-title">Modération</span>}
        description={
          status === "suspicious"
            ? "L'IA a signalé cette annonce : vérifiez-la, puis validez-la ou blacklistez-la."
            : "Cette annonce n'a pas encore été analysée par l'IA : vous pouvez décider sans attendre."
        }
      />
      <CardBody className="space-y-4 text-sm">
        {evidence.length > 0 ? (
          <>
            <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
              <span className="font-semibold">Motif IA :</span> {evidence[0]}
            </p>
            {confidence !== null ? <p className="text-slate-700">Confiance IA : {Math.round(confidence * 100)} %</p> : null}
            <div>
              <h3 className="font-semibold text-slate-900">Indices relevés</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
                {evidence.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </>
        ) : status === "suspicious" ? (
          <p className="text-slate-700">Aucune analyse IA pour le moment</p>
        ) : null}
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="validate" variant="success" disabled={deciding}>
            Valider
          </Button>
          <BlacklistButton title={title} disabled={deciding} onConfirm={() => fetcher.submit({ intent: "blacklist" }, { method: "post" })} />
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}
