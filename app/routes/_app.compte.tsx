import type { Submission } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { DeleteAccountCard } from "~/components/account/delete-account-card";
import { PasswordForm } from "~/components/account/password-form";
import { ProfileForm } from "~/components/account/profile-form";
import { SessionsCard } from "~/components/account/sessions-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToast } from "~/components/toasts";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { buttonClasses } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { PASSWORD_CHECK_LIMIT } from "~/config";
import { ACCOUNT_MSG, tooManyAttempts } from "~/messages";
import { isLastAdmin, openAccountDeletion, startAccountDeletion } from "~/services/account/account-deletion.server";
import {
  accountDeletionSchema,
  accountDeletionStarted,
  otherSessionsSignOutSchema,
  passwordChangeSchema,
  profileSchema,
  sessionSignOutSchema,
  type AccountAnswer,
  type AccountIntent,
} from "~/services/account/account-forms";
import { listAccountSessions, signOutOtherSessions, signOutSession } from "~/services/account/account-sessions.server";
import { changePassword, updateProfile } from "~/services/account/profile.server";
import { parseForm, readForm } from "~/utils/form-data.server";
import { requireUser } from "~/utils/permissions.server";
import { hitRateLimit } from "~/utils/rate-limit.server";
import { readSessionId } from "~/utils/session.server";

// conform echoes the submitted fields into its reply: passwords never travel back to the page.
const WITHOUT_PASSWORDS = { hideFields: ["currentPassword", "newPassword", "confirmPassword", "password"] };

type Replyable = Pick<Submission<unknown>, "reply">;

const DELETION_REFUSALS = { "wrong-password": ACCOUNT_MSG.deleteWrongPassword, "last-admin": ACCOUNT_MSG.lastAdmin, busy: ACCOUNT_MSG.deletionBusy } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    profile: { email: user.email, fullName: user.fullName, companyName: user.companyName },
    sessions: listAccountSessions(user.id, await readSessionId(request)),
    lastAdmin: isLastAdmin(user.id),
    deletion: openAccountDeletion(user.id),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as AccountIntent;
  const currentSessionId = (await readSessionId(request))!;

  /** The answer to a form refused by its schema or by a rule: 400, first message as a toast. */
  const refused = (submission: Replyable, message?: string, field?: string) => {
    const result = message && field ? submission.reply({ ...WITHOUT_PASSWORDS, fieldErrors: { [field]: [message] } }) : submission.reply(WITHOUT_PASSWORDS);
    const shown = message ?? Object.values(result.error ?? {}).flat().find(Boolean) ?? ACCOUNT_MSG.loadError;
    return data<AccountAnswer>({ intent, ok: false, toast: { type: "error", message: shown }, result }, { status: 400 });
  };
  const done = (message: string, submission?: Replyable): AccountAnswer => ({
    intent,
    ok: true,
    toast: { type: "success", message },
    result: submission?.reply({ resetForm: intent !== "profile" }),
  });
  /** Wrong passwords typed here are bounded per account (a signed-in thief guessing the password). */
  const passwordGuessesLeft = () => hitRateLimit(`account-password:${user.id}`, PASSWORD_CHECK_LIMIT.perUser, PASSWORD_CHECK_LIMIT.windowMs);

  switch (intent) {
    case "profile": {
      const submission = parseForm(form, { schema: profileSchema });
      if (submission.status !== "success") return refused(submission);
      updateProfile(user.id, submission.value);
      return done(ACCOUNT_MSG.profileSaved, submission);
    }
    case "password": {
      const submission = parseForm(form, { schema: passwordChangeSchema });
      if (submission.status !== "success") return refused(submission);
      const limit = passwordGuessesLeft();
      if (!limit.allowed) return refused(submission, tooManyAttempts(limit.retryAfterSeconds), "currentPassword");
      if (!(await changePassword(user.id, submission.value, currentSessionId))) return refused(submission, ACCOUNT_MSG.wrongPassword, "currentPassword");
      return done(ACCOUNT_MSG.passwordChanged, submission);
    }
    case "sign-out-session": {
      const submission = parseForm(form, { schema: sessionSignOutSchema });
      if (submission.status !== "success" || !signOutSession(user.id, submission.value.session)) {
        return data<AccountAnswer>({ intent, ok: false, toast: { type: "error", message: ACCOUNT_MSG.sessionNotFound } }, { status: 404 });
      }
      return done(ACCOUNT_MSG.sessionSignedOut);
    }
    case "sign-out-others": {
      const submission = parseForm(form, { schema: otherSessionsSignOutSchema });
      if (submission.status !== "success") return refused(submission);
      signOutOtherSessions(user.id, currentSessionId);
      return done(ACCOUNT_MSG.otherSessionsSignedOut);
    }
    case "delete-account": {
      const submission = parseForm(form, { schema: accountDeletionSchema });
      if (submission.status !== "success") return refused(submission);
      const limit = passwordGuessesLeft();
      if (!limit.allowed) return refused(submission, tooManyAttempts(limit.retryAfterSeconds), "password");
      const started = await startAccountDeletion(user.id, submission.value.password, currentSessionId);
      if (!started.ok) return refused(submission, DELETION_REFUSALS[started.refusal], "password");
      // A job (issue 30): the card follows it with this session, which goes with the account.
      return { ...done(ACCOUNT_MSG.deletionStarted, submission), deletion: started.job };
    }
    default:
      return data<AccountAnswer>({ intent, ok: false, toast: { type: "error", message: "Action inconnue" } }, { status: 400 });
  }
}

export const shouldRevalidate: ShouldRevalidateFunction = (args) => !accountDeletionStarted(args) && args.defaultShouldRevalidate;

export default function AccountPage() {
  const { profile, sessions, lastAdmin, deletion } = useLoaderData<typeof loader>();
  useToast(useActionData<AccountAnswer>()?.toast);
  return (
    <div className="space-y-6">
      <PageHeader title="Mon compte" subtitle={`Connecté avec ${profile.email}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Profil" description="Votre nom et votre entreprise, tels qu'ils apparaissent dans Vigimmo." />
          <CardBody>
            <ProfileForm profile={profile} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Mot de passe" description="Changer de mot de passe déconnecte toutes vos autres sessions." />
          <CardBody>
            <PasswordForm />
          </CardBody>
        </Card>
      </div>
      <SessionsCard sessions={sessions} />
      <Card>
        <CardHeader
          title="Mes données"
          description="Un fichier JSON avec votre profil, vos annonces et leurs propriétaires, vos connexions, vos clés API (sans les clés elles-mêmes), vos demandes et votre historique d'utilisation."
        />
        <CardBody>
          {/* A plain link: the browser downloads the file, no client code involved. */}
          <a href="/resources/account-export" download className={buttonClasses("secondary")}>
            Télécharger mes données
          </a>
        </CardBody>
      </Card>
      <DeleteAccountCard lastAdmin={lastAdmin} running={deletion} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Mon compte | Vigimmo" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary message={ACCOUNT_MSG.loadError} />;
}
