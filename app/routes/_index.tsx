import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icons";
import { getLandingFigures } from "~/services/dashboard/stats.server";
import { getUser } from "~/utils/permissions.server";
import { formatNumber } from "~/utils/format";
import { SHIPPED_MODEL } from "~/services/moderation/model";

/** The year the copyright line starts (SPEC.md's 2024); it runs to the current year. */
const FIRST_YEAR = 2024;

function features(
  measuredPrecision: string,
): Array<{ icon: IconName; title: string; text: string }> {
  return [
    {
      icon: "search",
      title: "Prospection automatisée",
      text: "Importez en continu les annonces des sources de votre choix, 24 h/24 et 7 j/7, sans copier-coller.",
    },
    {
      icon: "shieldCheck",
      title: "Modération IA",
      text: `Notre IA filtre les annonces suspectes avec ${measuredPrecision} de précision mesurée : prix anormaux, paiements douteux, photos réutilisées.`,
    },
    {
      icon: "rocket",
      title: "Publication multi-plateformes",
      text: "Diffusez vos annonces validées sur votre site et chez vos partenaires, par l'API d'export et ses webhooks.",
    },
  ];
}

const REASONS = [
  {
    title: "Tableau de bord en temps réel",
    text: "Suivez vos imports, vos validations et vos exports d'un coup d'œil.",
  },
  { title: "Gain de temps", text: "Des heures de tri manuel économisées chaque semaine." },
  {
    title: "Collaboration d'équipe",
    text: "Toute l'agence travaille sur les mêmes annonces, au même endroit.",
  },
  { title: "Données chiffrées", text: "Vos données et vos clés API sont chiffrées." },
  { title: "Support réactif", text: "Une équipe qui répond à vos questions et vous accompagne." },
  {
    title: "API complète",
    text: "Mises à jour mensuelles, webinaires de formation et documentation détaillée.",
  },
];

/**
 * A signed-in visitor is offered their dashboard rather than a sign-in they do not need. Every
 * figure on the page is measured (issue 24, item 21): the platform's listings and the model's
 * cross-validated precision; claims the app cannot measure (partner platforms, setup time,
 * support delay) are said without a number.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return {
    signedIn: (await getUser(request)) !== null,
    figures: getLandingFigures(),
    year: new Date().getFullYear(),
    // Measured, not claimed: the shipped model's cross-validated precision (npm run eval:moderation).
    // Read here, on the server: the model file holds the text model's weights, never sent to browsers.
    measuredPrecision: `${Math.round(SHIPPED_MODEL.crossValidation.precision.value * 100)} %`,
  };
}

function AccountLink({ signedIn, className }: { signedIn: boolean; className: string }) {
  return signedIn ? (
    <Link to="/dashboard" className={className}>
      Tableau de bord
    </Link>
  ) : (
    <Link to="/auth" className={className}>
      Se connecter
    </Link>
  );
}

export default function Landing() {
  const { signedIn, figures, year, measuredPrecision } = useLoaderData<typeof loader>();
  const stats = [
    { value: formatNumber(figures.total), label: "Annonces traitées" },
    { value: measuredPrecision, label: "Précision mesurée de l'IA" },
    { value: formatNumber(figures.active), label: "Annonces validées" },
    { value: formatNumber(figures.suspicious), label: "Arnaques suspectées" },
  ];
  return (
    <div className="bg-white">
      <header className="mx-auto flex max-w-7xl items-center justify-between px-4 py-5 sm:px-6 lg:px-8">
        <span className="flex items-center gap-2 text-xl font-bold text-brand-700">
          <img src="/favicon.svg" alt="" className="h-8 w-8" /> Vigimmo
        </span>
        <AccountLink signedIn={signedIn} className={buttonClasses("secondary")} />
      </header>
      <main>
        <section className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8 lg:py-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            Pour les professionnels de l&apos;immobilier
          </p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Prospectez, modérez et diffusez vos annonces immobilières avec l&apos;IA
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
            Vigimmo importe les annonces de particuliers, écarte les arnaques grâce à
            l&apos;intelligence artificielle et publie vos biens validés partout où vos clients les
            cherchent.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/auth" className={buttonClasses("primary")}>
              Commencer maintenant
            </Link>
            <AccountLink signedIn={signedIn} className={buttonClasses("secondary")} />
          </div>
          <p className="mt-4 text-sm text-slate-600">
            Sans engagement · Mise en place rapide · Support dédié
          </p>
        </section>

        <section aria-label="Chiffres clés" className="bg-brand-700">
          <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center text-white sm:px-6 md:grid-cols-4 lg:px-8">
            {stats.map((stat) => (
              <div key={stat.label}>
                <dt className="text-sm text-brand-100">{stat.label}</dt>
                <dd className="mt-1 text-3xl font-bold">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold text-slate-900">
            Tout ce qu&apos;il faut pour prospecter sereinement
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {features(measuredPrecision).map((feature) => (
              <article
                key={feature.title}
                className="rounded-xl border border-slate-200 p-6 shadow-sm"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon name={feature.icon} className="h-7 w-7" />
                </span>
                <h3 className="mt-3 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{feature.text}</p>
              </article>
            ))}
          </div>
        </section>

        <section className="bg-slate-50">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
            <h2 className="text-center text-3xl font-bold text-slate-900">Votre tableau de bord</h2>
            <p className="mt-2 text-center text-slate-700">
              Les annonces de la plateforme aujourd&apos;hui, comme votre tableau de bord les
              montrera.
            </p>
            <div
              className="mx-auto mt-8 grid max-w-4xl gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:grid-cols-3"
              aria-hidden="true"
            >
              {[
                ["Total annonces", formatNumber(figures.total), "text-slate-900"],
                ["Suspectes", formatNumber(figures.suspicious), "text-amber-600"],
                ["Actives validées", formatNumber(figures.active), "text-emerald-600"],
              ].map(([label, value, tone]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-4">
                  <p className="text-sm text-slate-600">{label}</p>
                  <p className={`mt-1 text-2xl font-bold ${tone}`}>{value}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold text-slate-900">
            Pourquoi choisir Vigimmo ?
          </h2>
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map((reason) => (
              <div key={reason.title} className="flex gap-3">
                <Icon name="checkCircle" className="mt-0.5 h-6 w-6 shrink-0 text-emerald-600" />
                <div>
                  <h3 className="font-semibold">{reason.title}</h3>
                  <p className="text-slate-700">{reason.text}</p>
                </div>
              </div>
            ))}
          </div>
        </section>

        <section className="bg-brand-50">
          <div className="mx-auto max-w-3xl px-4 py-16 text-center">
            <h2 className="text-3xl font-bold text-slate-900">Prêt à gagner du temps ?</h2>
            <p className="mt-3 text-slate-700">Mise en place rapide, sans engagement.</p>
            <Link to="/auth" className={`${buttonClasses("primary")} mt-6`}>
              Créer un compte gratuit
            </Link>
          </div>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-600">
        © {FIRST_YEAR === year ? year : `${FIRST_YEAR}–${year}`} Vigimmo. Tous droits réservés.
      </footer>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Vigimmo – Prospection immobilière intelligente" },
  {
    name: "description",
    content: "Importez, modérez par IA et diffusez vos annonces immobilières.",
  },
];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
