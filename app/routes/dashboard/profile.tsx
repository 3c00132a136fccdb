import { KeyRound, Mail, UserRound } from "lucide";
import { Icon } from "~/components/icon";
import { getFormProps, getInputProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useActionData, useFetcher } from "react-router";
import type { Route } from "./+types/profile";
import { changePassword, getProfileInfo, setMessageMail, updateProfile } from "~/accounts/profile.server";
import { cancelOwnEmailChange, pendingEmailChange } from "~/accounts/email-change.server";
import { PASSWORD_MIN_LENGTH } from "~/accounts/messages";
import {
  FULL_NAME_MAX_LENGTH,
  passwordChangeSchema,
  PROFILE_MESSAGES as M,
  profileSchema,
} from "~/accounts/profile-validation";
import { isEmailVerified } from "~/accounts/recovery.server";
import { requireUser } from "~/accounts/session.server";
import { loginPathFor } from "~/lib/return-path";
import { AnswerBanner } from "~/components/account/account-fetcher";
import { DataSection } from "~/components/account/data-section";
import { listIdentities, unlinkIdentity } from "~/accounts/identities.server";
import { listSessions, revokeOtherSessions, revokeSession } from "~/accounts/sessions.server";
import { IdentitiesSection, SessionsSection } from "~/components/account/sessions-section";
import { refuseStaleChange } from "~/accounts/reauth.server";
import { getTwoFactorStatus, isTwoFactorIntent, twoFactorAction } from "~/accounts/two-factor.server";
import { ReauthSection } from "~/components/account/reauth-section";
import { TwoFactorSection } from "~/components/account/two-factor-section";
import { VerificationSection } from "~/components/account/verification-section";
import { FormAlert } from "~/components/form-alert";
import { FieldError } from "~/components/form/form-messages";
import { messagesOf, useZodForm, type FormSchema } from "~/components/form/zod-form";
import { readForm } from "~/lib/form.server";
import { formatDateLong, formatDateTimeLong, isoDate } from "~/lib/format";

const BANNER_VISIBLE_MS = 5_000;

