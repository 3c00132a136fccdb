// /admin/schedule: only administrators get its data; others are sent to /login.
import { describe, expect } from "vitest";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { createArticle } from "../../../tests/factories";
import { loader } from "./schedule";

const PAGE = "http://localhost:3000/admin/schedule";

describe("/admin/schedule", () => {
  itDb("refuses visitors and users", async () => {
    await createArticle({ status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: new Date(Date.now() + 3_600_000) });
    await expectAdminOnly({ call: (request) => throughAdminGate(loader, { request, params: {}, url: new URL(request.url) }), url: PAGE });
  });

  itDb("gives an administrator the scheduled articles, the log and the counters", async () => {
    const admin = await createAccount({ role: "admin" });
    const article = await createArticle({ status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: new Date(Date.now() + 3_600_000) });
    const request = requestAs(admin, PAGE);
    const outcome = await outcomeOf(() => throughAdminGate(loader, { request, params: {}, url: new URL(request.url) }));
    expect(outcome.status).toBe(200);
    const result = outcome.data as { scheduled: { id: string; stateLabel: string }[]; counters: { scheduled: number } };
    expect(result.scheduled.find((a) => a.id === article.id)?.stateLabel).toBe("In Attesa");
    expect(result.counters.scheduled).toBeGreaterThanOrEqual(1);
  });

  itDb("a page past the last goes to the last page", async () => {
    const admin = await createAccount({ role: "admin" });
    const request = requestAs(admin, `${PAGE}?page=40`);
    const outcome = await outcomeOf(() => throughAdminGate(loader, { request, params: {}, url: new URL(request.url) }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/admin/schedule");
  });
});
