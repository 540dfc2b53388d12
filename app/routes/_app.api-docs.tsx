import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import {
  EXPORT_API_BODY_MAX_BYTES,
  EXPORT_API_CURSOR_MAX_LIMIT,
  EXPORT_API_ERROR_TABLE,
  EXPORT_API_KEY_RATE,
  EXPORT_API_PATH,
} from "~/services/export/export-api-contract";
import {
  exportApiPagingSample,
  exportApiSamples,
  exportApiSyncSamples,
  SAMPLE_KEY_PLACEHOLDER,
  webhookVerificationSamples,
  WEBHOOK_KEY_PLACEHOLDER,
} from "~/services/export/export-api-samples";
import { EXPORT_STREAM_FLOOR, RETENTION, WEBHOOKS } from "~/config";
import { OPENAPI_PATH, openApiReference, type OpenApiReference } from "~/services/export/export-api-openapi.server";
import { EXPORT_FIELD_ROWS, exportResponseSample } from "~/services/export/export-document";
import { requireUser } from "~/utils/permissions.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const origin = new URL(request.url).origin;
  // Samples use the host the reader is on, so they work when pasted as they are.
  return { endpoint: `${origin}${EXPORT_API_PATH}`, openApiUrl: `${origin}${OPENAPI_PATH}`, reference: openApiReference() };
}

function Code({ children, label }: { children: string; label: string }) {
  return (
    // Focusable: a wide sample scrolls sideways, and a keyboard user must be able to scroll it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100" aria-label={label}>
      <code>{children}</code>
    </pre>
  );
}

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody className="space-y-3 text-sm text-slate-800">{children}</CardBody>
    </Card>
  );
}

const RESPONSE_SAMPLE = exportResponseSample();

const FEED_SAMPLE = `{
  "success": true,
  "count": 1,
  "limit": 500,
  "properties": [
    { "id": 4821, "title": "Appartement T3 lumineux avec balcon", "price": 1090, "…": "…", "updated_at": "2024-05-20T17:02:44.120Z" }
  ],
  "removed": [{ "id": 3977, "removed_at": "2024-05-20T17:05:10.004Z" }],
  "next_cursor": null,
  "sync_cursor": "eyJrIjoiN2YxYy4uLiIsIm0iOiJmIiwicyI6OTgxMn0.Vb3k0pQ1mRr8yT5nZx2cEw"
}`;

const WEBHOOK_SAMPLE = `POST https://votre-site.example.fr/webhooks/vigimmo
Content-Type: application/json; charset=utf-8
webhook-id: 3f5b2c1e-8d4a-4e57-9b8e-2a61c0d7f9a4
webhook-timestamp: 1716224564
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
X-Vigimmo-Delivery: 3f5b2c1e-8d4a-4e57-9b8e-2a61c0d7f9a4
X-Vigimmo-Signature: t=1716224564,v1=5c0f…(64 caractères hexadécimaux)

{
  "events": [
    { "type": "listing.updated", "id": 4821, "occurred_at": "2024-05-20T17:02:44.120Z", "listing": { "id": 4821, "…": "…" } },
    { "type": "listing.removed", "id": 3977, "occurred_at": "2024-05-20T17:05:10.004Z" }
  ],
  "sent_at": "2024-05-20T17:05:12.500Z"
}`;

const PARAMETERS = [
  { name: "apiKey", type: "texte", required: "Oui", detail: "Votre clé d'export (efi_ suivi de 32 lettres et chiffres)." },
  { name: "limit", type: "entier ≥ 1", required: "Non", detail: "Nombre maximal d'annonces. Par défaut : toutes les annonces actives." },
  { name: "offset", type: "entier ≥ 0", required: "Non", detail: "Nombre d'annonces à sauter avant la première renvoyée. Par défaut : 0." },
  {
    name: "updatedSince",
    type: "date ISO 8601",
    required: "Non",
    detail: `Flux de changements : seulement les annonces modifiées après cet instant (la plus ancienne modification d'abord), plus « removed ». Pages de ${EXPORT_API_CURSOR_MAX_LIMIT} annonces au plus ; pas d'offset.`,
  },
  {
    name: "cursor",
    type: "texte",
    required: "Non",
    detail: "Reprend là où la page précédente s'est arrêtée : la valeur de « next_cursor » (ou de « sync_cursor » pour la synchronisation suivante), telle quelle. Propre à votre clé ; pas d'offset.",
  },
];

