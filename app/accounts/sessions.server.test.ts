import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { servePage } from "~/cache/page-cache.server";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { cookieFrom, createAccount, requestAs, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { auth } from "./auth.server";
import { getCurrentUser, requireUser, withSessionCookies, type CurrentUser } from "./session.server";
import { describeDevice, describePlace, listSessions, maskAddress, revokeOtherSessions, revokeSession } from "./sessions.server";
import { SESSION_MESSAGES as M } from "./sessions-messages";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const DAY = 24 * 60 * 60 * 1000;

/** A second sign-in of the same account, from another device and address. */
async function signInElsewhere(account: TestAccount, userAgent: string, ip: string): Promise<TestAccount> {
  const { headers } = await auth().api.signInEmail({
    body: { email: account.email, password: "Cuccioli-2026" },
    headers: new Headers({ "user-agent": userAgent, "x-zampa-client-ip": ip }),
    returnHeaders: true,
  });
  return { ...account, cookie: cookieFrom(headers) };
}

async function userOf(account: TestAccount): Promise<CurrentUser> {
  const user = await getCurrentUser(requestAs(account));
  if (!user) throw new Error("not signed in");
  return user;
}

/** What a page answers to this request, through the same wrapper as the HTTP server. */
async function pageFor(request: Request): Promise<{ user: CurrentUser | null; setCookies: string[] }> {
  let user: CurrentUser | null = null;
  const response = await servePage(request, async (r) => {
    user = await getCurrentUser(r);
    return new Response("<p>pagina</p>", { headers: { "content-type": "text/html" } });
  });
  return { user, setCookies: response.headers.getSetCookie() };
}

const sessionRow = async (token: string) => (await db().select().from(sessions).where(eq(sessions.token, token)))[0];
const tokenOf = (account: TestAccount) => decodeURIComponent(/better-auth\.session_token=([^;.]+)/.exec(account.cookie)![1]!);

describe("how a session is described", () => {
  it("names the browser and the system from the user agent", () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe("Firefox su Windows");
    expect(describeDevice(SAFARI_IPHONE)).toBe("Safari su iPhone");
    expect(
      describeDevice("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0"),
    ).toBe("Edge su Android");
    expect(describeDevice("curl/8.5.0")).toBe(M.unknownDevice);
    expect(describeDevice(null)).toBe(M.unknownDevice);
  });

  it("shows the address partially and the place only when known", () => {
    expect(maskAddress("93.41.12.7")).toBe("93.41.x.x");
    expect(maskAddress("::ffff:93.41.12.7")).toBe("93.41.x.x");
    expect(maskAddress("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:…");
    expect(maskAddress("unknown")).toBeNull();
    expect(describePlace("93.41.12.7")).toBe("sconosciuto");
    expect(describePlace("192.168.1.20")).toBe("rete locale");
    expect(describePlace("127.0.0.1")).toBe("rete locale");
    expect(describePlace(null)).toBe("sconosciuto");
  });
});

describe("the list of sessions", () => {
  itDb("lists the user's own sessions, the current one first, with device, place and masked address", async () => {
    const account = await createAccount();
    const phone = await signInElsewhere(account, SAFARI_IPHONE, "93.41.12.7");
    const stranger = await createAccount();
    await signInElsewhere(stranger, FIREFOX_WINDOWS, "10.0.0.5");
    const list = await listSessions(await userOf(phone), requestAs(phone));
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: "Safari su iPhone", place: "sconosciuto", address: "93.41.x.x" });
    expect(list[1]).toMatchObject({ current: false, device: M.unknownDevice });
    expect(list[1]!.lastActiveAt).toBeInstanceOf(Date);
  });

  itDb("leaves out expired sessions", async () => {
    const account = await createAccount();
    const old = await signInElsewhere(account, FIREFOX_WINDOWS, "93.41.12.7");
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 3_600_000) }).where(eq(sessions.token, tokenOf(old)));
    const list = await listSessions(await userOf(account), requestAs(account));
    expect(list.map((s) => s.current)).toEqual([true]);
  });
});

