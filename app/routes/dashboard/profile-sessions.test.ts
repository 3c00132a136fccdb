// The profile route's sessions and sign-in methods: loader data and the three action intents, as the
// page calls them (a real Request with the session cookie and a form body).
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { auth } from "~/accounts/auth.server";
import { SESSION_MESSAGES as M } from "~/accounts/sessions-messages";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { cookieFrom, createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { callRoute } from "../../../tests/route-calls";
import { action, loader } from "./profile";
import { postToProfile as post, PROFILE_URL as URL_ } from "./profile.testing";

async function secondDevice(account: TestAccount): Promise<TestAccount> {
  const { headers } = await auth().api.signInEmail({
    body: { email: account.email, password: "Cuccioli-2026" },
    headers: new Headers({ "user-agent": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15" }),
    returnHeaders: true,
  });
  return { ...account, cookie: cookieFrom(headers) };
}

describe("profile: sessions and sign-in methods", () => {
  itDb("the page lists the sessions (this one first) and the methods", async () => {
    const account = await createAccount();
    await secondDevice(account);
    const page = await callRoute(loader, requestAs(account, URL_));
    const data = page.data as { sessions: { current: boolean; device: string; lastActiveAt: { label: string } }[]; identities: { label: string }[] };
    expect(data.sessions.map((s) => [s.current, s.device])).toEqual([
      [true, M.unknownDevice],
      [false, "Safari su macOS"],
    ]);
    expect(data.sessions[0]!.lastActiveAt.label).toMatch(/\d{4}/);
    expect(data.identities.map((i) => i.label)).toEqual(["Email e password"]);
  });

  itDb("closes another session, refuses a bad one, and refuses to unlink the last method", async () => {
    const account = await createAccount();
    const laptop = await secondDevice(account);
    const target = (await db().select().from(sessions).where(eq(sessions.userId, account.id))).find((s) => laptop.cookie.includes(s.token))!;
    const closed = await callRoute(action, post(account, { intent: "revoke-session", sessionId: target.id }));
    expect(closed).toMatchObject({ status: 200, data: { ok: true, intent: "revoke-session", text: M.sessionRevoked } });
    const again = await callRoute(action, post(account, { intent: "revoke-session", sessionId: target.id }));
    expect(again).toMatchObject({ status: 404, data: { ok: false, text: M.sessionNotFound } });
    const bad = await callRoute(action, post(account, { intent: "revoke-session", sessionId: "<script>" }));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, text: M.invalidSession } });
    const [only] = ((await callRoute(loader, requestAs(account, URL_))).data as { identities: { id: string }[] }).identities;
    const unlink = await callRoute(action, post(account, { intent: "unlink-identity", identityId: only!.id }));
    expect(unlink).toMatchObject({ status: 400, data: { ok: false, text: M.lastIdentity } });
  });

  itDb("a visitor is sent to /login and closes nothing", async () => {
    const account = await createAccount();
    await secondDevice(account);
    const count = async () => (await db().select().from(sessions).where(eq(sessions.userId, account.id))).length;
    expect(await count()).toBe(2);
    const outcome = await callRoute(action, post(null, { intent: "revoke-other-sessions" }));
    expect(outcome.location).toBe("/login?redirectTo=%2Fdashboard%2Fprofile");
    expect(await count()).toBe(2);
    const closed = await callRoute(action, post(account, { intent: "revoke-other-sessions" }));
    expect(closed).toMatchObject({ status: 200, data: { ok: true, text: M.othersRevoked(1) } });
    expect(await count()).toBe(1);
  });
});
