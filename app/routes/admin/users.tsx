import { useState } from "react";
import { can, isStaff } from "~/accounts/permissions";
import { data, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/users";
import { listUsers, setUserRole, type AdminUserRow } from "~/accounts/admin.server";
import { roleChangeQuestion, USER_ADMIN_MESSAGES as M, userListQuerySchema, USER_SEARCH_MAX_LENGTH, type Role } from "~/accounts/admin-validation";
import { adminActor } from "~/admin/gate.server";
import { ConfirmDialog } from "~/components/admin/dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { RowActions, rowActionClass } from "~/components/admin/kit/row-actions";
import { Pagination } from "~/components/pagination";
import { ROLES } from "~/lib/enums";
import { refusal } from "~/lib/action-answer.server";
import { readQuery } from "~/lib/form.server";
import { formatDateLong, formatNumber } from "~/lib/format";
import { redirectPastLastPage } from "~/lib/paging";
import { adminFormAction } from "~/admin/admin-form.server";
import { useHydrated } from "~/components/use-hydrated";
import { sortOf } from "~/lib/list-sort";
import { PlainLink } from "~/components/plain-link";
import { ERASED_NOTICE, personPath } from "~/accounts/moderation-texts";

// /admin/users — the accounts: counters, search by name or e-mail, role changes. The admin layout's
// gate guards the page and its actions; setUserRole checks the role again (and keeps one
// administrator at least).
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = userListQuerySchema.parse(Object.fromEntries(readQuery(request)));
  const sort = sortOf(query);
  const result = await listUsers(admin, { ...query, suspended: query.status === "suspended", sort });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(new URL(request.url), query.page, result.pageCount);
  // Back from a person's page whose account was just erased (decision 0110).
  const erased = new URL(request.url).searchParams.get("erased") === "1";
  return { ...result, q: query.q, role: query.role ?? null, status: query.status ?? null, sort, selfId: admin.id, erased };
}

export function action(args: Route.ActionArgs) {
  return adminFormAction(args, async (actor, fields) => {
    const { intent, id = "", role = "" } = fields;
    if (intent !== "role") return data({ ok: false as const, error: M.roleError }, { status: 400 });
    const result = await setUserRole(actor, id, role);
    if (!result.ok) return refusal(result);
    // An admin who has just given up the role has no business on this page any more: to the back
    // office's home when the new role still opens it, to the site otherwise.
    if (result.changed && id === actor!.id && !can(result.user.role, "users.manage")) throw redirect(isStaff(result.user.role) ? "/admin" : "/");
    return { ok: true as const, message: result.message };
  });
}


export const meta: Route.MetaFunction = () => [{ title: "Utenti — Zampa Admin" }, { name: "robots", content: "noindex" }];

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-stone-900">{formatNumber(value)}</dd>
    </div>
  );
}

