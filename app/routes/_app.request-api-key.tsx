import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { useToast } from "~/components/toasts";
import { KeyRequestCard } from "~/components/key-request-card";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Field, TextareaField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { COMPANY_NAME_MAX, KEY_REQUEST_MESSAGES, REQUEST_DESCRIPTION_MAX } from "~/services/keys/key-request-rules";
import { listKeyRequestsForUser, submitKeyRequest } from "~/services/keys/key-requests.server";
import { logEvent } from "~/utils/log.server";
import { requireUser } from "~/utils/permissions.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { olderNotShown } from "~/messages";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const requestSchema = z.object({
  companyName: z
    .string({ required_error: KEY_REQUEST_MESSAGES.companyRequired })
    .trim()
    .min(1, KEY_REQUEST_MESSAGES.companyRequired)
    .max(COMPANY_NAME_MAX, `Le nom de la société ne peut pas dépasser ${COMPANY_NAME_MAX} caractères`),
  description: z
    .string()
    .trim()
    .max(REQUEST_DESCRIPTION_MAX, `La description ne peut pas dépasser ${REQUEST_DESCRIPTION_MAX} caractères`)
    .optional(),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return listKeyRequestsForUser(user.id);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readForm(request), { schema: requestSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? KEY_REQUEST_MESSAGES.companyRequired;
    return data({ ok: false, toast: { type: "error" as const, message }, result: submission.reply() }, { status: 400 });
  }
  try {
    const submitted = submitKeyRequest(user.id, submission.value);
    if (!submitted.ok) {
      const message = KEY_REQUEST_MESSAGES.duplicate;
      return data({ ok: false, toast: { type: "error" as const, message }, result: submission.reply({ fieldErrors: { companyName: [message] } }) }, { status: 409 });
    }
  } catch (error) {
    logEvent("key_request.error", { userId: user.id, error: (error as Error).message });
    return data(
      { ok: false, toast: { type: "error" as const, message: "Erreur lors de l'envoi de la demande" }, result: submission.reply() },
      { status: 500 },
    );
  }
  return { ok: true, toast: { type: "success" as const, message: "Demande envoyée avec succès" }, result: submission.reply({ resetForm: true }) };
}

function RequestForm() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "api-key-request",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: requestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const sending = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <Field
        label="Nom de la société"
        placeholder="Agence Immobilière du Centre"
        autoComplete="organization"
        errors={fields.companyName.errors}
        {...getInputProps(fields.companyName, { type: "text" })}
        aria-required="true"
      />
      <TextareaField
        label="Description / cas d'usage (optionnel)"
        rows={4}
        placeholder="Ex. : afficher nos annonces validées sur notre site vitrine"
        errors={fields.description.errors}
        {...getTextareaProps(fields.description)}
      />
      <Button type="submit" disabled={sending}>
        {sending ? "Envoi..." : "Envoyer la demande"}
      </Button>
    </Form>
  );
}

export default function RequestApiKeyPage() {
  const { requests, olderRequests } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Demander une clé API"
        subtitle="Un administrateur examine chaque demande. Une fois approuvée, la clé apparaît dans « Clés API Export »."
      />
      <Card>
        <CardHeader title="Nouvelle demande" description="Indiquez la société qui utilisera la clé et l'usage prévu." />
        <CardBody>
          <RequestForm />
        </CardBody>
      </Card>
      <section aria-labelledby="my-requests">
        <h2 id="my-requests" className="mb-3 text-lg font-semibold text-slate-900">
          Mes demandes
        </h2>
        {requests.length === 0 ? (
          <Card className="p-6 text-center text-sm text-slate-600">Aucune demande pour le moment.</Card>
        ) : (
          <ul className="space-y-3">
            {requests.map((request) => (
              <li key={request.id}>
                <KeyRequestCard request={request}>
                  {request.status === "approved" ? (
                    <p className="mt-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
                      Votre clé API a été créée : retrouvez-la dans{" "}
                      <Link to="/export-api-keys" className="font-semibold underline">
                        Clés API Export
                      </Link>
                      .
                    </p>
                  ) : null}
                </KeyRequestCard>
              </li>
            ))}
          </ul>
        )}
        {olderRequests > 0 ? <p className="mt-3 text-sm text-slate-600">{olderNotShown(olderRequests, "demande")}</p> : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Demander une clé API | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={KEY_REQUEST_MESSAGES.loadError} />;
}
