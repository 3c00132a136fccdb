// /admin/users: the accounts as administrators see and change them. Admins only: every function
// starts with refuseWithout. A role is read from `profiles` on every request (session.server.ts),
// so a change here takes effect on the account's very next request, in every process.
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from "drizzle-orm";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit } from "~/audit/record.server";
import type { CurrentUser } from "~/accounts/session.server";
import { newestFirst } from "~/db/order";
import { db, queryRows, transaction } from "~/db/client.server";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { accountCounts } from "./counts.server";
import { profiles } from "~/db/schema";
import { ROLES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import type { ListSort } from "~/lib/list-sort";
import { containsPattern } from "~/lib/like-pattern";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import { roleChangeSchema, USER_ADMIN_MESSAGES as M, USER_DEFAULT_SORT, USERS_PAGE_SIZE, USER_MATCHES_COUNTED, USER_SEARCH_MAX_LENGTH, type Role, type UserSortKey } from "./admin-validation";

export interface AdminUserRow {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  roleLabel: string;
  createdAt: Date;
  /** set while an administrator has suspended the account (decision 0110) */
  suspendedAt: Date | null;
}

export interface UserCounters {
  total: number;
  admins: number;
  users: number;
}

export interface UserList {
  users: AdminUserRow[];
  /** accounts matching the search and the filter, counted up to USER_MATCHES_COUNTED */
  matching: number;
  /** true when more accounts match than were counted */
  matchingCapped: boolean;
  page: number;
  pageCount: number;
  counters: UserCounters;
}

/**
 * One page of accounts, newest first, matching `q` (any part of the full name OR of the e-mail, any
 * case) and, when given, of one role; with the site-wide counters (kept between sign-ups, see
 * counts.server.ts).
 *
 * A search is answered in two ways, by how many accounts it matches, counted first (cheaply, up to
 * USER_MATCHES_COUNTED, from the trigram indexes): a few matches are read from those indexes and
 * sorted; many are read from the newest-first index, keeping those that match, which soon fills a
 * page. Either plan alone is slow on the other kind of search.
 */
export async function listUsers(
  actor: CurrentUser | null,
  { q = "", role, suspended = false, page = 1, sort = USER_DEFAULT_SORT }: { q?: string; role?: Role; suspended?: boolean; page?: number; sort?: ListSort<UserSortKey> } = {},
): Promise<Result<UserList>> {
  const refused = refuseWithout(actor, "users.manage");
  if (refused) return refused;
  const search = q.trim().slice(0, USER_SEARCH_MAX_LENGTH);
  const roleFilter = role && ROLES.values.includes(role) ? role : undefined;

  const counts = await accountCounts();
  // "Utenti standard" are the accounts with no back-office role.
  const totals = { total: counts.total, admins: counts.admins, users: counts.byRole.user };
  let matching: number;
  let matchingCapped = false;
  let fewMatches = false;
  if (search) {
    // Kept until an account is created, changed or removed (tag "accounts"): paging through a
    // search, or coming back to it, does not count again.
    const counted = await memoize(
      `admin:users:count:${roleFilter ?? ""}:${suspended ? "suspended" : ""}:${search}`,
      [CACHE_TAGS.accounts],
      async () => {
        const [row] = await queryRows<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from (${matchingIds(search, roleFilter, suspended)}) m limit ${USER_MATCHES_COUNTED + 1}) c`,
        );
        return row?.n ?? 0;
      },
      { search: true },
    );
    matching = Math.min(counted, USER_MATCHES_COUNTED);
    matchingCapped = counted > USER_MATCHES_COUNTED;
    fewMatches = !matchingCapped && matching <= FEW_MATCHES;
  } else if (suspended) {
    // The suspended accounts are few: counted from their partial index, kept until an account changes.
    matching = await memoize(`admin:users:suspended:${roleFilter ?? ""}`, [CACHE_TAGS.accounts], async () => {
      const [row] = await db()
        .select({ n: count() })
        .from(profiles)
        .where(and(isNotNull(profiles.suspendedAt), roleFilter ? eq(profiles.role, roleFilter) : undefined));
      return row?.n ?? 0;
    });
  } else {
    matching = roleFilter ? counts.byRole[roleFilter] : totals.total;
  }
  const pageCount = Math.max(1, Math.ceil(matching / USERS_PAGE_SIZE));
  const current = pageNumber(page);
  const where = fewMatches ? sql`${profiles.id} in (${matchingIds(search, roleFilter, suspended)})` : userFilter({ q: search, role: roleFilter, suspended });
  const rows = current > pageCount || matching === 0 ? [] : await userPage(where, current, sort);
  return {
    ok: true,
    users: rows.map((row) => ({ ...row, roleLabel: ROLES.labels[row.role] })),
    matching,
    matchingCapped,
    page: current,
    pageCount,
    counters: totals,
  };
}

/** Up to this many matches, a search's page is read from the trigram index's matches. */
const FEW_MATCHES = 500;

/** Any part of the name or of the e-mail, any case: the stored lower-cased text (admin_search). */
function searchCondition(search: string): SQL {
  return sql`${profiles.adminSearch} like lower(${containsPattern(search)})`;
}

/** The ids of the accounts matching a search, from the trigram index on admin_search. */
function matchingIds(search: string, role: Role | undefined, suspended = false) {
  const byRole = role ? sql` and ${profiles.role} = ${role}` : sql``;
  const bySuspension = suspended ? sql` and ${profiles.suspendedAt} is not null` : sql``;
  return sql`select ${profiles.id} from ${profiles} where ${searchCondition(search)}${byRole}${bySuspension}`;
}

/** The accounts a search and a role filter select. */
export function userFilter({ q = "", role, suspended = false }: { q?: string; role?: Role; suspended?: boolean }): SQL | undefined {
  const search = q.trim().slice(0, USER_SEARCH_MAX_LENGTH);
  const conditions: SQL[] = [];
  if (search) conditions.push(searchCondition(search));
  if (role && ROLES.values.includes(role)) conditions.push(eq(profiles.role, role));
  if (suspended) conditions.push(isNotNull(profiles.suspendedAt));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of the accounts `where` selects, newest first. "desc nulls last" is the order of
 * profiles_created_idx (created_at is never null, so it is the same order as plain "desc", which the
 * index cannot give): the first page is read from the index instead of sorting every account.
 */
export function userPage(where: SQL | undefined, page: number, sort: ListSort<UserSortKey> = USER_DEFAULT_SORT) {
  return db()
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, role: profiles.role, createdAt: profiles.createdAt, suspendedAt: profiles.suspendedAt })
    .from(profiles)
    .where(where)
    .orderBy(...userOrder(sort))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
}

/** Each order has its index (profiles_created_idx, profiles_name_idx), read forwards or backwards; the id breaks ties. */
function userOrder({ key, direction }: ListSort<UserSortKey>): SQL[] {
  const by = direction === "asc" ? asc : desc;
  return key === "name" ? [by(profiles.fullName), by(profiles.id)] : [direction === "asc" ? sql`${profiles.createdAt} asc nulls first` : newestFirst(profiles.createdAt), by(profiles.id)];
}

export type RoleChange = Result<{ changed: boolean; user: { id: string; role: Role; roleLabel: string }; message: string }>;

/**
 * Gives an account a role. There is always at least one administrator: a demotion that would leave
 * none is refused (409), whoever asks, including an admin demoting themself (allowed while another
 * admin remains). Every role change takes one transaction-scoped advisory lock before it counts the
 * admins, so two admins demoting each other at the same moment run one after the other and the
 * second one sees that it would remove the last administrator.
 */
export async function setUserRole(actor: CurrentUser | null, userId: string, role: string): Promise<RoleChange> {
  const refused = refuseWithout(actor, "users.manage");
  if (refused) return refused;
  const parsed = roleChangeSchema.safeParse({ id: userId, role });
  if (!parsed.success) return fail(400, M.invalidRole);
  const target = parsed.data.role;
  if (!isUuid(userId)) return fail(404, M.notFound);
  try {
    return await transaction(async (tx): Promise<RoleChange> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zampa:profiles:role'))`);
      const [current] = await tx
        .select({ id: profiles.id, role: profiles.role, fullName: profiles.fullName, email: profiles.email, suspendedAt: profiles.suspendedAt })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .limit(1);
      if (!current) return fail(404, M.notFound);
      const user = { id: current.id, role: target, roleLabel: ROLES.labels[target] };
      if (current.role === target) return { ok: true, changed: false, user, message: M.unchanged(target) };
      // A suspended account is not made staff: it cannot sign in, and an administrator cannot be suspended (decision 0110).
      if (current.suspendedAt && target !== "user") return fail(409, M.suspendedNotStaff);
      if (current.role === "admin") {
        const [admins] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.role, "admin"));
        if ((admins?.n ?? 0) <= 1) return fail(409, M.lastAdmin);
      }
      await tx.update(profiles).set({ role: target, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
      await recordAudit({
        actor: actor!,
        area: "users",
        action: "role",
        item: { id: userId, label: `${current.fullName} <${current.email}>` },
        before: { role: current.role },
        after: { role: target },
      });
      await invalidate(CACHE_TAGS.accounts);
      logger.info({ actorId: actor!.id, userId, role: target }, "utenti: ruolo cambiato");
      return { ok: true, changed: true, user, message: M.roleUpdated(target) };
    });
  } catch (error) {
    logger.error({ err: error, userId, role: target }, "utenti: aggiornamento del ruolo non riuscito");
    return fail(500, M.roleError);
  }
}
