import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import type { Route } from "./+types/login";
import { signIn, signUp } from "~/accounts/accounts.server";
import { RECOVERY_MESSAGES } from "~/accounts/recovery-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { ssoErrorMessage, ssoProviderName, startSso } from "~/accounts/sso.server";
import { SsoButton } from "~/components/account/sso-button";
import { SIGN_IN_CODE_PATH } from "~/accounts/two-factor.server";
import { FULL_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/accounts/messages";
import { signInSchema, signUpSchema } from "~/accounts/validation";
import { pageMeta } from "~/lib/seo";
import { refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import { Notice } from "~/components/notice";
import { FormAlert } from "~/components/form-alert";
import { EmailField } from "~/components/form/email-field";
import { FieldError } from "~/components/form/form-messages";
import { useZodForm, type FormSchema } from "~/components/form/zod-form";

// Canonical /login for both modes (?mode=signup is the same page); noindex: a form has nothing to
// find, and robots.txt (which the admin can rewrite) is not the only guard (decision 0036).
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Accedi o registrati",
    description: "Accedi al tuo account Zampa o registrati per pubblicare annunci e partecipare ai concorsi.",
    canonicalPath: "/login",
    noindex: true,
  });

// A signed-in visitor still sees the form (an administrator area sends non-admins here, and they
// may want to switch account); the page says who is signed in.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  // Single sign-on, when configured: its button, and why it failed when better-auth came back with ?error=.
  const sso = ssoProviderName();
  const ssoError = ssoErrorMessage(new URL(request.url).searchParams.get("error"));
  return { signedInAs: user?.email ?? null, sso, ssoError };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return refusal(read);
  const form = read.fields;
  // A refusal in the forms' shape; without JavaScript the page is drawn again with what was typed
  // (never the password).
  const refused = (error: string, status: number) =>
    data({ ok: false as const, error, values: { fullName: form.fullName, email: form.email } }, { status });
  // Back to the page that asked for a sign-in (a listing's "Mostra numero", "Pubblica annuncio"),
  // when it is one of ours (decision 0092), whichever way in is chosen.
  const back = safeReturnPath(form.redirectTo);
  if (form.intent === "sso") {
    const started = await startSso(request, back);
    if (!started.ok) return refused(started.error, started.status);
    return redirect(started.url, { headers: started.headers });
  }
  if (form.intent === "signup") {
    // The same answer for a new address and a registered one (decision 0075): the mail says which.
    // The confirmation link carries the way back, for the sign-in that follows it.
    const signedUp = await signUp(form, request.headers, back);
    if (!signedUp.ok) return refused(signedUp.error, signedUp.status);
    return { ok: true as const, sent: signedUp.message };
  }
  const result = await signIn(form, request.headers);
  if (!result.ok) return refused(result.error, result.status);
  // An account with a second factor: better-auth set the pending sign-in's cookie; the code is asked
  // next, and the way back goes along.
  const next = result.twoFactor ? (back ? `${SIGN_IN_CODE_PATH}?redirectTo=${encodeURIComponent(back)}` : SIGN_IN_CODE_PATH) : (back ?? "/");
  return redirect(next, { headers: result.headers });
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const mode = params.get("mode") === "signup" ? "signup" : "signin";
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;
  const signup = mode === "signup";
  const sent = signup && actionData?.ok ? actionData.sent : null;
  // One form per mode (its id is the mode): switching starts afresh, and the server's refusal is
  // shown by the form that was sent.
  // (The sign-in form's fields are a part of sign-up's: one type serves both.)
  const [form, fields] = useZodForm({
    id: mode,
    schema: (signup ? signUpSchema : signInSchema) as FormSchema as typeof signUpSchema,
    answer: actionData,
    defaultValue: actionData && !actionData.ok && "values" in actionData ? (actionData.values as Record<string, string | undefined>) : undefined,
  });
  const back = safeReturnPath(params.get("redirectTo"));
  // The other mode, and the sign-in after a sign-up, keep the way back.
  const signInPath = back ? loginPathBackTo(back) : "/login";
  const signUpPath = back ? `${signInPath}&mode=signup` : "/login?mode=signup";

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">{signup ? "Registrati" : "Accedi"}</h1>
      <p className="mt-2 text-center text-stone-700">{signup ? "Crea il tuo account Zampa in pochi secondi." : "Bentornato! Accedi al tuo account Zampa."}</p>
      {params.get("reset") === "1" && !signup ? (
        <Notice tone="success" className="mt-6">
          {RECOVERY_MESSAGES.resetDone}
        </Notice>
      ) : null}
      {loaderData.signedInAs ? (
        <p role="status" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Hai già effettuato l'accesso come <strong>{loaderData.signedInAs}</strong>. Per usare un altro account, inserisci le sue credenziali.
        </p>
      ) : null}
      {sent ? (
        <>
          <Notice tone="success" className="mt-8">
            {sent}
          </Notice>
          {back ? (
            <p className="mt-6 text-center">
              <Link to={signInPath} className="btn-primary">
                Accedi e continua
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <Form method="post" key={mode} {...getFormProps(form)} className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="intent" value={mode} />
          {back ? <input type="hidden" name="redirectTo" value={back} /> : null}
          {signup ? (
            <div>
              <label htmlFor={fields.fullName.id} className="field-label">
                Nome completo
              </label>
              <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" maxLength={FULL_NAME_MAX_LENGTH} className="field-input" />
              <FieldError field={fields.fullName} />
            </div>
          ) : null}
          <EmailField field={fields.email} />
          <div>
            <label htmlFor={fields.password.id} className="field-label">
              Password
            </label>
            <input
              {...getInputProps(fields.password, { type: "password", value: false, ariaDescribedBy: signup ? fields.password.descriptionId : undefined })}
              autoComplete={signup ? "new-password" : "current-password"}
              minLength={signup ? PASSWORD_MIN_LENGTH : undefined}
              maxLength={undefined}
              className="field-input"
            />
            <FieldError field={fields.password} />
            {signup ? (
              <p id={fields.password.descriptionId} className="mt-1 text-sm text-stone-600">
                Almeno 6 caratteri; evita le password più comuni.
              </p>
            ) : (
              <p className="mt-1 text-right text-sm">
                <Link to="/forgot-password" className="font-medium text-brand-800 underline">
                  Password dimenticata?
                </Link>
              </p>
            )}
          </div>
          {signup ? (
            <fieldset className="space-y-2">
              <legend className="sr-only">Consensi</legend>
              <label className="flex items-start gap-2 text-sm text-stone-800">
                <input {...getInputProps(fields.acceptPrivacy, { type: "checkbox" })} className="mt-0.5 size-4 accent-brand-700" />
                <span>
                  Ho letto e accetto la{" "}
                  <Link to="/privacy" className="font-medium text-brand-800 underline" target="_blank">
                    Privacy Policy
                  </Link>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm text-stone-800">
                <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} className="mt-0.5 size-4 accent-brand-700" />
                <span>
                  Accetto i{" "}
                  <Link to="/terms" className="font-medium text-brand-800 underline" target="_blank">
                    Termini e Condizioni
                  </Link>
                </span>
              </label>
              <FieldError field={fields.acceptTerms} />
            </fieldset>
          ) : null}
          <FormAlert form={form} />
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Caricamento..." : signup ? "Registrati" : "Accedi"}
          </button>
        </Form>
      )}
      {loaderData.sso && !signup ? <SsoButton name={loaderData.sso} error={loaderData.ssoError} redirectTo={back} /> : null}
      <p className="mt-6 text-center text-sm text-stone-700">
        {signup ? "Hai già un account? " : "Non hai un account? "}
        <Link to={signup ? signInPath : signUpPath} replace className="font-semibold text-brand-800 underline">
          {signup ? "Accedi" : "Registrati"}
        </Link>
      </p>
    </div>
  );
}
