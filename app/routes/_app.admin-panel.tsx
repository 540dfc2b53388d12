import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { UserList } from "~/components/admin/user-list";
import { showToast, useToast } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { EMAIL_MAX_LENGTH } from "~/config";
import { listUsers } from "~/services/users/user-list.server";
import { ADMIN_DENIALS, requireAdmin } from "~/utils/permissions.server";
import { emailField } from "~/utils/field-schemas";
import { parseForm, readForm } from "~/utils/form-data.server";

const EMAIL_REQUIRED = "Veuillez entrer un email";
const EMAIL_INVALID = "Email invalide: ";

// SPEC.md section 5: trimmed, lower-cased, at most 255 characters, a valid address.
const adminEmailSchema = z.object({
  email: emailField({
    required: EMAIL_REQUIRED,
    tooLong: `${EMAIL_INVALID}${EMAIL_MAX_LENGTH} caractères maximum`,
    invalid: `${EMAIL_INVALID}adresse e-mail mal formée`,
  }),
});

// The user list's search and page, from the query string; anything odd falls back to the defaults.
const userListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** DECISIONS.md item 9: the role is granted only by this command, never from the app. */
const makeAdminCommand = (email: string) => `npm run make-admin -- ${email}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.admin);
  const params = new URL(request.url).searchParams;
  const { q, page } = userListQuerySchema.parse({ q: params.get("q") ?? "", page: params.get("page") ?? 1 });
  return { query: q, users: listUsers({ query: q, page }) };
}

// Without JavaScript the form posts here and the page shows the command to copy by hand.
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request, ADMIN_DENIALS.admin);
  const submission = parseForm(await readForm(request), { schema: adminEmailSchema });
  if (submission.status !== "success") {
    const message = submission.error?.email?.[0] ?? EMAIL_REQUIRED;
    return data({ ok: false, command: null, toast: { type: "error" as const, message }, result: submission.reply() }, { status: 400 });
  }
  return { ok: true, command: makeAdminCommand(submission.value.email), toast: null, result: submission.reply() };
}

async function copy(text: string) {
  try {
    if (!navigator.clipboard) throw new Error("Presse-papiers indisponible");
    await navigator.clipboard.writeText(text);
    showToast({ type: "success", message: "Commande copiée" });
  } catch {
    showToast({ type: "info", message: "Copie impossible : sélectionnez la commande et copiez-la" });
  }
}

function CommandForm() {
  const actionData = useActionData<typeof action>();
  // Without JavaScript the command comes from the action's answer (rendered on the server).
  const [copied, setCopied] = useState<string | null>(null);
  const command = copied ?? actionData?.command ?? null;
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "admin-email",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: adminEmailSchema });
      const first = submission.status === "error" ? submission.error?.email?.[0] : undefined;
      if (first) showToast({ type: "error", message: first });
      return submission;
    },
    onSubmit(event, { submission }) {
      // With JavaScript the copy happens right in the click (browsers require a user gesture).
      if (submission?.status !== "success") return;
      event.preventDefault();
      const next = makeAdminCommand(submission.value.email);
      setCopied(next);
      void copy(next);
    },
  });
  return (
    <div className="space-y-4">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field
          label="Email de l'utilisateur"
          className="flex-1"
          placeholder="utilisateur@exemple.fr"
          autoComplete="off"
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
        />
        <Button type="submit">Copier la commande</Button>
      </Form>
      {command ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">Exécutez cette commande sur le serveur :</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="flex-1 select-all rounded-md bg-slate-900 px-3 py-2 font-mono text-sm text-emerald-300" data-testid="admin-command">
              {command}
            </code>
            <Button variant="secondary" size="sm" onClick={() => void copy(command)}>
              Copier
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

const ADMIN_POWERS = [
  "Accès au tableau de bord administrateur",
  "Modération des annonces",
  "Statistiques globales de la plateforme",
  "Gestion des utilisateurs et des demandes de clés API",
];

export default function AdminPanelPage() {
  const { query, users } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Gestion Admin" subtitle="Attribuer le rôle administrateur à un utilisateur" />
      <Card>
        <CardHeader
          title="Promouvoir un utilisateur administrateur"
          description="Le rôle ne s'attribue pas depuis l'application : copiez la commande et exécutez-la sur le serveur."
        />
        <CardBody className="space-y-4">
          <CommandForm />
          <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            L&apos;utilisateur doit d&apos;abord créer son compte sur la page d&apos;inscription (<code className="font-semibold">/auth</code>) avant de
            pouvoir devenir administrateur.
          </p>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Droits des administrateurs" />
        <CardBody>
          <ul className="list-inside list-disc space-y-1 text-sm text-slate-800">
            {ADMIN_POWERS.map((power) => (
              <li key={power}>{power}</li>
            ))}
          </ul>
        </CardBody>
      </Card>
      <UserList list={users} query={query} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Gestion Admin | Vigimmo" }];

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
