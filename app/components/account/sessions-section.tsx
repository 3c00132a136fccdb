// The profile's "Dispositivi e accessi" area: the account's open sessions (close one, or all the
// others) and its linked sign-in methods (unlink one while another remains). Each button posts an
// intent to the profile route's action; the server decides (app/accounts/sessions.server.ts,
// identities.server.ts).
import { KeyRound, MonitorSmartphone } from "lucide";
import { useFetcher } from "react-router";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";

export interface DateLabel {
  iso: string;
  label: string;
}

export interface SessionItem {
  id: string;
  current: boolean;
  device: string;
  place: string;
  address: string | null;
  signedInAt: DateLabel;
  lastActiveAt: DateLabel;
}

export interface IdentityItem {
  id: string;
  label: string;
  linkedAt: DateLabel;
}

interface Answer {
  ok: boolean;
  intent: string | null;
  text: string;
}

/** The answer of the last submission, in a live region: role=status for success, alert for a refusal. */
function Outcome({ answer }: { answer: Answer | undefined }) {
  if (!answer) return null;
  return answer.ok ? (
    <Notice tone="success">
      {answer.text}
    </Notice>
  ) : (
    <Notice tone="error">
      {answer.text}
    </Notice>
  );
}

export function SessionsSection({ sessions }: { sessions: SessionItem[] }) {
  const fetcher = useFetcher<Answer>();
  const pending = fetcher.state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="sessions-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={MonitorSmartphone} aria-hidden size={22} /> Sessioni attive
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        I dispositivi da cui hai effettuato l'accesso. Se non riconosci una sessione, chiudila e cambia la password.
      </p>
      <ul className="mt-4 divide-y divide-stone-200" aria-label="Sessioni attive">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-stone-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Questo dispositivo</span>
                ) : null}
              </p>
              <p className="text-stone-700">
                Luogo: {session.place}
                {session.address ? ` (IP ${session.address})` : null}
              </p>
              <p className="text-stone-700">
                Ultima attività: <time dateTime={session.lastActiveAt.iso}>{session.lastActiveAt.label}</time>
              </p>
              <p className="text-stone-600">
                Accesso: <time dateTime={session.signedInAt.iso}>{session.signedInAt.label}</time>
              </p>
            </div>
            {session.current ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button type="submit" className="btn-secondary" disabled={pending} aria-label={`Chiudi la sessione: ${session.device}`}>
                  Chiudi
                </button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 space-y-3">
        <Outcome answer={fetcher.data?.intent === "revoke-session" || fetcher.data?.intent === "revoke-other-sessions" ? fetcher.data : undefined} />
        {others > 0 ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-other-sessions" />
            <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={pending}>
              Chiudi tutte le altre sessioni
            </button>
          </fetcher.Form>
        ) : (
          <p className="text-sm text-stone-600">Nessun'altra sessione attiva.</p>
        )}
      </div>
    </section>
  );
}

export function IdentitiesSection({ identities }: { identities: IdentityItem[] }) {
  const fetcher = useFetcher<Answer>();
  const pending = fetcher.state !== "idle";
  const single = identities.length <= 1;
  return (
    <section aria-labelledby="identities-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="identities-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={KeyRound} aria-hidden size={22} /> Metodi di accesso
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {single ? "Questo è l'unico modo per accedere al tuo account: non si può scollegare." : "Puoi scollegare un metodo finché te ne resta un altro."}
      </p>
      <ul className="mt-4 divide-y divide-stone-200" aria-label="Metodi di accesso">
        {identities.map((identity) => (
          <li key={identity.id} className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm">
            <div>
              <p className="font-medium text-stone-900">{identity.label}</p>
              <p className="text-stone-600">
                Collegato il <time dateTime={identity.linkedAt.iso}>{identity.linkedAt.label}</time>
              </p>
            </div>
            {single ? null : (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="unlink-identity" />
                <input type="hidden" name="identityId" value={identity.id} />
                <button type="submit" className="btn-secondary" disabled={pending} aria-label={`Scollega ${identity.label}`}>
                  Scollega
                </button>
              </fetcher.Form>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-2">
        <Outcome answer={fetcher.data?.intent === "unlink-identity" ? fetcher.data : undefined} />
      </div>
    </section>
  );
}