const PARAMETER_COLUMNS: DataTableColumn<(typeof PARAMETERS)[number]>[] = [
  { header: "Paramètre", cell: (parameter) => parameter.name, cellClassName: "font-mono" },
  { header: "Type", cell: (parameter) => parameter.type },
  { header: "Obligatoire", cell: (parameter) => parameter.required },
  { header: "Description", cell: (parameter) => parameter.detail },
];

const EXPORT_FIELD_COLUMNS: DataTableColumn<(typeof EXPORT_FIELD_ROWS)[number]>[] = [
  { header: "Champ", cell: (field) => field.key, cellClassName: "font-mono" },
  { header: "Type", cell: (field) => field.type },
  { header: "Description", cell: (field) => field.description },
];

const ERROR_COLUMNS: DataTableColumn<(typeof EXPORT_API_ERROR_TABLE)[number]>[] = [
  { header: "Code", cell: (row) => row.status, cellClassName: "font-mono" },
  { header: "Cas", cell: (row) => row.when },
  { header: "Message", cell: (row) => row.message },
];

const FIELD_COLUMNS: DataTableColumn<OpenApiReference["fields"][number]>[] = [
  { header: "Champ", cell: (field) => field.name, cellClassName: "font-mono" },
  { header: "Type", cell: (field) => field.type, cellClassName: "font-mono" },
  { header: "Peut être null", cell: (field) => (field.nullable ? "Oui" : "Non") },
  { header: "Description", cell: (field) => field.description },
];

const ANSWER_COLUMNS: DataTableColumn<OpenApiReference["responses"][number]>[] = [
  { header: "Code", cell: (answer) => answer.status, cellClassName: "font-mono" },
  { header: "Réponse", cell: (answer) => answer.description },
];

const FAQ = [
  {
    q: "Faut-il une clé par client ?",
    a: "Oui : une clé par client (site, application ou partenaire). Chaque clé se désactive ou se supprime séparément et son historique reste distinct.",
  },
  {
    q: "Que se passe-t-il si je n'indique pas « limit » ?",
    a: `L'API renvoie toutes les annonces actives (validées) de la plateforme, des plus récentes aux plus anciennes. La réponse est envoyée au fil de l'eau : elle commence immédiatement, même pour des dizaines de milliers d'annonces. Une clé lance un export complet à la fois ; un client qui lit moins de ${EXPORT_STREAM_FLOOR.bytesPerSecond / 1024} Ko/s en moyenne (après ${EXPORT_STREAM_FLOOR.graceMs / 1000} s) est interrompu : paginez alors avec « cursor ».`,
  },
  {
    q: "Comment paginer ?",
    a: "Envoyez le « next_cursor » de chaque réponse comme « cursor » de la suivante, jusqu'à ce qu'il vaille null : chaque page coûte le même temps, de la première à la 100 000e annonce, et une annonce ajoutée pendant le parcours ne décale rien. « limit » et « offset » restent acceptés : limit 100 et offset 0, puis offset 100, 200… L'ordre (date de création décroissante, puis identifiant) est stable.",
  },
  {
    q: "Comment garder une copie à jour sans tout relire ?",
    a: "Première fois : « updatedSince » à une date ancienne (tout l'export), en suivant « next_cursor ». Gardez le « sync_cursor » de la dernière page et renvoyez-le comme « cursor » à la synchronisation suivante : vous recevez exactement ce qui a changé depuis, sans rien manquer, même deux modifications dans la même milliseconde.",
  },
  {
    q: "Mes appels sont-ils enregistrés ?",
    a: "Oui : chaque appel réussi est journalisé (date, clé, nombre d'annonces, limit, offset). L'historique des 30 derniers jours est dans l'onglet « Clés API Export ».",
  },
];

