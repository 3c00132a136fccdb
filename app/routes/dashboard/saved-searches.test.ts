// Saved searches through their routes (decision 0097), as forms reach them with and without
// JavaScript: saving from the list page, the dashboard's actions on one's own searches only, the
// list page's "Salva ricerca" (the same sign-in link for every visitor), and the unsubscribe page
// (GET changes nothing; POST with a valid, used or forged token).
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { savedSearches } from "~/db/schema";
import { loginPathBackTo } from "~/lib/return-path";
import { loader as browseLoader } from "~/routes/listings/browse";
import SavedSearches, { action, loader } from "~/routes/dashboard/saved-searches";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/saved-searches/unsubscribe";
import { SAVED_SEARCH_TEXTS as T } from "~/saved-searches/texts";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";

const BASE = "http://localhost:3000";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const args = (request: Request) => ({ request, params: {}, context: {}, url: new URL(request.url) }) as never;
const post = (account: TestAccount | null, fields: Record<string, string>) =>
  outcomeOf(() => action(args(requestAs(account, `${BASE}/dashboard/ricerche`, { method: "POST", body: new URLSearchParams(fields), headers: FORM }))));
const rows = (userId: string) => db().select().from(savedSearches).where(eq(savedSearches.userId, userId));

describe("/dashboard/ricerche", () => {
  itDb("saves from the list page: with JavaScript the answer itself, without it this page; a visitor is sent to sign in", async () => {
    const me = await createAccount();
    expect(await post(me, { intent: "save", query: "petType=cat&region=Lazio", name: "Gatti nel Lazio", alert: "instant", reply: "stay" })).toMatchObject({
      status: 200,
      data: { ok: true, message: T.saved },
    });
    const without = await post(me, { intent: "save", query: "petType=dog", name: "Cani", alert: "daily" });
    const [dogs] = (await rows(me.id)).filter((r) => r.name === "Cani");
    expect(without).toMatchObject({ status: 302, location: `/dashboard/ricerche?salvata=${dogs!.id}` });
    // Refused without JavaScript: the page gives back the form as it was sent.
    const refused = await post(me, { intent: "save", query: "petType=dog", name: "Ancora cani", alert: "daily" });
    expect(refused).toMatchObject({ status: 409, data: { ok: false, message: T.duplicate, sent: { query: "petType=dog", name: "Ancora cani", alert: "daily" } } });
    const page = await outcomeOf(() => loader(args(requestAs(me, `${BASE}/dashboard/ricerche`))));
    const html = renderPage(SavedSearches, page.data, "/dashboard/ricerche");
    expect(html).toContain("Gatti nel Lazio");
    expect(html).toContain("Gatto · Lazio");
    expect(html).toContain('href="/pet-listings?petType=cat&amp;region=Lazio"');

    expect(await post(null, { intent: "save", query: "", name: "Tutti" })).toMatchObject({ status: 302, location: loginPathBackTo("/dashboard/ricerche") });
    expect(await rows(me.id)).toHaveLength(2);
  });

  itDb("another person's search: every action refused with 404, nothing changed", async () => {
    const owner = await createAccount();
    const intruder = await createAccount();
    await post(owner, { intent: "save", query: "petType=bird", name: "Uccelli", alert: "instant", reply: "stay" });
    const [row] = await rows(owner.id);
    const attempts: Record<string, string>[] = [
      { intent: "rename", id: row!.id, name: "Presa" },
      { intent: "alert", id: row!.id, alert: "none" },
      { intent: "delete", id: row!.id },
    ];
    for (const fields of attempts) {
      expect(await post(intruder, fields)).toMatchObject({ status: 404, data: { ok: false, message: T.notFound } });
    }
    expect(await rows(owner.id)).toEqual([row]);
    // Malformed: no intent, a bad name kept for correcting.
    expect(await post(owner, { id: row!.id })).toMatchObject({ status: 400, data: { message: T.badIntent } });
    expect(await post(owner, { intent: "rename", id: row!.id, name: "x".repeat(90) })).toMatchObject({ status: 400, data: { message: T.nameTooLong, sent: { name: "x".repeat(90) } } });
    expect(await post(owner, { intent: "alert", id: row!.id, alert: "none" })).toMatchObject({ status: 200, data: { ok: true, message: T.alertChanged } });
    expect(await post(owner, { intent: "delete", id: row!.id })).toMatchObject({ status: 200, data: { ok: true, message: T.deleted } });
    expect(await rows(owner.id)).toHaveLength(0);
  });
});

describe("the list page's Salva ricerca", () => {
  itDb("a visitor gets no one's data; a signed-in person the criteria as saved, and whether they keep them", async () => {
    const me = await createAccount();
    const list = (account: TestAccount | null, query: string) => outcomeOf(() => browseLoader(args(requestAs(account, `${BASE}/pet-listings?${query}`))));
    const visitor = await list(null, "region=Lazio&petType=cat&page=1");
    expect(visitor.data).toMatchObject({ save: { query: "petType=cat&region=Lazio", suggestion: "Gatto · Lazio", savedId: null }, favourites: null });
    expect((await list(me, "petType=cat&region=Lazio")).data).toMatchObject({ save: { savedId: null } });
    await post(me, { intent: "save", query: "region=Lazio&petType=cat", name: "Gatti", reply: "stay" });
    const [row] = await rows(me.id);
    expect((await list(me, "petType=cat&region=Lazio&page=1")).data).toMatchObject({ save: { savedId: row!.id } });
  });
});

describe("/avvisi/disattiva", () => {
  itDb("GET asks and changes nothing; POST turns the alerts off, again says so; a forged token is 404", async () => {
    const me = await createAccount();
    await post(me, { intent: "save", query: "petType=dog", name: "Cani", alert: "instant", reply: "stay" });
    const [row] = await rows(me.id);
    const url = (token: string) => `${BASE}/avvisi/disattiva?token=${token}`;
    const get = (token: string) => outcomeOf(() => unsubscribeLoader(args(new Request(url(token)))));
    // A mail provider's one-click POST: no cookie, its own body.
    const click = (token: string) =>
      outcomeOf(() => unsubscribeAction(args(new Request(url(token), { method: "POST", body: "List-Unsubscribe=One-Click", headers: FORM }))));

    expect(await get(row!.unsubscribeToken)).toMatchObject({ status: 200, data: { name: "Cani", off: false } });
    expect((await rows(me.id))[0]!.alert).toBe("instant");
    const forged = `${row!.unsubscribeToken.slice(0, 31)}${row!.unsubscribeToken.endsWith("x") ? "y" : "x"}`;
    expect(await get(forged)).toMatchObject({ status: 404, data: { message: T.badToken } });
    expect(await click(forged)).toMatchObject({ status: 404, data: { message: T.badToken } });
    expect((await rows(me.id))[0]!.alert).toBe("instant");

    expect(await click(row!.unsubscribeToken)).toMatchObject({ status: 200, data: { done: T.unsubscribed("Cani") } });
    expect((await rows(me.id))[0]!.alert).toBe("none");
    expect(await click(row!.unsubscribeToken)).toMatchObject({ status: 200, data: { done: T.alreadyUnsubscribed("Cani") } });
    expect(await get(row!.unsubscribeToken)).toMatchObject({ status: 200, data: { off: true } });
  });
});
