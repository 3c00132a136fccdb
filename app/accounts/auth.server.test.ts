// better-auth's endpoints under Zampa's rules (decision 0036): over HTTP only what the pages use;
// on the server, the hooks apply the forms' rules to every call.
import { count, eq, like, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { config, readConfig, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { profiles, rateLimits, users } from "~/db/schema";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import {
  auth,
  CLIENT_IP_HEADER,
  DISABLED_AUTH_PATHS,
  HTTP_AUTH_PATHS,
  signUpLimits,
} from "./auth.server";
import { ACCOUNT_MESSAGES as M } from "./messages";

const BASE = "http://localhost:3000/api/auth";
const PASSWORD = "Cuccioli-2026";
let counter = 0;
const unique = (name: string) => `${name}-${Date.now()}-${++counter}@example.it`;

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", [CLIENT_IP_HEADER]: "203.0.113.20", ...headers },
    body: JSON.stringify(body),
  });
}

async function userCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(users);
  return row?.n ?? 0;
}

async function nameOf(id: string) {
  const [row] = await db()
    .select({ name: users.name, fullName: profiles.fullName })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, id));
  return row;
}

/** A client's sign-up through better-auth, as the sign-up form makes it (with the consent). */
function clientSignUp(ip: string, change: Record<string, unknown> = {}) {
  const body = { name: "Giulia Rossi", email: unique("nuovo"), password: PASSWORD, acceptPrivacy: true, acceptTerms: true, ...change };
  return auth().api.signUpEmail({ body, headers: new Headers({ [CLIENT_IP_HEADER]: ip }) });
}

const withCookie = (account: TestAccount) => new Headers({ cookie: account.cookie, [CLIENT_IP_HEADER]: "203.0.113.21" });

describe("over HTTP, only what the pages use", () => {
  itDb("answers 404 to every path the app does not call over HTTP, and changes nothing", async () => {
    const account = await createAccount({ fullName: "Giulia Rossi" });
    const usersBefore = await userCount();
    const before = await outboxFiles();
    for (const path of DISABLED_AUTH_PATHS) {
      const body = { name: "x".repeat(10_000), email: account.email, newEmail: unique("altro"), password: PASSWORD, newPassword: "Nuova-Password-9" };
      const response = await auth().handler(post(path, body, { cookie: account.cookie }));
      expect(response.status, path).toBe(404);
      const get = await auth().handler(new Request(`${BASE}${path}`, { headers: { cookie: account.cookie } }));
      expect(get.status, path).toBe(404);
    }
    // Paths with a parameter, which disabledPaths cannot name, and a path better-auth does not have.
    for (const path of ["/reset-password/qualsiasi-token?callbackURL=/", "/callback/google?code=x&state=y", "/non-esiste"]) {
      expect((await auth().handler(new Request(`${BASE}${path}`))).status, path).toBe(404);
    }
    expect(await userCount()).toBe(usersBefore);
    expect(await nameOf(account.id)).toEqual({ name: "Giulia Rossi", fullName: "Giulia Rossi" });
    expect(await mailsSince(before)).toEqual([]);
  });

  itDb("accounts for every endpoint of better-auth: served over HTTP, disabled, or with a parameter", async () => {
    const paths = Object.values(auth().api)
      .map((endpoint) => (endpoint as { path?: string }).path)
      .filter((path): path is string => typeof path === "string");
    expect(paths.length).toBeGreaterThan(20);
    const unaccounted = paths.filter((path) => !HTTP_AUTH_PATHS.has(path) && !DISABLED_AUTH_PATHS.includes(path) && !path.includes(":"));
    expect(unaccounted).toEqual([]);
    expect([...HTTP_AUTH_PATHS]).toEqual(["/verify-email", "/jwks", "/token"]);
  });

  itDb("refuses the probe's sign-ups (huge, empty or invisible name, no consent) and creates no account", async () => {
    const before = await userCount();
    const probes = [
      { name: "x".repeat(900_000), email: unique("enorme"), password: PASSWORD },
      { name: "", email: unique("vuoto"), password: PASSWORD },
      { name: "\u200B\u202E\u2066", email: unique("invisibile"), password: PASSWORD },
      { name: "Giulia Rossi", email: unique("senza-consenso"), password: PASSWORD },
    ];
    for (const body of probes) expect((await auth().handler(post("/sign-up/email", body))).status).toBe(404);
    expect(await userCount()).toBe(before);
  });
});