export const meta = () => [{ title: "Il mio profilo — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const info = await getProfileInfo(user);
  if (!info) throw redirect(loginPathFor(request));
  const [sessions, identities, pending] = await Promise.all([listSessions(user, request), listIdentities(user), pendingEmailChange(user.id)]);
  const when = (date: Date) => ({ iso: isoDate(date), label: formatDateTimeLong(date) });
  // Dates are written here, on the server, so the browser shows (and hydrates) the same text.
  return {
    fullName: info.fullName,
    email: info.email,
    messageMail: info.messageMail,
    createdAt: { iso: isoDate(info.createdAt), label: formatDateLong(info.createdAt) },
    lastSignInAt: info.lastSignInAt ? { iso: isoDate(info.lastSignInAt), label: formatDateTimeLong(info.lastSignInAt) } : null,
    sessions: sessions.map((s) => ({ ...s, signedInAt: when(s.signedInAt), lastActiveAt: when(s.lastActiveAt) })),
    identities: identities.map((i) => ({ id: i.id, label: i.label, linkedAt: when(i.linkedAt) })),
    twoFactor: await getTwoFactorStatus(user, request),
    emailVerified: await isEmailVerified(user.id),
    pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: when(pending.expiresAt) } : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readForm(request);
  const at = Date.now();
  if (!read.ok) return data({ ok: false as const, intent: null, text: read.error, at }, { status: read.status });
  const form = read.fields;
  if (isTwoFactorIntent(form.intent)) {
    const intent = form.intent;
    const result = await twoFactorAction(user, request, intent, form);
    if (!result.ok) return data({ ok: false as const, intent, text: result.error, at }, { status: result.status });
    const { message, enrolment = null, backupCodes = null, headers } = result;
    return data({ ok: true as const, intent, text: message, at, enrolment, backupCodes }, { headers });
  }
  if (form.intent === "profile" || form.intent === "password") {
    const intent = form.intent;
    // A new password or e-mail address needs a recent identity check (decision 0059).
    const stale = await refuseStaleChange(user, request, intent, form);
    if (stale) return data({ ok: false as const, intent, text: stale.error, at }, { status: stale.status });
    // Only the session's user is ever changed: no id is read from the form.
    const result = intent === "profile" ? await updateProfile(user, form, request) : await changePassword(user, form, request);
    if (!result.ok) return data({ ok: false as const, intent, text: result.error, at }, { status: result.status });
    return { ok: true as const, intent, text: result.message, at };
  }
  if (form.intent === "message-mail") {
    // A preference of one's own: no identity check, only the session's profile changes.
    const result = await setMessageMail(user, form);
    if (!result.ok) return data({ ok: false as const, intent: form.intent, text: result.error, at }, { status: result.status });
    return { ok: true as const, intent: form.intent, text: result.message, at };
  }
  if (form.intent === "cancel-email-change") {
    // Withdrawing a change asks for no identity check: it only keeps the account as it is.
    const result = await cancelOwnEmailChange(user.id);
    if (!result.ok) return data({ ok: false as const, intent: form.intent, text: result.error, at }, { status: result.status });
    return { ok: true as const, intent: form.intent, text: result.message, at };
  }
  if (form.intent === "revoke-session" || form.intent === "revoke-other-sessions" || form.intent === "unlink-identity") {
    const intent = form.intent;
    const result =
      intent === "revoke-session"
        ? await revokeSession(user, request, form.sessionId)
        : intent === "revoke-other-sessions"
          ? await revokeOtherSessions(user, request)
          : await unlinkIdentity(user, form.identityId);
    if (!result.ok) return data({ ok: false as const, intent, text: result.error, at }, { status: result.status });
    return { ok: true as const, intent, text: result.message, at };
  }
  return data({ ok: false as const, intent: null, text: M.invalidIntent, at }, { status: 400 });
}

interface Outcome {
  ok: boolean;
  text: string;
  key: string;
}

/**
 * One form on this page: submitted with a fetcher, checked first in the browser with the server's
 * schema (Conform: each message beside its field, the focus on the first field to correct), and
 * answered by the server in a banner that shows for 5 seconds (success: role=status; error: role=alert).
 * Without JavaScript the form posts to the page, whose answer shows in the same banner.
 */
function useProfileForm<S extends FormSchema>(intent: "profile" | "password", schema: S, fallback: string) {
  const fetcher = useFetcher<typeof action>();
  const page = useActionData<typeof action>();
  const [form, fields] = useZodForm({ id: intent, schema });
  // The key of the banner whose 5 seconds are over.
  const [expired, setExpired] = useState<string | null>(null);
  const pending = fetcher.state !== "idle";
  const result = fetcher.data ?? (page?.intent === intent ? page : undefined);
  const outcome: Outcome | null = result ? { ok: result.ok, text: result.text || fallback, key: `server-${result.at}` } : null;
  const key = outcome?.key ?? null;

  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setExpired(key), BANNER_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  // The browser's refusal (FormAlert) replaces the server's last answer while it shows.
  const refused = messagesOf(form.allErrors).length > 0;
  const banner = outcome && !pending && !refused && expired !== outcome.key ? outcome : null;
  return { fetcher, pending, banner, form, fields, succeededAt: result?.ok ? result.at : null };
}

type PendingEmail = { newEmail: string; expiresAt: { iso: string; label: string } };

/** The change waiting for its link (decision 0077), with the button that withdraws it. */
function PendingEmailChange({ change }: { change: PendingEmail | null }) {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "cancel-email-change" ? fetcher.data : null;
  return (
    <div aria-live="polite">
      {change ? (
        <div role="group" aria-label="Cambio di indirizzo in attesa" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-stone-800">
          <p>
            In attesa di conferma: <strong className="break-words">{change.newEmail}</strong>. Il link inviato a quell'indirizzo vale fino al{" "}
            <time dateTime={change.expiresAt.iso}>{change.expiresAt.label}</time>; fino ad allora resta attivo l'indirizzo attuale.
          </p>
          <fetcher.Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="cancel-email-change" />
            <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
              Annulla il cambio
            </button>
          </fetcher.Form>
        </div>
      ) : null}
      <AnswerBanner answer={answer} />
    </div>
  );
}

function ProfileForm({ fullName, email, pendingEmail }: { fullName: string; email: string; pendingEmail: PendingEmail | null }) {
  const { fetcher, pending, banner, form, fields } = useProfileForm("profile", profileSchema, M.profileError);
  return (
    <section aria-labelledby="profile-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="profile-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={UserRound} aria-hidden size={22} /> Dati personali
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <div>
          <label htmlFor={fields.fullName.id} className="field-label">
            Nome completo
          </label>
          <input
            {...getInputProps(fields.fullName, { type: "text", value: false })}
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            defaultValue={fullName}
            className="field-input"
          />
          <FieldError field={fields.fullName} />
        </div>
        <div>
          <label htmlFor={fields.email.id} className="field-label">
            Email
          </label>
          <input
            {...getInputProps(fields.email, { type: "email", value: false, ariaDescribedBy: fields.email.descriptionId })}
            autoComplete="email"
            defaultValue={email}
            className="field-input"
          />
          <p id={fields.email.descriptionId} className="mt-1 text-sm text-stone-600">
            Se cambi indirizzo, ti invieremo un link al nuovo indirizzo: la modifica vale solo dopo la conferma.
          </p>
          <FieldError field={fields.email} />
        </div>
        <FormAlert form={form} />
        <AnswerBanner answer={banner} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? "Salvataggio..." : "Salva modifiche"}
        </button>
      </fetcher.Form>
      <div className="mt-4">
        <PendingEmailChange change={pendingEmail} />
      </div>
    </section>
  );
}

