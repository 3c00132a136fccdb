// The dashboard's six counters (/admin), read in one SQL statement: each is a count or a sum the
// database answers from its indexes, whatever the number of articles and accounts.
import { sql } from "drizzle-orm";
import { isPublishedArticleRow } from "~/articles/visibility.server";
import { queryRows } from "~/db/client.server";
import { articles, partners, profiles } from "~/db/schema";
import type { CurrentUser } from "~/accounts/session.server";
import type { Result } from "~/lib/result";
import { refuseNonAdmin } from "./access.server";

export interface DashboardCounters {
  totalArticles: number;
  publishedArticles: number;
  registeredUsers: number;
  activePartners: number;
  totalViews: number;
  scheduledArticles: number;
}

export async function dashboardCounters(actor: CurrentUser | null): Promise<Result<{ counters: DashboardCounters }>> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  const [row] = await queryRows<Record<keyof DashboardCounters, string | number>>(sql`
    select
      (select count(*) from ${articles}) as "totalArticles",
      (select count(*) from ${articles} where ${isPublishedArticleRow()}) as "publishedArticles",
      (select count(*) from ${profiles}) as "registeredUsers",
      (select count(*) from ${partners} where ${partners.isActive}) as "activePartners",
      (select coalesce(sum(${articles.views}), 0) from ${articles}) as "totalViews",
      (select count(*) from ${articles} where ${articles.isScheduled}) as "scheduledArticles"
  `);
  // count() and sum() are bigint: the drivers hand them over as text.
  const counters = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)])) as unknown as DashboardCounters;
  return { ok: true, counters };
}
