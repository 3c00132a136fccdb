import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-verification";
import { isEmailVerified, resendVerification } from "~/accounts/recovery.server";
import { RECOVERY_MESSAGES as R } from "~/accounts/recovery-messages";
import { getCurrentUser } from "~/accounts/session.server";
import { readForm } from "~/lib/form.server";
import { loginPathBackTo, safeReturnPath } from "~/lib/return-path";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Conferma dell'indirizzo email", canonicalPath: "/email-verification", noindex: true });

// Where the verification link lands (?verified=1, with &error=… when the link is spent or wrong),
// and the form that sends the link again.
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const viewer = await getCurrentUser(request);
  const verified = viewer ? await isEmailVerified(viewer.id) : false;
  const linkError = query.has("error");
  const justVerified = query.get("verified") === "1" && !linkError;
  // A sign-up that started from a page (?redirectTo=, decision 0092): the sign-in link goes back there.
  const back = safeReturnPath(query.get("redirectTo"));
  return { signedIn: viewer !== null, email: viewer?.email ?? null, verified, linkError, justVerified, back };
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, error: read.error }, { status: read.status });
  const viewer = await getCurrentUser(request);
  const result = await resendVerification(viewer, read.fields, request.headers);
  if (!result.ok) {
    const headers: HeadersInit = "retryAfter" in result ? { "retry-after": String(result.retryAfter) } : {};
    return data({ ok: false as const, error: result.error }, { status: result.status, headers });
  }
  return { ok: true as const, message: result.message };
}

export default function EmailVerification({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/email-verification") === true;
  const { signedIn, email, verified, linkError, justVerified, back } = loaderData;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Conferma dell'indirizzo email</h1>
      {justVerified ? (
        <Notice tone="success" className="mt-8">
          {R.verified}
        </Notice>
      ) : null}
      {linkError ? (
        <Notice tone="error" className="mt-8">
          {R.verifyLinkInvalid}
        </Notice>
      ) : null}
      {signedIn && verified ? (
        justVerified ? null : (
          <Notice tone="success" className="mt-8">
            {R.alreadyVerified}
          </Notice>
        )
      ) : (
        <Form method="post" noValidate className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="type" value="signup" />
          {signedIn ? (
            <p className="text-stone-700">
              Ti invieremo di nuovo il link di conferma all'indirizzo <strong>{email}</strong>.
            </p>
          ) : (
            <div>
              <label htmlFor="email" className="field-label">
                Email
              </label>
              <input id="email" name="email" type="email" autoComplete="email" required className="field-input" />
            </div>
          )}
          {actionData?.ok ? (
            <Notice tone="success">
              {actionData.message}
            </Notice>
          ) : null}
          {actionData && !actionData.ok ? (
            <Notice tone="error">
              {actionData.error}
            </Notice>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Invio in corso..." : "Invia di nuovo l'email di conferma"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to={signedIn ? (back ?? "/dashboard/profile") : back ? loginPathBackTo(back) : "/login"} className="font-semibold text-brand-800 underline">
          {signedIn ? (back ? "Continua" : "Vai al profilo") : "Vai all'accesso"}
        </Link>
      </p>
    </div>
  );
}
