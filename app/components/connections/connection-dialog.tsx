import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  CONNECTION_MESSAGES,
  newConnectionSchema,
  PLATFORM_SUGGESTIONS,
} from "~/services/connections/connection-form";
import type { ConnectionView } from "~/services/connections/connections.server";
import { showToast, useToast } from "../toasts";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, SelectField, TextareaField } from "../ui/field";
import { SecretOnce } from "./signing-secret";
import type { Toast } from "~/utils/toast";

type SaveAnswer = {
  ok: boolean;
  intent: "create" | "edit";
  result: SubmissionResult<string[]>;
  toast: Toast;
  /** A new export connection's webhook signing secret, shown this once. */
  signingSecret?: string | null;
};

function editDefaults(connection: ConnectionView) {
  return {
    name: connection.name,
    platform_type: connection.platformType,
    api_type: connection.apiType,
    api_endpoint: connection.apiEndpoint,
    api_key: "",
    config: connection.config ?? "",
  };
}

/**
 * 'Ajouter une connexion API' (SPEC.md sections 2 and 5), or 'Modifier la connexion' when given
 * a connection: the same fields and checks; the action validates again.
 */
export function ConnectionDialog({
  open,
  onClose,
  connection,
}: {
  open: boolean;
  onClose: () => void;
  connection?: ConnectionView;
}) {
  const fetcher = useFetcher<SaveAnswer>();
  const editing = connection !== undefined;
  const [apiType, setApiType] = useState<"import" | "export">(connection?.apiType ?? "import");
  const [newSecret, setNewSecret] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  const [form, fields] = useForm({
    id: editing ? `edit-connection-${connection.id}` : "new-connection",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newConnectionSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: editing ? editDefaults(connection) : { api_type: "import" },
  });

  // The answer arrives while the page revalidates: close once, when the fetcher is back to idle.
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (!editing) setApiType("import");
    // A new export connection's secret stays on screen until the user says it is copied.
    if (fetcher.data.signingSecret) setNewSecret(fetcher.data.signingSecret);
    else onClose();
  }, [fetcher.state, fetcher.data, onClose, editing]);
  const closeSecret = () => {
    setNewSecret(null);
    onClose();
  };

  if (newSecret)
    return (
      <Dialog open={open} onClose={closeSecret} title="Secret de signature des webhooks" description="La connexion Export est créée.">
        <div className="space-y-4">
          <SecretOnce secret={newSecret} />
          <div className="flex justify-end">
            <Button onClick={closeSecret}>{"J'ai copié le secret"}</Button>
          </div>
        </div>
      </Dialog>
    );

  const formError = form.errors?.[0];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={editing ? "Modifier la connexion" : "Ajouter une connexion API"}
      description="Les champs marqués * sont obligatoires."
    >
      <fetcher.Form
        method="post"
        action="/api-connections"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          // The same toast as the server's answer when the browser-side check stops the submit.
          if (event.defaultPrevented) {
            const result = parseWithZod(new FormData(event.currentTarget), {
              schema: newConnectionSchema,
            });
            const message =
              result.status === "error"
                ? (result.error?.[""]?.[0] ?? CONNECTION_MESSAGES.required)
                : null;
            if (message) showToast({ type: "error", message });
          }
        }}
        className="space-y-4"
      >
        {/* The shared dialog does not scroll: with error messages the fields can outgrow a small screen. */}
        <div className="-mx-1 max-h-[60vh] space-y-4 overflow-y-auto px-1">
          <input type="hidden" name="intent" value={editing ? "edit" : "create"} />
          {editing ? <input type="hidden" name="connectionId" value={connection.id} /> : null}
          <Field
            label="Nom de la connexion *"
            placeholder="Mon flux d'annonces"
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
            errors={fields.name.errors}
          />
          <Field
            label="Type de plateforme *"
            list="platform-suggestions"
            placeholder="Portail immobilier"
            {...getInputProps(fields.platform_type, { type: "text" })}
            key={fields.platform_type.key}
            errors={fields.platform_type.errors}
          />
          <datalist id="platform-suggestions">
            {PLATFORM_SUGGESTIONS.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
          {/* The type of an existing connection stays: its syncs and listings belong to it. */}
          {editing ? (
            <input type="hidden" name="api_type" value={connection.apiType} />
          ) : (
            <SelectField
              label="Type d'API"
              {...getSelectProps(fields.api_type)}
              key={fields.api_type.key}
              errors={fields.api_type.errors}
              onChange={(event) =>
                setApiType(event.currentTarget.value === "export" ? "export" : "import")
              }
            >
              <option value="import">Import (recevoir des annonces)</option>
              <option value="export">Export (diffuser des annonces)</option>
            </SelectField>
          )}
          <Field
            label="Endpoint de l'API *"
            placeholder="https://exemple.fr/api/annonces"
            hint="Adresse http(s) qui répond au format MoteurImmo ou à celui de l'API d'export Vigimmo."
            {...getInputProps(fields.api_endpoint, { type: "url" })}
            key={fields.api_endpoint.key}
            errors={fields.api_endpoint.errors}
          />
          {apiType === "export" ? (
            <p className="text-sm text-slate-600">
              {editing
                ? "Le secret de signature des webhooks se régénère depuis la carte de la connexion."
                : "Vigimmo génère le secret de signature des webhooks (whsec_…) et vous l'affiche une fois, à la création."}
            </p>
          ) : (
            <Field
              label="Clé API"
              hint={editing ? "Laissez vide pour garder la clé actuelle." : "Laissez vide pour générer une clé pk_… automatiquement."}
              autoComplete="off"
              {...getInputProps(fields.api_key, { type: "password" })}
              key={fields.api_key.key}
              errors={fields.api_key.errors}
            />
          )}
          <TextareaField
            label="Configuration (JSON, optionnelle)"
            rows={3}
            placeholder='{"pageSize": 200, "query": {"types": ["rental"]}}'
            hint="format (moteurimmo ou vigimmo), pageSize (1 à 1000) et query (filtres envoyés au point d'accès)."
            className="font-mono"
            {...getTextareaProps(fields.config)}
            key={fields.config.key}
            errors={fields.config.errors}
          />
        </div>
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {editing
              ? fetcher.state !== "idle"
                ? "Enregistrement..."
                : "Enregistrer"
              : fetcher.state !== "idle"
                ? "Création..."
                : "Créer la connexion"}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
