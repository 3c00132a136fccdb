// "Conferma la tua identità" (decision 0059): the password, or a code of the authenticator app,
// makes the next 10 minutes fresh for sensitive changes (e-mail, password, two-factor).
import { ShieldCheck } from "lucide";
import { Icon } from "~/components/icon";
import { AnswerBanner, useAccountFetcher } from "./account-fetcher";

export function ReauthSection({ fresh, hasTotp, email }: { fresh: boolean; hasTotp: boolean; email: string }) {
  const { fetcher, pending, answer } = useAccountFetcher();
  return (
    <section aria-labelledby="reauth-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="reauth-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={ShieldCheck} aria-hidden size={22} /> Conferma la tua identità
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Per cambiare email o password e per gestire l'autenticazione a due fattori devi aver confermato la tua identità negli
        ultimi 10 minuti.
      </p>
      {fresh ? (
        <p className="mt-3 text-sm font-medium text-green-800">Identità confermata di recente: puoi procedere con le modifiche.</p>
      ) : null}
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="reauth" />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div>
          <label htmlFor="reauth-password" className="field-label">
            Password attuale
          </label>
          <input id="reauth-password" name="password" type="password" autoComplete="current-password" className="field-input" />
        </div>
        {hasTotp ? (
          <div>
            <label htmlFor="reauth-code" className="field-label">
              Oppure codice dell'app di autenticazione
            </label>
            <input
              id="reauth-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              className="field-input"
            />
          </div>
        ) : null}
        <AnswerBanner answer={answer} />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={pending}>
          {pending ? "Verifica..." : "Conferma identità"}
        </button>
      </fetcher.Form>
    </section>
  );
}
