// The profile's two-factor section (decision 0059): authenticator app (QR code and manual key,
// confirmed with a code, backup codes shown once), phone for SMS codes, removal.
import { Smartphone } from "lucide";
import { useSearchParams } from "react-router";
import { Icon } from "~/components/icon";
import type { TwoFactorStatus } from "~/accounts/two-factor.server";
import { TWO_FACTOR_MESSAGES as M } from "~/accounts/two-factor-messages";
import { AnswerBanner, useAccountFetcher } from "./account-fetcher";

function CodeField({ id, label }: { id: string; label: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        className="field-input max-w-40"
      />
    </div>
  );
}

type AccountFetcher = ReturnType<typeof useAccountFetcher>;

/** Shown once, right after the confirmation (the section keeps the answer: the status changes under it). */
function BackupCodes({ confirm, backupCodes }: { confirm: AccountFetcher; backupCodes: string[] }) {
  return (
      <div className="mt-4 space-y-3">
        <AnswerBanner answer={confirm.answer} />
        <h3 className="font-semibold text-stone-900">Codici di backup</h3>
        <p className="text-sm text-stone-700">
          Se perdi il telefono, puoi accedere con uno di questi codici: ognuno vale una sola volta. Conservali in un posto sicuro:
          non li vedrai più.
        </p>
        <ul aria-label="Codici di backup" className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5">
          {backupCodes.map((code) => (
            <li key={code} className="rounded bg-stone-100 px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
      </div>
  );
}

function TotpEnrolment({ email, confirm }: { email: string; confirm: AccountFetcher }) {
  const start = useAccountFetcher();
  const enrolment = start.fetcher.data?.ok ? start.fetcher.data.enrolment : null;
  return (
    <div className="mt-4 space-y-4">
      <start.fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="totp-start" />
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div>
          <label htmlFor="totp-password" className="field-label">
            Password attuale
          </label>
          <input id="totp-password" name="password" type="password" autoComplete="current-password" required className="field-input" />
        </div>
        {enrolment ? null : <AnswerBanner answer={start.answer} />}
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={start.pending}>
          {start.pending ? "Preparazione..." : enrolment ? "Genera una nuova chiave" : "Configura l'app di autenticazione"}
        </button>
      </start.fetcher.Form>
      {enrolment ? (
        <div className="space-y-4 rounded-xl border border-stone-200 p-4">
          <p className="text-sm text-stone-800">
            1. Scansiona il codice QR con l'app di autenticazione (Google Authenticator, Microsoft Authenticator, Aegis…).
          </p>
          <img src={enrolment.qrCode} width={220} height={220} alt="Codice QR da scansionare con l'app di autenticazione" className="rounded bg-white" />
          <p className="text-sm text-stone-800">
            Non puoi scansionarlo? Inserisci questa chiave nell'app:{" "}
            <code data-testid="totp-manual-key" className="break-all rounded bg-stone-100 px-1 font-mono">
              {enrolment.manualKey}
            </code>
          </p>
          <confirm.fetcher.Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="totp-confirm" />
            <CodeField id="totp-code" label="2. Inserisci il codice di 6 cifre mostrato dall'app" />
            <AnswerBanner answer={confirm.answer} />
            <button type="submit" className="btn-primary w-full sm:w-auto" disabled={confirm.pending}>
              {confirm.pending ? "Verifica..." : "Attiva"}
            </button>
          </confirm.fetcher.Form>
        </div>
      ) : null}
    </div>
  );
}

function PhoneEnrolment({ pendingPhone }: { pendingPhone: string | null }) {
  const start = useAccountFetcher();
  const confirm = useAccountFetcher();
  const codeSent = start.fetcher.data?.ok === true || pendingPhone !== null;
  return (
    <div className="mt-3 space-y-4">
      <start.fetcher.Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="phone-start" />
        <div>
          <label htmlFor="phone-number" className="field-label">
            Numero di cellulare
          </label>
          <input id="phone-number" name="phone" type="tel" autoComplete="tel" required className="field-input" aria-describedby="phone-hint" />
          <p id="phone-hint" className="mt-1 text-sm text-stone-600">
            Con il prefisso internazionale se non è italiano, es. +39 333 1234567.
          </p>
        </div>
        <AnswerBanner answer={start.answer} />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={start.pending}>
          {start.pending ? "Invio..." : "Invia il codice via SMS"}
        </button>
      </start.fetcher.Form>
      {codeSent ? (
        <confirm.fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="phone-confirm" />
          <CodeField id="phone-code" label={pendingPhone ? `Codice ricevuto al ${pendingPhone}` : "Codice ricevuto via SMS"} />
          <AnswerBanner answer={confirm.answer} />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={confirm.pending}>
            {confirm.pending ? "Verifica..." : "Conferma il numero"}
          </button>
        </confirm.fetcher.Form>
      ) : null}
    </div>
  );
}

export function TwoFactorSection({ status, email }: { status: TwoFactorStatus; email: string }) {
  const [params] = useSearchParams();
  const disable = useAccountFetcher();
  const confirm = useAccountFetcher();
  const backupCodes = confirm.fetcher.data?.ok ? confirm.fetcher.data.backupCodes : null;
  const required = params.get("due-fattori") === "obbligatorio";
  return (
    <section id="due-fattori" aria-labelledby="two-factor-title" className="scroll-mt-24 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="two-factor-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={Smartphone} aria-hidden size={22} /> Autenticazione a due fattori
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Oltre alla password, all'accesso ti chiederemo un codice dall'app di autenticazione o via SMS.
      </p>
      {required && !status.enabled ? (
        <p role="alert" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {M.adminRequired}
        </p>
      ) : null}
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-stone-700">App di autenticazione:</dt>
          <dd data-testid="totp-status" className="text-stone-900">
            {status.totp === "on"
              ? `attiva (codici di backup rimasti: ${status.backupCodesLeft ?? 0})`
              : status.totp === "pending"
                ? "configurazione non completata"
                : "non attiva"}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-stone-700">SMS:</dt>
          <dd className="text-stone-900">{status.phone?.verified ? `attivo (${status.phone.masked})` : "non attivo"}</dd>
        </div>
      </dl>
      {backupCodes ? (
        <BackupCodes confirm={confirm} backupCodes={backupCodes} />
      ) : status.totp === "on" ? null : (
        <TotpEnrolment email={email} confirm={confirm} />
      )}
      {status.phone?.verified ? null : (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">Ricevi i codici via SMS</summary>
          <PhoneEnrolment pendingPhone={status.phone ? status.phone.masked : null} />
        </details>
      )}
      {status.enabled || status.totp === "on" || status.phone?.verified ? (
        <disable.fetcher.Form method="post" className="mt-6 space-y-3 border-t border-stone-200 pt-4">
          <input type="hidden" name="intent" value="2fa-disable" />
          <AnswerBanner answer={disable.answer} />
          <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={disable.pending}>
            {disable.pending ? "Disattivazione..." : "Disattiva l'autenticazione a due fattori"}
          </button>
        </disable.fetcher.Form>
      ) : null}
    </section>
  );
}