export default function ApiDocsPage() {
  const { endpoint, openApiUrl, reference } = useLoaderData<typeof loader>();
  const samples = exportApiSamples(endpoint);
  return (
    <div className="space-y-6">
      <PageHeader title="Documentation API" subtitle="Exportez les annonces validées de Vigimmo vers votre site ou votre logiciel." />

      <Section title="Démarrage rapide">
        <ol className="list-decimal space-y-1 pl-5">
          <li>
            Demandez une clé sur la page <Link to="/request-api-key" className="font-medium text-brand-700 underline">Demander clé API</Link>.
          </li>
          <li>
            Après approbation par un administrateur, la clé apparaît dans{" "}
            <Link to="/export-api-keys" className="font-medium text-brand-700 underline">Clés API Export</Link> : copiez-la.
          </li>
          <li>Appelez l&apos;endpoint ci-dessous en POST avec un corps JSON contenant votre clé.</li>
        </ol>
      </Section>

      <Section title="Endpoint">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">POST</Badge>
          <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono">{endpoint}</code>
        </div>
        <p>
          Corps JSON (Content-Type: application/json), {EXPORT_API_BODY_MAX_BYTES / 1024} Ko au plus. Toutes les origines sont autorisées
          (CORS) : l&apos;API s&apos;appelle depuis un serveur comme depuis un navigateur. Limite : {EXPORT_API_KEY_RATE.limit} appels par
          minute et par clé.
        </p>
      </Section>

      <Section title="Paramètres">
        {/* Four columns do not fit a phone: there, each parameter is a small block instead. */}
        <div className="hidden sm:block">
          <DataTable columns={PARAMETER_COLUMNS} rows={PARAMETERS} rowKey={(parameter) => parameter.name} />
        </div>
        <ul className="space-y-3 sm:hidden" aria-label="Paramètres du corps JSON">
          {PARAMETERS.map((parameter) => (
            <li key={parameter.name} className="rounded-lg border border-slate-200 p-3">
              <p>
                <span className="font-mono font-semibold text-slate-900">{parameter.name}</span>{" "}
                <span className="text-slate-600">
                  ({parameter.type}, {parameter.required === "Oui" ? "obligatoire" : "facultatif"})
                </span>
              </p>
              <p className="mt-1 text-slate-700">{parameter.detail}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section title="Exemples" description={`Remplacez ${SAMPLE_KEY_PLACEHOLDER} par votre clé.`}>
        <Tabs label="Exemples d'appel" tabs={samples.map((sample) => ({ label: sample.label, content: <Code label={`Exemple ${sample.label}`}>{sample.code}</Code> }))} />
        <p className="pt-2">Récupérer toutes les annonces page par page (JavaScript) :</p>
        <Code label="Exemple de pagination">{exportApiPagingSample(endpoint)}</Code>
      </Section>

      <Section title="Format de réponse" description="« properties » contient les annonces actives, des plus récentes aux plus anciennes ; « owner » n'est rempli que pour les annonces de votre propre compte : il vaut null pour celles des autres comptes (les coordonnées d'un particulier ne sortent pas de l'agence qui les détient) et pour une annonce sans propriétaire.">
        <Code label="Exemple de réponse">{RESPONSE_SAMPLE}</Code>
        <DataTable columns={EXPORT_FIELD_COLUMNS} rows={EXPORT_FIELD_ROWS} rowKey={(field) => field.key} />
        <ul className="list-disc space-y-1 pl-5">
          <li><strong>count</strong> : nombre d&apos;annonces dans cette réponse.</li>
          <li><strong>total</strong> : nombre total d&apos;annonces actives.</li>
          <li><strong>limit</strong> : la limite demandée, ou null si toutes les annonces sont demandées.</li>
          <li><strong>offset</strong> : le décalage appliqué (null pour une page demandée par « cursor »).</li>
          <li><strong>next_cursor</strong> : à envoyer comme « cursor » pour la page suivante ; null quand l&apos;export s&apos;arrête là.</li>
          <li><strong>updated_at</strong> : dernière modification du contenu exporté de l&apos;annonce (validation, texte, prix, propriétaire…).</li>
          <li>Dates au format ISO 8601 (UTC) ; prix et charges en euros ; surface en m² ; ai_confidence entre 0 et 1.</li>
          <li><strong>compliance</strong> : vérification de l&apos;annonce au regard des règles françaises de la publicité immobilière (statut conforme, a_completer ou non_conforme, date à laquelle ce verdict a été établi, constats avec leur code et leur message), ou null si elle n&apos;a pas encore été contrôlée. Les règles et leurs références sont décrites dans la documentation de conformité de Vigimmo.</li>
        </ul>
      </Section>

      <Section
        title="Synchronisation incrémentale"
        description="Avec « updatedSince » ou le « cursor » d'un flux, la réponse ne contient que les annonces modifiées (la plus ancienne modification d'abord) et, dans « removed », celles qui ont quitté l'export : refusées, remises en vérification, retirées par la source ou supprimées."
      >
        <Code label="Exemple de flux de changements">{FEED_SAMPLE}</Code>
        <ul className="list-disc space-y-1 pl-5">
          <li><strong>removed</strong> : identifiant et date de sortie de chaque annonce à supprimer de votre copie.</li>
          <li><strong>next_cursor</strong> : la page suivante des changements déjà faits ; null quand vous êtes à jour.</li>
          <li><strong>sync_cursor</strong> : à garder et à renvoyer comme « cursor » à la prochaine synchronisation ; aucun changement n&apos;est perdu entre deux synchronisations.</li>
          <li>
            <strong>resync_required</strong> : vrai dans une réponse 410 quand votre position est plus ancienne que les {RETENTION.exportEventsDays} jours de changements conservés ; videz votre copie et repartez de « updatedSince » 1970-01-01T00:00:00Z.
          </li>
          <li>Chaque annonce a la même forme qu&apos;ailleurs, « owner » compris (rempli seulement pour les annonces de votre compte).</li>
        </ul>
        <Tabs
          label="Exemples de synchronisation"
          tabs={exportApiSyncSamples(endpoint).map((sample) => ({ label: sample.label, content: <Code label={`Synchronisation ${sample.label}`}>{sample.code}</Code> }))}
        />
      </Section>

      <Section
        title="Webhooks"
        description="Une connexion API de type Export avec un endpoint reçoit les changements de l'export sans les demander : créez-la dans « Connexions API » et activez-la."
      >
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Événements <code>listing.activated</code>, <code>listing.updated</code> (avec l&apos;annonce, comme votre clé la voit) et{" "}
            <code>listing.removed</code>, par lots de {WEBHOOKS.maxEvents} au plus, dans l&apos;ordre des changements de chaque annonce.
          </li>
          <li>
            Signature selon la spécification <a className="underline" href="https://www.standardwebhooks.com" rel="noreferrer">Standard Webhooks</a> :
            vérifiez-la avec ses bibliothèques officielles (JavaScript, Python, PHP, Go, Java, Ruby…) et le secret de signature{" "}
            <code>whsec_…</code> que Vigimmo génère à la création de la connexion (affiché une fois, régénérable sur sa carte).
          </li>
          <li>
            <strong>webhook-id</strong> : identifiant du lot, le même à chaque nouvel essai : ignorez un lot déjà traité.{" "}
            <strong>webhook-timestamp</strong> : secondes Unix de l&apos;envoi ; refusez un écart de plus de 5 minutes.{" "}
            <strong>webhook-signature</strong> : <code>v1,&lt;base64 du HMAC-SHA256 de « id.horodatage.corps »&gt;</code>, la clé étant les octets du
            secret après <code>whsec_</code>. Vérifiez-la sur le corps brut avant de le lire.
          </li>
          <li>
            Toujours envoyés pour les récepteurs déjà écrits : <strong>X-Vigimmo-Delivery</strong> (le même identifiant) et{" "}
            <strong>X-Vigimmo-Signature</strong> : <code>t=&lt;secondes Unix&gt;,v1=&lt;HMAC-SHA256 hexadécimal de « t.corps »&gt;</code>, avec le secret
            tel quel (le vérificateur de Stripe l&apos;accepte).
          </li>
          <li>
            Répondez 2xx en moins de {WEBHOOKS.timeoutMs / 1000} s. Sinon (erreur réseau, délai, autre code), le lot est renvoyé avec un délai qui
            double ; après {WEBHOOKS.pauseAfterFailures} échecs d&apos;affilée les webhooks de la connexion se mettent en pause (rien n&apos;est perdu :
            « Reprendre » sur la carte), et un lot toujours refusé 24 h après sa création passe en « Échec ». « Tester » sur la carte envoie un ping
            signé, « Renvoyer » renvoie un lot. Une redirection 307/308 vers une autre origine n&apos;est pas suivie.
          </li>
        </ul>
        <Code label="Exemple de webhook">{WEBHOOK_SAMPLE}</Code>
        <p>Vérifier la signature (remplacez {WEBHOOK_KEY_PLACEHOLDER} par le secret de signature de la connexion) :</p>
        <Tabs
          label="Vérification de la signature"
          tabs={webhookVerificationSamples().map((sample) => ({ label: sample.label, content: <Code label={`Vérification ${sample.label}`}>{sample.code}</Code> }))}
        />
      </Section>

      <Section
        title="Description OpenAPI"
        description="La même API, décrite pour les outils : générateurs de clients typés, Postman, Insomnia, validation des réponses dans vos tests."
      >
        <p>
          <a href={openApiUrl} className="font-medium text-brand-700 underline">
            Télécharger la description OpenAPI 3.1
          </a>{" "}
          (publique, sans session) : <code className="break-all rounded bg-slate-100 px-1 font-mono">{openApiUrl}</code>
        </p>
        <p>Par exemple, un client TypeScript typé :</p>
        <Code label="Générer un client TypeScript">{`npx openapi-typescript ${openApiUrl} -o vigimmo.d.ts`}</Code>
        <p>Les champs d&apos;une annonce, tels que la description les donne :</p>
        <DataTable columns={FIELD_COLUMNS} rows={reference.fields} rowKey={(field) => field.name} caption="Champs d'une annonce exportée" />
        <p>Les réponses de l&apos;endpoint :</p>
        <DataTable columns={ANSWER_COLUMNS} rows={reference.responses} rowKey={(answer) => answer.status} caption="Réponses de l'endpoint" />
      </Section>

      <Section title="Erreurs" description={'Chaque erreur renvoie { "success": false, "error": "<message>" } avec le code HTTP ci-dessous.'}>
        <DataTable columns={ERROR_COLUMNS} rows={EXPORT_API_ERROR_TABLE} rowKey={(row) => `${row.status}-${row.when}`} />
      </Section>

      <Section title="Questions fréquentes">
        <dl className="space-y-4">
          {FAQ.map((item) => (
            <div key={item.q}>
              <dt className="font-semibold text-slate-900">{item.q}</dt>
              <dd className="mt-1">{item.a}</dd>
            </div>
          ))}
        </dl>
      </Section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Documentation API | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
