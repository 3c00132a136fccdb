// The dashboard's six counters (/admin): the articles' and partners' in one SQL statement, the
// accounts' from their kept count (app/accounts/counts.server.ts).
import { sql } from "drizzle-orm";
import { isPublishedArticleRow } from "~/articles/visibility.server";
import { queryRows } from "~/db/client.server";
import { articles, partners } from "~/db/schema";
import { accountCounts } from "~/accounts/counts.server";
import type { CurrentUser } from "~/accounts/session.server";
import type { Result } from "~/lib/result";
import { refuseWithout } from "./access.server";

export interface DashboardCounters {
  totalArticles: number;
  publishedArticles: number;
  registeredUsers: number;
  activePartners: number;
  totalViews: number;
  scheduledArticles: number;
}

export async function dashboardCounters(actor: CurrentUser | null): Promise<Result<{ counters: DashboardCounters }>> {
  const refused = refuseWithout(actor, "backoffice.enter");
  if (refused) return refused;
  const [row] = await queryRows<Record<Exclude<keyof DashboardCounters, "registeredUsers">, string | number>>(sql`
    select
      (select count(*) from ${articles}) as "totalArticles",
      (select count(*) from ${articles} where ${isPublishedArticleRow()}) as "publishedArticles",
      (select count(*) from ${partners} where ${partners.isActive}) as "activePartners",
      (select coalesce(sum(${articles.views}), 0) from ${articles}) as "totalViews",
      (select count(*) from ${articles} where ${articles.isScheduled}) as "scheduledArticles"
  `);
  // count() and sum() are bigint: the drivers hand them over as text.
  const figures = Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
  const { total } = await accountCounts();
  return { ok: true, counters: { ...figures, registeredUsers: total } as DashboardCounters };
}
