// The domain functions of the back office ask for their own permission (decision 0107), not for a
// role's name: an editor is refused moderation, a moderator editorial work, both administration —
// with 403 and the same message, before anything is read or written. Each module's own tests check
// its functions in depth; this one walks one read and one write per area with every refused role.
import { describe, expect } from "vitest";
import { can, type Permission } from "~/accounts/permissions";
import { setUserRole } from "~/accounts/admin.server";
import { saveEditorialPlan } from "~/ai/editorial-plan.server";
import { getAiUsageStats } from "~/ai/usage.server";
import { createArticle, deleteArticle, listArticlesForAdmin } from "~/articles/admin.server";
import { scheduleOverview } from "~/articles/schedule.server";
import { createCategory, listCategoriesForAdmin } from "~/categories/admin.server";
import { archive, deleteMessage, listMessages } from "~/contact/admin.server";
import { approveSubmission, listSubmissionsForModeration } from "~/contests/moderation.server";
import { decideAppeal } from "~/listings/appeals.server";
import { listListingsForModeration, suspendListing } from "~/listings/moderation.server";
import { deleteReport, listReports } from "~/listings/report-moderation.server";
import { getReportedConversation } from "~/messages/moderation.server";
import { deleteKeyword, listKeywords, sitemapStatus } from "~/seo/admin.server";
import { ADMIN_ACTOR, EDITOR_ACTOR, MODERATOR_ACTOR, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import type { CurrentUser } from "~/accounts/session.server";
import { dashboardCounters } from "./dashboard.server";

const ID = "00000000-0000-4000-8000-00000000beef";

/** What a call answered: a refusal's status, or a success (whose own `status` may be anything). */
type Answer = { ok: true } | { ok: false; status: number; error: string };

const CALLS: { name: string; permission: Permission; call: (actor: CurrentUser | null) => Promise<Answer> }[] = [
  { name: "listArticlesForAdmin", permission: "articles.manage", call: (a) => listArticlesForAdmin(a) },
  { name: "createArticle", permission: "articles.manage", call: (a) => createArticle(a, { title: "Prova" }) },
  { name: "deleteArticle", permission: "articles.manage", call: (a) => deleteArticle(a, ID) },
  { name: "scheduleOverview", permission: "schedule.manage", call: (a) => scheduleOverview(a) },
  { name: "saveEditorialPlan", permission: "editorialPlan.manage", call: (a) => saveEditorialPlan(a, []) },
  { name: "getAiUsageStats", permission: "ai.stats", call: (a) => getAiUsageStats(a, 7) },
  { name: "listCategoriesForAdmin", permission: "categories.manage", call: (a) => listCategoriesForAdmin(a) },
  { name: "createCategory", permission: "categories.manage", call: (a) => createCategory(a, { name: "Rettili" }) },
  { name: "listKeywords", permission: "seo.keywords", call: (a) => listKeywords(a) },
  { name: "deleteKeyword", permission: "seo.keywords", call: (a) => deleteKeyword(a, ID) },
  { name: "sitemapStatus", permission: "seo.sitemap", call: (a) => sitemapStatus(a) },
  { name: "listListingsForModeration", permission: "listings.moderate", call: (a) => listListingsForModeration(a) },
  { name: "suspendListing", permission: "listings.moderate", call: (a) => suspendListing(a, ID, {}) },
  { name: "decideAppeal", permission: "listings.moderate", call: (a) => decideAppeal(a, ID, { decision: "reverse" }) },
  { name: "listReports", permission: "reports.moderate", call: (a) => listReports(a) },
  { name: "deleteReport", permission: "reports.moderate", call: (a) => deleteReport(a, ID) },
  { name: "getReportedConversation", permission: "reports.moderate", call: (a) => getReportedConversation(a, ID) },
  { name: "listSubmissionsForModeration", permission: "contests.manage", call: (a) => listSubmissionsForModeration(a, ID) },
  { name: "approveSubmission", permission: "contests.manage", call: (a) => approveSubmission(a, ID) },
  { name: "listMessages", permission: "contacts.manage", call: (a) => listMessages(a) },
  { name: "archive", permission: "contacts.manage", call: (a) => archive(a, ID) },
  { name: "deleteMessage", permission: "contacts.manage", call: (a) => deleteMessage(a, ID) },
  { name: "setUserRole", permission: "users.manage", call: (a) => setUserRole(a, ID, "editor") },
  { name: "dashboardCounters", permission: "backoffice.enter", call: (a) => dashboardCounters(a) },
];

describe("domain functions ask for their permission", () => {
  itDb("refuses every role that does not hold it, with its status and message", async () => {
    for (const { name, permission, call } of CALLS) {
      for (const [who, status, error] of refusedActors(permission)) {
        expect(await call(who), `${name} as ${who?.role ?? "visitatore"}`).toMatchObject({ ok: false, status, error });
      }
    }
  });

  itDb("lets through every role that holds it (the call then fails, if at all, for its own reasons)", async () => {
    for (const { name, permission, call } of CALLS) {
      for (const actor of [ADMIN_ACTOR, EDITOR_ACTOR, MODERATOR_ACTOR].filter((a) => can(a.role, permission))) {
        const outcome = await call(actor);
        expect(outcome.ok || (outcome.status !== 401 && outcome.status !== 403), `${name} as ${actor.role}`).toBe(true);
      }
    }
  });
});
