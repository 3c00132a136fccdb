// How many accounts and administrators there are (the dashboard's and /admin/users' counters).
// Counting 100,000 profiles reads them all, so the figures are kept until an account is created or
// a role changes (tag "accounts", dropped in every process).
import { sql } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";

export interface AccountCounts {
  total: number;
  admins: number;
}

export function accountCounts(): Promise<AccountCounts> {
  return memoize("accounts:counts", [CACHE_TAGS.accounts], async () => {
    const [row] = await db()
      .select({
        total: sql<number>`count(*)::int`,
        admins: sql<number>`(count(*) filter (where ${profiles.role} = 'admin'))::int`,
      })
      .from(profiles);
    return row ?? { total: 0, admins: 0 };
  });
}
