// The sign-in's second step (decision 0059): after the password of an account with a second factor,
// a code from the authenticator app, a backup code or an SMS code; only then is there a session,
// at aal2. Without a pending sign-in (none, or older than 10 minutes) the page sends back to /login.
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login-code";
import { pendingSignIn, sendSignInSms, verifySignInCode } from "~/accounts/two-factor.server";
import { TWO_FACTOR_MESSAGES as M } from "~/accounts/two-factor-messages";
import { readForm } from "~/lib/form.server";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Verifica in due passaggi",
    description: "Inserisci il codice di verifica per accedere al tuo account Zampa.",
    canonicalPath: "/login/codice",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const pending = await pendingSignIn(request);
  return { methods: pending?.methods ?? null, phone: pending?.phone ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, text: read.error }, { status: read.status });
  const form = read.fields;
  if (form.intent === "sms") {
    const sent = await sendSignInSms(request);
    if (!sent.ok) return data({ ok: false as const, text: sent.error }, { status: sent.status });
    return { ok: true as const, text: sent.message };
  }
  const result = await verifySignInCode(request, form);
  if (!result.ok) return data({ ok: false as const, text: result.error }, { status: result.status });
  // The way back the password step was given (decision 0092), when it is one of our pages.
  return redirect(safeReturnPath(form.redirectTo) ?? "/", { headers: result.headers });
}

type Method = "totp" | "backup" | "sms";
const LABELS: Record<Method, string> = {
  totp: "Codice dell'app di autenticazione",
  backup: "Codice di backup",
  sms: "Codice ricevuto via SMS",
};

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const { methods, phone } = loaderData;
  const back = safeReturnPath(params.get("redirectTo"));
  const backField = back ? <input type="hidden" name="redirectTo" value={back} /> : null;
  if (!methods) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-center text-3xl font-bold text-stone-900">Verifica in due passaggi</h1>
        <p role="alert" className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {M.signInExpired}
        </p>
        <p className="mt-6 text-center">
          <Link to={back ? loginPathBackTo(back) : "/login"} className="font-semibold text-brand-800 underline">
            Torna all'accesso
          </Link>
        </p>
      </div>
    );
  }
  const available = (["totp", "sms", "backup"] as const).filter((m) => methods[m]);
  const asked = params.get("metodo");
  const method: Method = available.find((m) => m === asked) ?? available[0] ?? "totp";
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Verifica in due passaggi</h1>
      <p className="mt-2 text-center text-stone-700">
        {method === "totp"
          ? "Apri l'app di autenticazione e inserisci il codice di 6 cifre."
          : method === "sms"
            ? `Ti invieremo un SMS con il codice${phone ? ` al ${phone}` : ""}.`
            : "Inserisci uno dei codici di backup che hai salvato: ognuno vale una sola volta."}
      </p>
      {method === "sms" ? (
        <Form method="post" className="mt-6 text-center">
          <input type="hidden" name="intent" value="sms" />
          <button type="submit" className="btn-secondary" disabled={submitting}>
            Invia SMS
          </button>
        </Form>
      ) : null}
      <Form method="post" className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value="verify" />
        {backField}
        <input type="hidden" name="method" value={method} />
        <div>
          <label htmlFor="code" className="field-label">
            {LABELS[method]}
          </label>
          <input
            id="code"
            name="code"
            type="text"
            inputMode={method === "backup" ? "text" : "numeric"}
            autoComplete="one-time-code"
            required
            maxLength={32}
            autoFocus
            className="field-input"
          />
        </div>
        {actionData ? (
          <p role={actionData.ok ? "status" : "alert"} className={actionData.ok ? "text-sm text-green-800" : "rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"}>
            {actionData.text}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={submitting}>
          {submitting ? "Verifica..." : "Verifica e accedi"}
        </button>
      </Form>
      {available.length > 1 ? (
        <nav aria-label="Altri metodi di verifica" className="mt-6 text-center text-sm">
          <ul className="space-y-2">
            {available
              .filter((m) => m !== method)
              .map((m) => (
                <li key={m}>
                  <Link to={`?${new URLSearchParams(back ? { metodo: m, redirectTo: back } : { metodo: m })}`} replace className="font-semibold text-brand-800 underline">
                    {m === "totp" ? "Usa l'app di autenticazione" : m === "sms" ? "Ricevi un codice via SMS" : "Usa un codice di backup"}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
