import { Download } from "lucide";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/delete-account";
import { signOut } from "~/accounts/accounts.server";
import { deleteOwnAccount, hasPassword } from "~/accounts/gdpr.server";
import { ACCOUNT_DELETION_MESSAGES as M, DELETION_CONFIRMATION } from "~/accounts/gdpr-validation";
import { requireUser } from "~/accounts/session.server";
import { Icon } from "~/components/icon";
import { Notice } from "~/components/notice";
import { readForm } from "~/lib/form.server";

// /dashboard/delete-account — erasing one's own account (GDPR art. 17), confirmed by the password
// and a typed word; a plain form, so it works without JavaScript. The domain module
// (app/accounts/gdpr.server.ts) erases only the session's own user.
export const meta = () => [{ title: "Elimina account — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email, hasPassword: await hasPassword(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (!form.ok) return data({ error: form.error }, { status: form.status });
  const result = await deleteOwnAccount(user, form.fields, request).catch(() => ({ ok: false as const, status: 500, error: M.error }));
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  // The sessions went with the account: the browser's cookie is cleared.
  return redirect("/account-eliminato", { headers: await signOut(request.headers) });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <>
      <p className="text-sm">
        <Link to="/dashboard/profile" className="text-brand-800 underline">
          Il mio profilo
        </Link>
      </p>
      <h1 className="mt-1 text-3xl font-bold text-stone-900">Elimina account</h1>
      <div className="mt-6 grid max-w-2xl gap-6">
        <section aria-labelledby="what-title" className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
          <h2 id="what-title" className="text-lg font-semibold text-stone-900">
            Cosa succede
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-stone-800">
            <li>
              Eliminiamo subito il tuo account ({loaderData.email}), i tuoi annunci con le foto, le tue partecipazioni ai concorsi con le foto, i tuoi voti e
              i messaggi che ci hai scritto da questo indirizzo.
            </li>
            <li>
              Le segnalazioni che hai inviato su annunci di altri restano per la moderazione, senza il tuo nome né la tua e-mail. Gli articoli che hai
              scritto come amministratore restano sul sito, senza autore.
            </li>
            <li>L&apos;operazione non si può annullare.</li>
          </ul>
          <p className="mt-4">
            <a href="/dashboard/data-export" download className="inline-flex items-center gap-1 text-brand-800 underline">
              <Icon node={Download} aria-hidden size={16} /> Scarica prima una copia dei tuoi dati
            </a>
          </p>
        </section>

        <Form method="post" className="grid gap-4 rounded-2xl border border-red-200 bg-white p-6 shadow-sm" aria-describedby={error ? "delete-error" : undefined}>
          {error ? (
            <Notice tone="error" id="delete-error">
              {error}
            </Notice>
          ) : null}
          {loaderData.hasPassword ? (
            <div>
              <label htmlFor="password" className="field-label">
                Password attuale
              </label>
              <input id="password" name="password" type="password" autoComplete="current-password" required className="field-input" />
            </div>
          ) : (
            <p className="text-sm text-stone-700">
              Il tuo account non ha una password: prima di eliminarlo conferma la tua identità con un codice dalla sezione «Conferma la tua identità» del{" "}
              <Link to="/dashboard/profile" className="text-brand-800 underline">
                profilo
              </Link>
              .
            </p>
          )}
          <div>
            <label htmlFor="confirmation" className="field-label">
              Scrivi {DELETION_CONFIRMATION} per confermare
            </label>
            <input id="confirmation" name="confirmation" required autoComplete="off" spellCheck={false} className="field-input" />
          </div>
          <div>
            <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
              {busy ? "Eliminazione in corso…" : "Elimina definitivamente il mio account"}
            </button>
          </div>
        </Form>
      </div>
    </>
  );
}
