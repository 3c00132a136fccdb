import { useState, useSyncExternalStore } from "react";
import { data, Form, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/users";
import { listUsers, setUserRole, type AdminUserRow } from "~/accounts/admin.server";
import { roleChangeQuestion, USER_ADMIN_MESSAGES as M, userListQuerySchema, type Role } from "~/accounts/admin-validation";
import { adminActor } from "~/admin/gate.server";
import { ConfirmDialog } from "~/components/admin/dialog";
import { Pagination } from "~/components/pagination";
import { ROLES } from "~/lib/enums";
import { readQuery } from "~/lib/form.server";
import { formatDateLong, formatNumber } from "~/lib/format";
import { redirectPastLastPage } from "~/lib/paging";
import { readAdminForm } from "~/admin/admin-form.server";

// /admin/users — the accounts: counters, search by name or e-mail, role changes. The admin layout's
// gate guards the page and its actions; setUserRole checks the role again (and keeps one
// administrator at least).
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = userListQuerySchema.parse(Object.fromEntries(readQuery(request)));
  const result = await listUsers(admin, query);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(new URL(request.url), query.page, result.pageCount);
  return { ...result, q: query.q, role: query.role ?? null, selfId: admin.id };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor, fields } = read;
  const { intent, id = "", role = "" } = fields;
  if (intent !== "role") return data({ ok: false as const, error: M.roleError }, { status: 400 });
  const result = await setUserRole(actor, id, role);
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  // An admin who has just given up the role has no business on this page any more.
  if (result.changed && id === actor!.id && result.user.role !== "admin") throw redirect("/");
  return { ok: true as const, message: result.message };
}

/** False until the page has hydrated: buttons that open a dialog do nothing before that. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
const noSubscription = () => () => {};

export const meta: Route.MetaFunction = () => [{ title: "Utenti — Zampa Admin" }, { name: "robots", content: "noindex" }];

function RoleToggle({ user, self }: { user: AdminUserRow; self: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  const target: Role = user.role === "admin" ? "user" : "admin";
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const label = target === "admin" ? "Rendi amministratore" : "Rendi utente";
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        disabled={busy || !hydrated}
        onClick={() => setConfirming(true)}
        aria-label={`${label}: ${user.fullName || user.email}${self ? " (tu)" : ""}`}
      >
        {label}
      </button>
      <ConfirmDialog
        open={confirming}
        question={roleChangeQuestion(target)}
        confirmLabel={label}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void fetcher.submit({ intent: "role", id: user.id, role: target }, { method: "post" });
        }}
      />
      <p aria-live="polite" className="text-sm">
        {result && !busy ? <span className={result.ok ? "text-green-800" : "text-red-800"}>{result.ok ? result.message : result.error}</span> : null}
      </p>
    </div>
  );
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-stone-900">{formatNumber(value)}</dd>
    </div>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, counters, matching, matchingCapped, page, pageCount, q, role, selfId } = loaderData;
  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (role) search.set("role", role);
  const filtered = Boolean(q || role);
  const cell = "px-3 py-2 align-top max-sm:block max-sm:px-0 max-sm:py-1";
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Utenti</h1>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Conteggi degli utenti">
        <Counter label="Utenti totali" value={counters.total} />
        <Counter label="Amministratori" value={counters.admins} />
        <Counter label="Utenti standard" value={counters.users} />
      </dl>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="users-q" className="field-label">
            Cerca per nome o email
          </label>
          <input id="users-q" name="q" type="search" defaultValue={q} maxLength={100} className="field-input" />
        </div>
        <div>
          <label htmlFor="users-role" className="field-label">
            Ruolo
          </label>
          <select id="users-role" name="role" defaultValue={role ?? ""} className="field-input">
            <option value="">Tutti</option>
            {ROLES.values.map((value) => (
              <option key={value} value={value}>
                {ROLES.labels[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Cerca
        </button>
        {filtered ? (
          <a href="/admin/users" className="btn-secondary">
            Mostra tutti
          </a>
        ) : null}
      </Form>

      <p className="mt-4 text-sm text-stone-700" aria-live="polite">
        {matchingCapped
          ? `Più di ${formatNumber(matching)} utenti trovati: affina la ricerca per vederli tutti`
          : filtered
            ? `${formatNumber(matching)} ${matching === 1 ? "utente trovato" : "utenti trovati"}`
            : `${formatNumber(matching)} utenti`}
      </p>

      {users.length === 0 ? (
        <p className="mt-4 text-stone-700">Nessun utente trovato.</p>
      ) : (
        <table className="mt-3 w-full border-collapse text-left max-sm:block">
          <thead className="border-b border-stone-300 text-sm text-stone-700 max-sm:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Nome
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Ruolo
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Registrato il
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Azioni
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {users.map((user) => (
              <tr
                key={user.id}
                data-user-id={user.id}
                className="border-b border-stone-200 bg-white max-sm:block max-sm:rounded-2xl max-sm:border max-sm:p-4 max-sm:shadow-sm"
              >
                <td className={`${cell} font-semibold text-stone-900`}>
                  {user.fullName || "—"}
                  {user.id === selfId ? <span className="ml-1 text-sm font-normal text-stone-600">(tu)</span> : null}
                </td>
                <td className={`${cell} break-all text-stone-800`}>{user.email}</td>
                <td className={cell}>
                  <span
                    className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${user.role === "admin" ? "bg-brand-100 text-brand-900" : "bg-stone-200 text-stone-900"}`}
                  >
                    {user.roleLabel}
                  </span>
                </td>
                <td className={`${cell} text-sm text-stone-700`}>
                  <span className="sm:hidden">Registrato il </span>
                  {formatDateLong(user.createdAt)}
                </td>
                <td className={cell}>
                  <RoleToggle user={user} self={user.id === selfId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} label="Pagine degli utenti" />
    </>
  );
}
