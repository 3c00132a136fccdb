// /admin/{area}/bulk through the back office's gate (decision 0109): each list's bulk actions ask
// that list's permission (an editor or a moderator outside it gets 403 and nothing changes), bad
// input is answered 400 in Italian, and the status of a job is read as JSON.
import { count, eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { BULK_MESSAGES } from "~/bulk/actions";
import { db } from "~/db/client.server";
import { articles, bulkJobs, profiles } from "~/db/schema";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { createArticle } from "../../../tests/factories";
import * as bulk from "./bulk";

// The job is not run in the background of a test's rolled-back transaction.
vi.mock("~/bulk/jobs.server", async (importOriginal) => {
  const original: object = await importOriginal();
  return { ...original, kickBulkJob: vi.fn() };
});

const base = "http://localhost:3000";

async function staff(role: "admin" | "editor" | "moderator"): Promise<TestAccount> {
  const account = await createAccount();
  await db().update(profiles).set({ role }).where(eq(profiles.id, account.id));
  return account;
}

function post(account: TestAccount | null, path: string, fields: Record<string, string>) {
  const request = requestAs(account, `${base}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return outcomeOf(() => throughAdminGate(bulk.action, { request }));
}

function get(account: TestAccount | null, path: string) {
  return outcomeOf(() =>
    throughAdminGate(bulk.loader, {
      request: requestAs(account, `${base}${path}`),
    }),
  );
}

const jobCount = async () => (await db().select({ n: count() }).from(bulkJobs))[0]!.n;

describe("/admin/{area}/bulk", () => {
  itDb("starts a job for who holds the list's permission, and reports it", async () => {
    const editor = await staff("editor");
    const article = await createArticle({
      status: "draft",
      publishedAt: null,
    });
    const started = await post(editor, "/admin/articles/bulk", {
      action: "publish",
      scope: "selected",
      ids: article.id,
      key: "uno",
    });
    expect(started).toMatchObject({
      status: 200,
      data: { ok: true, total: 1, message: BULK_MESSAGES.started },
    });
    const jobId = (started.data as { jobId: string }).jobId;
    // The same form again: the same job.
    expect(
      await post(editor, "/admin/articles/bulk", {
        action: "publish",
        scope: "selected",
        ids: article.id,
        key: "uno",
      }),
    ).toMatchObject({ status: 200, data: { jobId } });
    expect(await jobCount()).toBe(1);

    const status = await get(editor, `/admin/articles/bulk?job=${jobId}`);
    expect(status).toMatchObject({
      status: 200,
      data: {
        ok: true,
        job: { id: jobId, state: "queued", total: 1, done: 0 },
      },
    });
    expect(await get(editor, "/admin/articles/bulk?job=nessuno")).toMatchObject({
      status: 404,
      data: { ok: false, error: BULK_MESSAGES.notFound },
    });
  });

  itDb("an editor or a moderator outside the list's permission gets 403 and nothing changes", async () => {
    const editor = await staff("editor");
    const moderator = await staff("moderator");
    const article = await createArticle({
      status: "draft",
      publishedAt: null,
    });
    const refused = await post(moderator, "/admin/articles/bulk", {
      action: "publish",
      scope: "selected",
      ids: article.id,
      key: "due",
    });
    expect(refused).toMatchObject({
      status: 403,
      data: { error: ADMIN_ACCESS_MESSAGES.notPermitted },
    });
    for (const path of ["/admin/pet-listings/bulk", "/admin/reports/bulk", "/admin/contests/bulk", "/admin/contacts/bulk"]) {
      expect(
        (
          await post(editor, path, {
            action: "archive",
            scope: "filter",
            filter: "",
            key: path,
          })
        ).status,
        path,
      ).toBe(403);
    }
    expect(await jobCount()).toBe(0);
    const [same] = await db().select({ status: articles.status }).from(articles).where(eq(articles.id, article.id));
    expect(same!.status).toBe("draft");
    // Visitors are refused by the gate too.
    expect([401, 302, 303]).toContain(
      (
        await post(null, "/admin/articles/bulk", {
          action: "publish",
          scope: "filter",
          key: "tre",
        })
      ).status,
    );
  });

  itDb("bad input: 400 with the Italian message, no job", async () => {
    const admin = await createAccount({ role: "admin" });
    expect(
      await post(admin, "/admin/articles/bulk", {
        action: "publish",
        scope: "selected",
        ids: "",
        key: "x",
      }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, error: BULK_MESSAGES.noSelection },
    });
    expect(
      await post(admin, "/admin/articles/bulk", {
        action: "cancella-tutto",
        scope: "filter",
        key: "y",
      }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, error: BULK_MESSAGES.unknownAction },
    });
    expect(
      await post(admin, "/admin/articles/bulk", {
        action: "move",
        scope: "filter",
        key: "z",
      }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, error: BULK_MESSAGES.categoryRequired },
    });
    expect(await jobCount()).toBe(0);
  });
});