describe("closing sessions", () => {
  itDb("a session closed from another device is refused at once, and its cookie is removed", async () => {
    const account = await createAccount();
    const laptop = await signInElsewhere(account, FIREFOX_WINDOWS, "93.41.12.7");
    const user = await userOf(account);
    const target = (await listSessions(user, requestAs(account))).find((s) => !s.current)!;
    const result = await revokeSession(user, requestAs(account), target.id);
    expect(result).toEqual({ ok: true, message: M.sessionRevoked });
    const page = await pageFor(requestAs(laptop));
    expect(page.user).toBeNull();
    expect(page.setCookies.some((c) => /^better-auth\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    // The device that closed it is still signed in.
    expect((await pageFor(requestAs(account))).user?.id).toBe(account.id);
  });

  itDb("refuses the current session, a bad id, and another account's session (which stays open)", async () => {
    const account = await createAccount();
    const stranger = await createAccount();
    const user = await userOf(account);
    const own = (await listSessions(user, requestAs(account)))[0]!;
    expect(await revokeSession(user, requestAs(account), own.id)).toEqual({ ok: false, status: 400, error: M.cannotRevokeCurrent });
    expect(await revokeSession(user, requestAs(account), "non-un-id")).toEqual({ ok: false, status: 400, error: M.invalidSession });
    const theirs = (await listSessions(await userOf(stranger), requestAs(stranger)))[0]!;
    expect(await revokeSession(user, requestAs(account), theirs.id)).toEqual({ ok: false, status: 404, error: M.sessionNotFound });
    expect(await getCurrentUser(requestAs(stranger))).not.toBeNull();
    expect(await getCurrentUser(requestAs(account))).not.toBeNull();
  });

  itDb("closes every other session and keeps the current one", async () => {
    const account = await createAccount();
    const a = await signInElsewhere(account, FIREFOX_WINDOWS, "93.41.12.7");
    const b = await signInElsewhere(account, SAFARI_IPHONE, "93.41.12.8");
    const stranger = await createAccount();
    const result = await revokeOtherSessions(await userOf(b), requestAs(b));
    expect(result).toEqual({ ok: true, message: M.othersRevoked(2), count: 2 });
    expect(await getCurrentUser(requestAs(account))).toBeNull();
    expect(await getCurrentUser(requestAs(a))).toBeNull();
    expect((await getCurrentUser(requestAs(b)))?.id).toBe(account.id);
    expect(await getCurrentUser(requestAs(stranger))).not.toBeNull();
    expect((await revokeOtherSessions(await userOf(b), requestAs(b))).ok && M.othersRevoked(0)).toBe("Non c'erano altre sessioni attive.");
  });
});

describe("reading the session on every request", () => {
  itDb("extends a session once updateAge has passed, in the database and in the browser's cookie", async () => {
    const account = await createAccount();
    const token = tokenOf(account);
    // Signed in 2 days ago: 28 of its 30 days left, past the daily refresh.
    const before = new Date(Date.now() + 28 * DAY);
    await db().update(sessions).set({ expiresAt: before }).where(eq(sessions.token, token));
    const page = await pageFor(requestAs(account));
    expect(page.user?.id).toBe(account.id);
    const after = (await sessionRow(token))!.expiresAt;
    expect(after.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    const cookie = page.setCookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/Max-Age=2592000/);
    // The same token: the refreshed cookie keeps the user signed in.
    expect(cookieFrom(new Headers(page.setCookies.map((c) => ["set-cookie", c] as [string, string])))).toBe(account.cookie);
  });

  itDb("does not rewrite a fresh session's cookie", async () => {
    const account = await createAccount();
    const page = await pageFor(requestAs(account));
    expect(page.user?.id).toBe(account.id);
    expect(page.setCookies).toEqual([]);
  });

  itDb("an expired session is deleted and its cookie removed: the visitor is signed out", async () => {
    const account = await createAccount();
    const token = tokenOf(account);
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 3_600_000) }).where(eq(sessions.token, token));
    const page = await pageFor(requestAs(account));
    expect(page.user).toBeNull();
    expect(page.setCookies.some((c) => /^better-auth\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionRow(token)).toBeUndefined();
  });

  itDb("a tampered cookie signs nobody in and is removed", async () => {
    const account = await createAccount();
    const tampered = { ...account, cookie: account.cookie.replace(/(session_token=[^;.]+\.)([^;])/, (_m, head: string, c: string) => head + (c === "A" ? "B" : "A")) };
    expect(tampered.cookie).not.toBe(account.cookie);
    const page = await pageFor(requestAs(tampered));
    expect(page.user).toBeNull();
    expect(page.setCookies).toContain("better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    // A signed-in route sends them to /login, not to an error page.
    const thrown = await requireUser(requestAs(tampered)).catch((e: unknown) => e);
    expect(thrown instanceof Response && thrown.headers.get("location")).toBe("/login");
  });

  itDb("the cookie of a deleted account is removed", async () => {
    const account = await createAccount();
    await db().delete(users).where(eq(users.id, account.id));
    const page = await pageFor(requestAs(account));
    expect(page.user).toBeNull();
    expect(page.setCookies.some((c) => /^better-auth\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
  });

  itDb("records the last activity at most every quarter of an hour", async () => {
    const account = await createAccount();
    const token = tokenOf(account);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await db().update(sessions).set({ updatedAt: hourAgo }).where(eq(sessions.token, token));
    await getCurrentUser(requestAs(account));
    const touched = (await sessionRow(token))!.updatedAt;
    expect(touched.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await getCurrentUser(requestAs(account));
    expect((await sessionRow(token))!.updatedAt.getTime()).toBe(touched.getTime());
  });

  it("an action that set the session cookie itself keeps it", async () => {
    const response = await withSessionCookies(async () => {
      await Promise.resolve();
      return new Response(null, { headers: { "set-cookie": "better-auth.session_token=nuovo; Path=/" } });
    });
    expect(response.headers.getSetCookie()).toEqual(["better-auth.session_token=nuovo; Path=/"]);
  });
});
