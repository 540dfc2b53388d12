import { Form, useNavigation } from "@remix-run/react";
import type { AccountSession } from "~/services/account/account-sessions.server";
import { formatLongDateTime } from "~/utils/format";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";

type Session = Omit<AccountSession, "createdAt" | "lastUsedAt"> & { createdAt: Date | string; lastUsedAt: Date | string };

/** The user's open sessions: device, last use, and a way to end the ones that are not this one. */
export function SessionsCard({ sessions }: { sessions: Session[] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Card>
      <CardHeader
        title="Sessions actives"
        description="Les appareils connectés à votre compte. Déconnectez ceux que vous ne reconnaissez pas."
        actions={
          others > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="sign-out-others" />
              <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                Déconnecter les autres sessions
              </Button>
            </Form>
          ) : null
        }
      />
      <CardBody>
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <li key={session.handle} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {session.device}
                  {session.current ? <Badge tone="emerald">Cette session</Badge> : null}
                </p>
                <p className="text-sm text-slate-600">
                  Dernière utilisation : {formatLongDateTime(session.lastUsedAt)} · ouverte le {formatLongDateTime(session.createdAt)}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-session" />
                  <input type="hidden" name="session" value={session.handle} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy} aria-label={`Déconnecter la session ${session.device} (dernière utilisation : ${formatLongDateTime(session.lastUsedAt)})`}>
                    Déconnecter
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
