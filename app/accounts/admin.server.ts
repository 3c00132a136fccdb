// /admin/users: the accounts as administrators see and change them. Admins only: every function
// starts with refuseNonAdmin. A role is read from `profiles` on every request (session.server.ts),
// so a change here takes effect on the account's very next request, in every process.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { refuseNonAdmin } from "~/admin/access.server";
import type { CurrentUser } from "~/accounts/session.server";
import { newestFirst } from "~/db/order";
import { db, transaction } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { ROLES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { containsPattern } from "~/lib/like-pattern";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { USER_ADMIN_MESSAGES as M, USERS_PAGE_SIZE, USER_SEARCH_MAX_LENGTH, type Role } from "./admin-validation";

export interface AdminUserRow {
  id: string;
  fullName: string;
  email: string;
  role: Role;
  roleLabel: string;
  createdAt: Date;
}

export interface UserCounters {
  total: number;
  admins: number;
  users: number;
}

export interface UserList {
  users: AdminUserRow[];
  /** accounts matching the search and the filter */
  matching: number;
  page: number;
  pageCount: number;
  counters: UserCounters;
}

/**
 * One page of accounts, newest first, matching `q` (any part of the full name OR of the e-mail, any
 * case) and, when given, of one role; with the site-wide counters. The search is a plain ILIKE on
 * the columns, which the trigram indexes of migration 0008 answer.
 */
export async function listUsers(
  actor: CurrentUser | null,
  { q = "", role, page = 1 }: { q?: string; role?: Role; page?: number } = {},
): Promise<Result<UserList>> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  const where = userFilter({ q, role });

  const [counters] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      admins: sql<number>`(count(*) filter (where ${profiles.role} = 'admin'))::int`,
      users: sql<number>`(count(*) filter (where ${profiles.role} = 'user'))::int`,
    })
    .from(profiles);
  const totals = counters ?? { total: 0, admins: 0, users: 0 };
  // Without a search or filter the matching accounts are all of them: no second count.
  const matching = where ? ((await db().select({ n: count() }).from(profiles).where(where))[0]?.n ?? 0) : totals.total;
  const pageCount = Math.max(1, Math.ceil(matching / USERS_PAGE_SIZE));
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const rows =
    current > pageCount
      ? []
      : await userPage(where, current);
  return {
    ok: true,
    users: rows.map((row) => ({ ...row, roleLabel: ROLES.labels[row.role] })),
    matching,
    page: current,
    pageCount,
    counters: totals,
  };
}

/**
 * The accounts a search and a role filter select. The columns are compared as they are (no lower(),
 * no unaccent()), so that the trigram indexes on them apply.
 */
export function userFilter({ q = "", role }: { q?: string; role?: Role }): SQL | undefined {
  const search = q.trim().slice(0, USER_SEARCH_MAX_LENGTH);
  const conditions: SQL[] = [];
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(or(ilike(profiles.fullName, pattern), ilike(profiles.email, pattern))!);
  }
  if (role && ROLES.values.includes(role)) conditions.push(eq(profiles.role, role));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of the accounts `where` selects, newest first. "desc nulls last" is the order of
 * profiles_created_idx (created_at is never null, so it is the same order as plain "desc", which the
 * index cannot give): the first page is read from the index instead of sorting every account.
 */
export function userPage(where: SQL | undefined, page: number) {
  return db()
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, role: profiles.role, createdAt: profiles.createdAt })
    .from(profiles)
    .where(where)
    .orderBy(newestFirst(profiles.createdAt), desc(profiles.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
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
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  if (!(ROLES.values as readonly string[]).includes(role)) return fail(400, M.invalidRole);
  const target = role as Role;
  if (!isUuid(userId)) return fail(404, M.notFound);
  try {
    return await transaction(async (tx): Promise<RoleChange> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zampa:profiles:role'))`);
      const [current] = await tx.select({ id: profiles.id, role: profiles.role }).from(profiles).where(eq(profiles.id, userId)).limit(1);
      if (!current) return fail(404, M.notFound);
      const user = { id: current.id, role: target, roleLabel: ROLES.labels[target] };
      if (current.role === target) return { ok: true, changed: false, user, message: M.unchanged(target) };
      if (current.role === "admin") {
        const [admins] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.role, "admin"));
        if ((admins?.n ?? 0) <= 1) return fail(409, M.lastAdmin);
      }
      await tx.update(profiles).set({ role: target, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
      logger.info({ actorId: actor!.id, userId, role: target }, "utenti: ruolo cambiato");
      return { ok: true, changed: true, user, message: M.roleUpdated(target) };
    });
  } catch (error) {
    logger.error({ err: error, userId, role: target }, "utenti: aggiornamento del ruolo non riuscito");
    return fail(500, M.roleError);
  }
}
