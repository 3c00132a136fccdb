// The dashboard's six counters (/admin), those of the areas the person's role may open (decision
// 0111): the articles' and partners' in one SQL statement, the accounts' from their kept count
// (app/accounts/counts.server.ts). A moderator holds none of them and asks nothing here; the to-do
// counts are the layout's (app/admin/todo.server.ts).
import { sql, type SQL } from "drizzle-orm";
import { isPublishedArticleRow } from "~/articles/visibility.server";
import { queryRows } from "~/db/client.server";
import { articles, partners } from "~/db/schema";
import { accountCounts } from "~/accounts/counts.server";
import { can, type Permission } from "~/accounts/permissions";
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
export type CounterKey = keyof DashboardCounters;

/** The permission each counter needs: the area it counts. */
export const COUNTER_PERMISSIONS: Record<CounterKey, Permission> = {
  totalArticles: "articles.manage",
  publishedArticles: "articles.manage",
  registeredUsers: "users.manage",
  activePartners: "partners.manage",
  totalViews: "articles.manage",
  scheduledArticles: "articles.manage",
};

const QUERIES: Record<Exclude<CounterKey, "registeredUsers">, SQL> = {
  totalArticles: sql`(select count(*) from ${articles})`,
  publishedArticles: sql`(select count(*) from ${articles} where ${isPublishedArticleRow()})`,
  activePartners: sql`(select count(*) from ${partners} where ${partners.isActive})`,
  totalViews: sql`(select coalesce(sum(${articles.views}), 0) from ${articles})`,
  scheduledArticles: sql`(select count(*) from ${articles} where ${articles.isScheduled})`,
};

/** The counters the actor may see (the others are absent). */
export async function dashboardCounters(actor: CurrentUser | null): Promise<Result<{ counters: Partial<DashboardCounters> }>> {
  const refused = refuseWithout(actor, "backoffice.enter");
  if (refused) return refused;
  const keys = (Object.keys(COUNTER_PERMISSIONS) as CounterKey[]).filter((key) => can(actor!.role, COUNTER_PERMISSIONS[key]));
  const asked = keys.filter((key): key is keyof typeof QUERIES => key !== "registeredUsers");
  const counters: Partial<DashboardCounters> = {};
  const [row] = asked.length
    ? await queryRows<Record<string, string | number>>(
        sql`select ${sql.join(
          asked.map((key) => sql`${QUERIES[key]} as ${sql.identifier(key)}`),
          sql`, `,
        )}`,
      )
    : [];
  // count() and sum() are bigint: the drivers hand them over as text.
  for (const key of asked) counters[key] = Number(row?.[key] ?? 0);
  if (keys.includes("registeredUsers")) counters.registeredUsers = (await accountCounts()).total;
  return { ok: true, counters };
}