/** The menu item that gives a role: the spec's two, and the team's (decision 0107). */
const ROLE_ACTIONS: Record<Role, string> = {
  admin: "Rendi amministratore",
  editor: "Rendi redattore",
  moderator: "Rendi moderatore",
  user: "Rendi utente",
};
const otherRoles = (user: AdminUserRow): Role[] => ROLES.values.filter((role) => role !== user.role);

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, counters, matching, matchingCapped, page, pageCount, q, role, status, sort, selfId, erased } = loaderData;
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const [asking, setAsking] = useState<{ user: AdminUserRow; role: Role } | null>(null);
  // The row whose role was last changed: its answer shows there, where the eye is.
  const [changed, setChanged] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = !busy ? fetcher.data : undefined;
  const closeDialog = (id: string) => {
    setAsking(null);
    // The menu item that opened the dialog is hidden with its menu: the focus goes back to the menu's button.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-user-id="${id}"] summary`)?.focus());
  };

  const search = new URLSearchParams();
  if (q) search.set("q", q);
  if (role) search.set("role", role);
  if (status) search.set("status", status);
  search.set("sort", sort.key);
  search.set("dir", sort.direction);
  const filtered = Boolean(q || role || status);
  const columns: Column<AdminUserRow>[] = [
    {
      id: "name",
      header: "Nome",
      sortKey: "name",
      labelOnCards: false,
      className: "font-semibold text-stone-900",
      cell: (user) => (
        <>
          {/* The person's page (decision 0110): their listings, entries, reports, and the decisions about them. */}
          <PlainLink to={personPath(user.id)} className="text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-800">
            {user.fullName || user.email}
          </PlainLink>
          {user.id === selfId ? <span className="ml-1 text-sm font-normal text-stone-600">(tu)</span> : null}
          {user.suspendedAt ? <span className="ml-2 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Sospeso</span> : null}
        </>
      ),
    },
    { id: "email", header: "Email", className: "break-all text-stone-800", cell: (user) => user.email },
    {
      id: "role",
      header: "Ruolo",
      cell: (user) => (
        <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${user.role === "user" ? "bg-stone-200 text-stone-900" : "bg-brand-100 text-brand-900"}`}>
          {user.roleLabel}
        </span>
      ),
    },
    { id: "created", header: "Registrato il", sortKey: "created", firstDirection: "desc", className: "text-stone-700", cell: (user) => formatDateLong(user.createdAt) },
  ];

  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Utenti</h1>
      {erased ? (
        <p role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {ERASED_NOTICE}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Conteggi degli utenti">
        <Counter label="Utenti totali" value={counters.total} />
        <Counter label="Amministratori" value={counters.admins} />
        <Counter label="Utenti standard" value={counters.users} />
      </dl>

      <ListFilters label="Cerca e filtra gli utenti" filtered={filtered}>
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="users-q" className="field-label">
            Cerca per nome o email
          </label>
          <input id="users-q" name="q" type="search" defaultValue={q} maxLength={USER_SEARCH_MAX_LENGTH} className="field-input" />
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
        <div>
          <label htmlFor="users-status" className="field-label">
            Stato
          </label>
          <select id="users-status" name="status" defaultValue={status ?? ""} className="field-input">
            <option value="">Tutti</option>
            <option value="suspended">Sospesi</option>
          </select>
        </div>
      </ListFilters>

      <p className="mt-4 text-sm text-stone-700" aria-live="polite">
        {matchingCapped
          ? `Più di ${formatNumber(matching)} utenti trovati: affina la ricerca per vederli tutti`
          : filtered
            ? `${formatNumber(matching)} ${matching === 1 ? "utente trovato" : "utenti trovati"}`
            : `${formatNumber(matching)} utenti`}
      </p>

      {users.length === 0 ? (
        <EmptyState title="Nessun utente trovato.">{filtered ? <p>Prova con altre parole o togli i filtri del ruolo e dello stato.</p> : null}</EmptyState>
      ) : (
        <DataTable
          label="Elenco degli utenti"
          columns={columns}
          rows={users}
          rowKey={(user) => user.id}
          rowProps={(user) => ({ "data-user-id": user.id })}
          sort={sort}
          actions={(user) => (
            <div className="flex flex-col items-start gap-1 md:items-end">
              <RowActions label={`${user.fullName || user.email}${user.id === selfId ? " (tu)" : ""}`}>
                <PlainLink to={personPath(user.id)} className={rowActionClass}>
                  Apri scheda
                </PlainLink>
                {otherRoles(user).map((target) => (
                  <button key={target} type="button" className={rowActionClass} disabled={busy || !hydrated} onClick={() => setAsking({ user, role: target })}>
                    {ROLE_ACTIONS[target]}
                  </button>
                ))}
              </RowActions>
              <p aria-live="polite" className="text-sm">
                {answer && changed === user.id ? <span className={answer.ok ? "text-green-800" : "text-red-800"}>{answer.ok ? answer.message : answer.error}</span> : null}
              </p>
            </div>
          )}
        />
      )}
      <Pagination page={page} pageCount={pageCount} search={search} label="Pagine degli utenti" />

      <ConfirmDialog
        open={asking !== null}
        question={asking ? roleChangeQuestion(asking.role) : ""}
        confirmLabel={asking ? ROLE_ACTIONS[asking.role] : ""}
        busy={busy}
        onCancel={() => asking && closeDialog(asking.user.id)}
        onConfirm={() => {
          if (!asking) return;
          closeDialog(asking.user.id);
          setChanged(asking.user.id);
          void fetcher.submit({ intent: "role", id: asking.user.id, role: asking.role }, { method: "post" });
        }}
      />
    </>
  );
}
