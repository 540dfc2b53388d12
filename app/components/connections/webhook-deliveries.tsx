import { useFetcher } from "@remix-run/react";
import type { DeliveryView } from "~/services/connections/webhook-delivery.server";
import { WEBHOOK_MESSAGES } from "~/services/connections/webhook-texts";
import { formatDateTime, formatNumber } from "~/utils/format";
import type { ToastAnswer } from "~/utils/toast";
import { useToast } from "../toasts";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";

const TONE: Record<DeliveryView["status"], BadgeTone> = { pending: "amber", delivered: "emerald", failed: "red" };

/** "Renvoyer" on one delivery: the same batch, the same id, once more. */
function ResendButton({ delivery, label }: { delivery: DeliveryView; label: string }) {
  const resend = useFetcher<ToastAnswer>();
  useToast(resend.data?.toast);
  return (
    <resend.Form method="post" action="/api-connections">
      <input type="hidden" name="intent" value="webhook-resend" />
      <input type="hidden" name="deliveryId" value={delivery.id} />
      <Button type="submit" size="sm" variant="ghost" disabled={resend.state !== "idle"} aria-label={`Renvoyer l'envoi du ${label}`}>
        Renvoyer
      </Button>
    </resend.Form>
  );
}

/** An export connection's webhooks on its card: "Tester" and the last deliveries (issue 18). */
export function WebhookDeliveries({ connectionId, deliveries, paused }: { connectionId: string; deliveries: DeliveryView[]; paused: boolean }) {
  const test = useFetcher<ToastAnswer>();
  useToast(test.data?.toast);
  const headingId = `webhooks-${connectionId}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-slate-100 pt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          Webhooks
        </h4>
        <test.Form method="post" action="/api-connections">
          <input type="hidden" name="intent" value="webhook-test" />
          <input type="hidden" name="connectionId" value={connectionId} />
          <Button type="submit" size="sm" variant="secondary" disabled={test.state !== "idle"}>
            {test.state !== "idle" ? "Envoi..." : "Tester"}
          </Button>
        </test.Form>
      </div>
      {deliveries.length === 0 ? (
        <p className="text-xs text-slate-600">{"Aucun envoi pour l'instant : les changements de l'export partiront ici."}</p>
      ) : (
        // A phone's card is narrower than five columns: the table scrolls, the page does not.
        <div className="overflow-x-auto">
        {/* Columns keep a gap and their words on one line (issue 24 item 12: at 360 px the headers
            ran together and "Renvoyer" was cut); the wrapper scrolls instead. */}
        <table className="w-full whitespace-nowrap text-left text-xs [&_td:not(:last-child)]:pr-3 [&_th:not(:last-child)]:pr-3">
          <caption className="sr-only">Derniers envois</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 font-medium">Heure</th>
              <th scope="col" className="py-1 font-medium">Événements</th>
              <th scope="col" className="py-1 font-medium">Statut</th>
              <th scope="col" className="py-1 text-right font-medium">Latence</th>
              <th scope="col" className="py-1">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => {
              const label = formatDateTime(delivery.at);
              return (
                <tr key={delivery.id} className="border-t border-slate-100">
                  <td className="py-1 tabular-nums text-slate-800">{label}</td>
                  <td className="py-1 tabular-nums text-slate-800">{delivery.kind === "ping" ? "ping" : formatNumber(delivery.events)}</td>
                  <td className="py-1">
                    <Badge tone={TONE[delivery.status]}>{WEBHOOK_MESSAGES.statuses[delivery.status]}</Badge>
                    {delivery.lastError && delivery.status !== "delivered" ? (
                      <span className="block whitespace-normal text-red-800">{delivery.lastError}</span>
                    ) : null}
                    {delivery.nextAttemptAt !== null ? (
                      <span className="block text-slate-700">
                        {paused ? WEBHOOK_MESSAGES.pausedBadge : WEBHOOK_MESSAGES.nextAttempt(formatDateTime(delivery.nextAttemptAt))}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-1 text-right tabular-nums text-slate-800">{delivery.latencyMs === null ? "—" : `${formatNumber(delivery.latencyMs)} ms`}</td>
                  <td className="py-1 text-right">{delivery.kind === "events" ? <ResendButton delivery={delivery} label={label} /> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        </div>
      )}
    </section>
  );
}
