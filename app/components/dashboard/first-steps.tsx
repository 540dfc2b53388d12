import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";

const STEPS = [
  {
    title: "Créer une zone de recherche",
    text: "Choisissez des communes ou des départements : Vigimmo lance la recherche dès la création, puis à la fréquence choisie.",
    to: "/prospection",
    action: "Créer une zone",
  },
  {
    title: "Importer un fichier",
    text: "Un fichier CSV ou JSON de vos annonces (colonnes décrites dans la fenêtre d'import).",
    to: "/properties?ouvrir=fichier",
    action: "Importer un fichier",
  },
  {
    title: "Connecter une plateforme",
    text: "Le flux de votre site ou d'un portail (import), ou vos sites clients (export).",
    to: "/api-connections?ouvrir=connexion",
    action: "Ajouter une connexion",
  },
] as const;

/**
 * What an account without any listing does first (issue 24 item 7): the three real ways in, each
 * one click from the dashboard, instead of a page of zeros.
 */
export function FirstSteps() {
  return (
    <Card className="mb-6" role="region" aria-labelledby="first-steps-title">
      <CardHeader title={<span id="first-steps-title">Par où commencer ?</span>} description="Votre compte n'a pas encore d'annonce. Trois façons d'en faire entrer :" />
      <CardBody>
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.to} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">
                {index + 1}. {step.title}
              </h3>
              <p className="flex-1 text-sm text-slate-700">{step.text}</p>
              <Link to={step.to} className={buttonClasses("primary", "sm")}>
                {step.action}
              </Link>
            </li>
          ))}
        </ol>
      </CardBody>
    </Card>
  );
}
