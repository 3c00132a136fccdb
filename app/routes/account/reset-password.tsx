import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { resetPasswordWithToken, resetTokenUsable } from "~/accounts/recovery.server";
import { RECOVERY_MESSAGES as R } from "~/accounts/recovery-messages";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Reimposta la password", canonicalPath: "/reset-password", noindex: true });

// The token is in the address: no other site may receive it as a referrer, and no cache keeps it.
// "same-origin", not "no-referrer", as on the e-mail change's page: without JavaScript the form
// would otherwise be posted with `Origin: null` and refused by the origin check.
export const headers = () => ({ "referrer-policy": "same-origin", "cache-control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = await resetTokenUsable(token);
  return data({ token: usable ? token : "", usable }, { status: usable ? 200 : 400 });
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.error }, { status: read.status });
  const result = await resetPasswordWithToken(read.fields);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  // Every session of the account has ended (the browser's own too): sign in with the new password.
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Reimposta la password</h1>
      {loaderData.usable ? (
        <Form method="post" noValidate className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <input type="hidden" name="token" value={loaderData.token} />
          <div>
            <label htmlFor="password" className="field-label">
              Nuova password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              className="field-input"
              aria-describedby="password-hint"
            />
            <p id="password-hint" className="mt-1 text-sm text-stone-600">
              Almeno 6 caratteri; evita le password più comuni.
            </p>
          </div>
          <div>
            <label htmlFor="confirmPassword" className="field-label">
              Conferma nuova password
            </label>
            <input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required className="field-input" />
          </div>
          {actionData?.error ? (
            <Notice tone="error">
              {actionData.error}
            </Notice>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Salvataggio..." : "Salva la nuova password"}
          </button>
        </Form>
      ) : (
        <Notice tone="error" className="mt-8">
          {R.resetLinkInvalid}
        </Notice>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to="/forgot-password" className="font-semibold text-brand-800 underline">
          Chiedi un nuovo link
        </Link>
      </p>
    </div>
  );
}
