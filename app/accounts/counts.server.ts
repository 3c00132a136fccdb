// How many accounts there are, in all and by role (the dashboard's and /admin/users' counters).
// Counting 100,000 profiles reads them all, so the figures are kept until an account is created or
// a role changes (tag "accounts", dropped in every process).
import { sql } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { ROLES } from "~/lib/enums";
import type { Role } from "./permissions";

export interface AccountCounts {
  total: number;
  admins: number;
  byRole: Record<Role, number>;
}

export function accountCounts(): Promise<AccountCounts> {
  return memoize("accounts:counts", [CACHE_TAGS.accounts], async () => {
    const rows = await db()
      .select({ role: profiles.role, n: sql<number>`count(*)::int` })
      .from(profiles)
      .groupBy(profiles.role);
    const byRole = Object.fromEntries(ROLES.values.map((role) => [role, 0])) as Record<Role, number>;
    for (const row of rows) byRole[row.role] = row.n;
    const total = Object.values(byRole).reduce((sum, n) => sum + n, 0);
    return { total, admins: byRole.admin, byRole };
  });
}
