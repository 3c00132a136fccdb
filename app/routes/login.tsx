import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import type { Route } from "./+types/login";
import { signIn, signUp } from "~/accounts/accounts.server";
import { RECOVERY_MESSAGES } from "~/accounts/recovery-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { ssoErrorMessage, ssoProviderName, startSso } from "~/accounts/sso.server";
import { SsoButton } from "~/components/account/sso-button";
import { SIGN_IN_CODE_PATH } from "~/accounts/two-factor.server";
import { firstError, signInSchema, signUpSchema } from "~/accounts/validation";
import { pageMeta } from "~/lib/seo";
import { readForm } from "~/lib/form.server";
import { Notice } from "~/components/notice";

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
  if (!read.ok) return data({ error: read.error }, { status: read.status });
  const form = read.fields;
  // Back to the page that asked for a sign-in (a listing's "Mostra numero", "Pubblica annuncio"),
  // when it is one of ours (decision 0092), whichever way in is chosen.
  const back = safeReturnPath(form.redirectTo);
  if (form.intent === "sso") {
    const started = await startSso(request, back);
    if (!started.ok) return data({ error: started.error }, { status: started.status });
    return redirect(started.url, { headers: started.headers });
  }
  if (form.intent === "signup") {
    // The same answer for a new address and a registered one (decision 0075): the mail says which.
    // The confirmation link carries the way back, for the sign-in that follows it.
    const signedUp = await signUp(form, request.headers, back);
    if (!signedUp.ok) return data({ error: signedUp.error }, { status: signedUp.status });
    return { error: null, sent: signedUp.message };
  }
  const result = await signIn(form, request.headers);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
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
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? actionData?.error ?? null;
  const signup = mode === "signup";
  const sent = signup && actionData && "sent" in actionData ? actionData.sent : null;
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
        <Form
          method="post"
          key={mode}
          noValidate
          className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
          onChange={() => setClientError(null)}
          onSubmit={(event) => {
            // The same schema as the server, so the browser shows the same message without a round trip.
            const values = Object.fromEntries(new FormData(event.currentTarget));
            const parsed = (signup ? signUpSchema : signInSchema).safeParse(values);
            if (!parsed.success) {
              event.preventDefault();
              setClientError(firstError(parsed.error));
            } else {
              setClientError(null);
            }
          }}
        >
          <input type="hidden" name="intent" value={mode} />
          {back ? <input type="hidden" name="redirectTo" value={back} /> : null}
          {signup ? (
            <div>
              <label htmlFor="fullName" className="field-label">
                Nome completo
              </label>
              <input id="fullName" name="fullName" type="text" autoComplete="name" required maxLength={100} className="field-input" />
            </div>
          ) : null}
          <div>
            <label htmlFor="email" className="field-label">
              Email
            </label>
            <input id="email" name="email" type="email" autoComplete="email" required className="field-input" />
          </div>
          <div>
            <label htmlFor="password" className="field-label">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete={signup ? "new-password" : "current-password"}
              required
              minLength={signup ? 6 : undefined}
              className="field-input"
              aria-describedby={signup ? "password-hint" : undefined}
            />
            {signup ? (
              <p id="password-hint" className="mt-1 text-sm text-stone-600">
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
                <input type="checkbox" name="acceptPrivacy" className="mt-0.5 size-4 accent-brand-700" />
                <span>
                  Ho letto e accetto la{" "}
                  <Link to="/privacy" className="font-medium text-brand-800 underline" target="_blank">
                    Privacy Policy
                  </Link>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm text-stone-800">
                <input type="checkbox" name="acceptTerms" className="mt-0.5 size-4 accent-brand-700" />
                <span>
                  Accetto i{" "}
                  <Link to="/terms" className="font-medium text-brand-800 underline" target="_blank">
                    Termini e Condizioni
                  </Link>
                </span>
              </label>
            </fieldset>
          ) : null}
          {error ? <Notice tone="error">{error}</Notice> : null}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Caricamento..." : signup ? "Registrati" : "Accedi"}
          </button>
        </Form>
      )}
      {loaderData.sso && !signup ? <SsoButton name={loaderData.sso} error={loaderData.ssoError} redirectTo={back} /> : null}
      <p className="mt-6 text-center text-sm text-stone-700">
        {signup ? "Hai già un account? " : "Non hai un account? "}
        <Link to={signup ? signInPath : signUpPath} replace className="font-semibold text-brand-800 underline" onClick={() => setClientError(null)}>
          {signup ? "Accedi" : "Registrati"}
        </Link>
      </p>
    </div>
  );
}
