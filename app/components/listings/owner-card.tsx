import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { OWNER_CREATED_RELOAD_MS } from "~/config";
import type { ListingOwner } from "~/services/listings/listings.server";
import type { Toast } from "~/utils/toast";

type Answer = { ok: boolean; toast?: Toast; reload?: boolean };

/** The owner card; without an owner, the 'Créer propriétaire' test button (test-create-owner). */
export function OwnerCard({ owner, canCreate = true }: { owner: ListingOwner | null; canCreate?: boolean }) {
  const fetcher = useFetcher<Answer>();
  useToast(fetcher.data?.toast);
  const reload = fetcher.data?.reload === true;
  useEffect(() => {
    // SPEC.md: the page reloads 1.5 s after the owner was created.
    if (!reload) return;
    const timer = window.setTimeout(() => window.location.reload(), OWNER_CREATED_RELOAD_MS);
    return () => window.clearTimeout(timer);
  }, [reload, fetcher.data]);
  const name = owner ? [owner.firstName, owner.lastName].filter(Boolean).join(" ") : "";
  return (
    <Card>
      <CardHeader title="Propriétaire" />
      <CardBody>
        {owner ? (
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-600">Nom</dt>
              <dd className="font-medium text-slate-900">{name || "Non renseigné"}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Email</dt>
              <dd className="break-all font-medium text-slate-900">
                {owner.email ? <a href={`mailto:${owner.email}`} className="text-brand-700 underline">{owner.email}</a> : "Non renseigné"}
              </dd>
            </div>
          </dl>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-slate-600">Aucun propriétaire associé à cette annonce.</p>
            {canCreate ? (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="create-owner" />
                <Button type="submit" variant="secondary" size="sm" disabled={fetcher.state !== "idle" || reload}>
                  {fetcher.state !== "idle" ? "Création..." : "Créer propriétaire"}
                </Button>
              </fetcher.Form>
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