function PasswordForm({ email }: { email: string }) {
  const { fetcher, pending, banner, succeededAt, form, fields } = useProfileForm("password", passwordChangeSchema, M.passwordError);
  const formRef = useRef<HTMLFormElement>(null);
  // A saved password is not left in the fields.
  useEffect(() => {
    if (succeededAt) formRef.current?.reset();
  }, [succeededAt]);
  return (
    <section aria-labelledby="password-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="password-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={KeyRound} aria-hidden size={22} /> Cambia password
      </h2>
      <p className="mt-1 text-sm text-stone-700">Dopo il cambio resterai connesso qui; gli altri dispositivi dovranno accedere di nuovo.</p>
      <fetcher.Form ref={formRef} method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="password" />
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div>
          <label htmlFor={fields.newPassword.id} className="field-label">
            Nuova password
          </label>
          <input
            {...getInputProps(fields.newPassword, { type: "password", value: false, ariaDescribedBy: fields.newPassword.descriptionId })}
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={undefined}
            className="field-input"
          />
          <p id={fields.newPassword.descriptionId} className="mt-1 text-sm text-stone-600">
            Almeno 6 caratteri; evita le password più comuni.
          </p>
          <FieldError field={fields.newPassword} />
        </div>
        <div>
          <label htmlFor={fields.confirmPassword.id} className="field-label">
            Conferma nuova password
          </label>
          <input
            {...getInputProps(fields.confirmPassword, { type: "password", value: false })}
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={undefined}
            className="field-input"
          />
          <FieldError field={fields.confirmPassword} />
        </div>
        <FormAlert form={form} />
        <AnswerBanner answer={banner} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={pending}>
          {pending ? "Aggiornamento..." : "Aggiorna password"}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** "Avvisami via email dei nuovi messaggi" (decision 0091): saved on its own, with the page's banner. */
function MessageMailForm({ messageMail }: { messageMail: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  const answer = !pending && fetcher.data?.intent === "message-mail" ? fetcher.data : null;
  return (
    <section aria-labelledby="message-mail-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
      <h2 id="message-mail-title" className="flex items-center gap-2 text-xl font-semibold text-stone-900">
        <Icon node={Mail} aria-hidden size={22} /> Avvisi dei messaggi
      </h2>
      <fetcher.Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="message-mail" />
        <label className="flex items-start gap-3 text-stone-900">
          <input type="checkbox" name="messageMail" defaultChecked={messageMail} className="mt-1 h-5 w-5 shrink-0" aria-describedby="message-mail-hint" />
          <span>{M.messageMailLabel}</span>
        </label>
        <p id="message-mail-hint" className="text-sm text-stone-600">
          Al massimo un'email ogni 15 minuti per conversazione, solo finché non hai letto i messaggi.
        </p>
        <AnswerBanner answer={answer} />
        <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={pending}>
          {pending ? "Salvataggio..." : "Salva preferenza"}
        </button>
      </fetcher.Form>
    </section>
  );
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { fullName, email, messageMail, createdAt, lastSignInAt, sessions, identities, twoFactor, emailVerified, pendingEmail } = loaderData;
  return (
    <>
      <p className="text-sm">
        <Link to="/dashboard" className="text-brand-800 underline">
          Dashboard
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Il mio profilo</h1>
      <p className="mt-2 text-stone-700">Aggiorna i tuoi dati e la password del tuo account Zampa.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start">
        <div className="grid min-w-0 gap-6">
          <ProfileForm fullName={fullName} email={email} pendingEmail={pendingEmail} />
          <PasswordForm email={email} />
          <MessageMailForm messageMail={messageMail} />
          <ReauthSection fresh={twoFactor.fresh} hasTotp={twoFactor.totp === "on"} email={email} />
          <TwoFactorSection status={twoFactor} email={email} />
          <SessionsSection sessions={sessions} />
          <IdentitiesSection identities={identities} />
          <DataSection />
        </div>
        <aside aria-labelledby="account-title" className="min-w-0 rounded-2xl bg-stone-50 p-6">
          <h2 id="account-title" className="text-lg font-semibold text-stone-900">
            Informazioni account
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="font-medium text-stone-700">Email</dt>
              <dd className="break-words text-stone-900">{email}</dd>
            </div>
            <div>
              <dt className="font-medium text-stone-700">Account creato il</dt>
              <dd className="text-stone-900">
                <time dateTime={createdAt.iso}>{createdAt.label}</time>
              </dd>
            </div>
            <div>
              <dt className="font-medium text-stone-700">Ultimo accesso</dt>
              <dd className="text-stone-900">{lastSignInAt ? <time dateTime={lastSignInAt.iso}>{lastSignInAt.label}</time> : "—"}</dd>
            </div>
          </dl>
        </aside>
      </div>
      <VerificationSection email={email} verified={emailVerified} />
    </>
  );
}