describe("sign-up on the server (the hook)", () => {
  itDb("applies the name rule to every sign-up, with the form's messages, and creates nothing", async () => {
    const before = await userCount();
    const cases: [unknown, string][] = [
      ["", M.fullNameRequired],
      ["\u200B\u200C\u200D\uFEFF", M.fullNameRequired],
      ["\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069", M.fullNameRequired],
      ["x".repeat(101), M.fullNameTooLong],
      ["x".repeat(900_000), M.fullNameTooLong],
    ];
    for (const [name, message] of cases) {
      // For a client (the sign-up form) and for the server's own sign-ups alike.
      await expect(clientSignUp("203.0.113.30", { name })).rejects.toMatchObject({ statusCode: 400, body: { code: "INVALID_NAME", message } });
      await expect(auth().api.signUpEmail({ body: { name: name as string, email: unique("server"), password: PASSWORD } })).rejects.toMatchObject({
        statusCode: 400,
        body: { message },
      });
    }
    expect(await userCount()).toBe(before);
  });

  itDb("stores the normalised name in the account and the profile", async () => {
    const { user } = await clientSignUp("203.0.113.31", { name: "  Giulia\u200B   Rossi\u202E\r\n" });
    expect(await nameOf(user.id)).toEqual({ name: "Giulia Rossi", fullName: "Giulia Rossi" });
  });

  itDb("needs both consent boxes for a client's sign-up", async () => {
    const before = await userCount();
    for (const consent of [{ acceptPrivacy: undefined, acceptTerms: undefined }, { acceptPrivacy: undefined }, { acceptTerms: "off" }]) {
      await expect(clientSignUp("203.0.113.32", consent)).rejects.toMatchObject({ statusCode: 400, body: { code: "CONSENT_REQUIRED", message: M.mustAcceptTerms } });
    }
    expect(await userCount()).toBe(before);
  });

  // Each sign-up hashes a password (scrypt): the limits are made small here, the rule is the same at
  // any size (the sizes themselves are checked below, from the configuration).
  itDb("limits sign-ups per client address (hour and day), not across addresses", async () => {
    const saved = config();
    setConfig({ ...saved, signUpsPerHour: 3, signUpsPerDay: 7 });
    try {
      const ip = "198.51.100.40";
      for (let i = 0; i < signUpLimits().perAddressHour.max; i++) await clientSignUp(ip);
      const before = await userCount();
      const refused = clientSignUp(ip, { email: "respinto@example.it" });
      await expect(refused).rejects.toMatchObject({ statusCode: 429, body: { code: "TOO_MANY_SIGN_UPS", message: M.tooManySignUps } });
      expect(await userCount()).toBe(before);
      expect(await db().select().from(users).where(eq(users.email, "respinto@example.it"))).toEqual([]);
      // Another address is not affected.
      await clientSignUp("198.51.100.41");

      // An hour later the hourly window is over, until the day's limit is reached.
      let made = signUpLimits().perAddressHour.max;
      while (made < signUpLimits().perAddressDay.max) {
        await db().execute(sql`update rate_limits set window_start = now() - interval '61 minutes' where key = ${`signup:ip:hour:${ip}`}`);
        for (let i = 0; i < signUpLimits().perAddressHour.max && made < signUpLimits().perAddressDay.max; i++, made++) await clientSignUp(ip);
      }
      await db().execute(sql`update rate_limits set window_start = now() - interval '61 minutes' where key = ${`signup:ip:hour:${ip}`}`);
      await expect(clientSignUp(ip)).rejects.toMatchObject({ statusCode: 429, body: { message: M.tooManySignUps } });
    } finally {
      setConfig(saved);
    }
  });

  itDb("limits the machine itself like any address, by the limits the configuration sets", async () => {
    const saved = config();
    try {
      setConfig({ ...saved, signUpsPerHour: 4 });
      for (let i = 0; i < signUpLimits().perAddressHour.max; i++) await clientSignUp("127.0.0.1");
      await expect(clientSignUp("127.0.0.1")).rejects.toMatchObject({ statusCode: 429 });
      setConfig({ ...saved, signUpsPerHour: 5 });
      expect(signUpLimits().perAddressHour.max).toBe(5);
      for (let i = 0; i < 5; i++) await clientSignUp("::1");
      await expect(clientSignUp("::1")).rejects.toMatchObject({ statusCode: 429 });
    } finally {
      setConfig(saved);
    }
    // Sized for many people behind one address (decision 0075).
    expect(readConfig({})).toMatchObject({ signUpsPerHour: 30, signUpsPerDay: 200 });
    expect(readConfig({ SIGN_UPS_PER_HOUR: "40", SIGN_UPS_PER_DAY: "300" })).toMatchObject({ signUpsPerHour: 40, signUpsPerDay: 300 });
  });

  itDb("the server's own sign-ups (administrator, fixtures) have no client: the name rule, but no consent and no address limit", async () => {
    const saved = config();
    setConfig({ ...saved, signUpsPerHour: 3 });
    try {
      for (let i = 0; i <= signUpLimits().perAddressHour.max; i++) {
        const { user } = await auth().api.signUpEmail({ body: { name: " Amministratore\u200B ", email: unique("interno"), password: PASSWORD } });
        expect((await nameOf(user.id))?.name).toBe("Amministratore");
      }
    } finally {
      setConfig(saved);
    }
    expect(await db().select().from(rateLimits).where(like(rateLimits.key, "signup:%"))).toEqual([]);
  });
});

