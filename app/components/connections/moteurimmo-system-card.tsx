import { Link, useFetcher } from "@remix-run/react";
import { useToast } from "../toasts";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import type { ToastAnswer } from "~/utils/toast";

/**
 * The import partner's fixed card: its key lives in the server's environment
 * (MOTEURIMMO_API_KEY), so the status says whether it is configured, and the test button runs
 * the partner count check (DECISIONS.md item 6).
 */
export function MoteurImmoSystemCard({
  configured,
  endpoint,
  isAdmin,
}: {
  configured: boolean;
  endpoint: string;
  isAdmin: boolean;
}) {
  const test = useFetcher<ToastAnswer>();
  useToast(test.data?.toast);
  return (
    <Card aria-labelledby="moteurimmo-card">
      <CardHeader
        title={<span id="moteurimmo-card">MoteurImmo</span>}
        description="Connexion système du partenaire d'import d'annonces"
        actions={
          <div className="flex gap-2">
            <Badge tone="brand">Import</Badge>
            <Badge tone={configured ? "emerald" : "amber"}>
              {configured ? "Connecté" : "Non configuré"}
            </Badge>
          </div>
        }
      />
      <CardBody className="space-y-3 text-sm">
        <dl className="space-y-3">
          <div>
            <dt className="text-xs font-medium text-slate-600">Endpoint</dt>
            <dd className="break-all font-mono text-xs text-slate-800">{endpoint}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Clé API</dt>
            <dd className="text-slate-700">
              Gérée via les secrets système du serveur (variable MOTEURIMMO_API_KEY).
              {configured
                ? null
                : " Sans clé, l'import utilise le flux de démonstration intégré (Mode démo)."}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <test.Form method="post" action="/api-connections">
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" variant="secondary" size="sm" disabled={test.state !== "idle"}>
              {test.state !== "idle" ? "Test en cours..." : "Tester la connexion"}
            </Button>
          </test.Form>
          {/* /moteurimmo-sync is for administrators; a user imports from the Annonces page
              (file or one of their connections) instead of meeting 'Accès refusé'. */}
          <Link to={isAdmin ? "/moteurimmo-sync" : "/properties"} className={buttonClasses("primary", "sm")}>
            Importer des annonces
          </Link>
        </div>
        {isAdmin ? null : (
          <p className="text-slate-600">
            L&apos;import MoteurImmo est réservé aux administrateurs : importez un fichier ou synchronisez une de vos connexions depuis la page Annonces.
          </p>
        )}
      </CardBody>
    </Card>
  );
}
