import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { requestPasswordRecovery } from "~/accounts/recovery.server";
import { readForm } from "~/lib/form.server";
import { pageMeta } from "~/lib/seo";
import { Notice } from "~/components/notice";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Password dimenticata",
    description: "Ricevi via email il link per reimpostare la password del tuo account Zampa.",
    canonicalPath: "/forgot-password",
    noindex: true,
  });

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  if (!read.ok) return data({ ok: false as const, error: read.error }, { status: read.status });
  const result = await requestPasswordRecovery(read.fields, request.headers);
  if (!result.ok) {
    const headers: HeadersInit = "retryAfter" in result ? { "retry-after": String(result.retryAfter) } : {};
    return data({ ok: false as const, error: result.error }, { status: result.status, headers });
  }
  return { ok: true as const, message: result.message };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/forgot-password") === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold text-stone-900">Password dimenticata?</h1>
      <p className="mt-2 text-center text-stone-700">
        Inserisci l'indirizzo email del tuo account: ti invieremo un link per sceglierne una nuova.
      </p>
      {actionData?.ok ? (
        <Notice tone="success" className="mt-8">
          {actionData.message}
        </Notice>
      ) : (
        <Form method="post" noValidate className="mt-8 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <div>
            <label htmlFor="email" className="field-label">
              Email
            </label>
            <input id="email" name="email" type="email" autoComplete="email" required className="field-input" />
          </div>
          {actionData && !actionData.ok ? (
            <Notice tone="error">
              {actionData.error}
            </Notice>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={submitting}>
            {submitting ? "Invio in corso..." : "Invia il link"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-stone-700">
        <Link to="/login" className="font-semibold text-brand-800 underline">
          Torna all'accesso
        </Link>
      </p>
    </div>
  );
}