describe("name changes on the server (the hook of /update-user)", () => {
  itDb("refuses a name against the rule and keeps the old one; stores a good one normalised", async () => {
    const account = await createAccount({ fullName: "Giulia Rossi" });
    for (const [name, message] of [
      ["x".repeat(10_000), M.fullNameTooLong],
      ["\u2066\u2069\u200B", M.fullNameRequired],
      ["", M.fullNameRequired],
    ] as const) {
      await expect(auth().api.updateUser({ body: { name }, headers: withCookie(account) })).rejects.toMatchObject({ statusCode: 400, body: { message } });
    }
    expect((await nameOf(account.id))?.name).toBe("Giulia Rossi");
    await auth().api.updateUser({ body: { name: " Giulia\u200D  Bianchi " }, headers: withCookie(account) });
    expect((await nameOf(account.id))?.name).toBe("Giulia Bianchi");
  });
});

describe("password recovery (decision 0058: called on the server, closed over HTTP)", () => {
  itDb("answers 404 over HTTP and sends nothing; on the server it mails the link", async () => {
    const account = await createAccount();
    const before = await outboxFiles();
    expect((await auth().handler(post("/request-password-reset", { email: account.email, redirectTo: "/login" }))).status).toBe(404);
    expect((await auth().handler(post("/reset-password", { token: "x", newPassword: "Nuova-Password-1" }))).status).toBe(404);
    expect((await auth().handler(new Request(`${BASE}/reset-password/x?callbackURL=/login`))).status).toBe(404);
    expect(await mailsSince(before)).toEqual([]);
    await auth().api.requestPasswordReset({ body: { email: account.email } });
    const mails = (await mailsSince(before)).filter((m) => m.headers.includes(`To: ${account.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("http://localhost:3000/reset-password?token=");
  });
});
