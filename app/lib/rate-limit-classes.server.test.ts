// The rate limits by route class, counted in the database (decision 0068).
import { afterEach, describe, expect, it } from "vitest";
import { config, readConfig, setConfig } from "~/config.server";
import { createAccount, requestAs } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { RATE_LIMIT_CLASSES } from "./rate-limit-classes";
import { takeRateLimit } from "./rate-limit-classes.server";

const original = config();
afterEach(() => setConfig(original));

/** The test configuration with these rate-limit variables. */
function withEnv(env: Record<string, string>): void {
  setConfig({ ...original, rateLimits: readConfig({ NODE_ENV: "test", ...env }).rateLimits });
}

const post = (cookie?: string) =>
  new Request("http://localhost:3000/contact", { method: "POST", headers: cookie ? { cookie } : {} });

describe("rate limits by route class", () => {
  itDb("let the class's number of requests from one address through, then answer the wait", async () => {
    withEnv({ RATE_LIMIT_SEARCH: "3/60" });
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const get = new Request("http://localhost:3000/articles?q=cane");
    for (let i = 0; i < 3; i++) expect(await takeRateLimit(get, "search", ip)).toBeNull();
    const wait = await takeRateLimit(get, "search", ip);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Another address has its own budget; so has another class.
    expect(await takeRateLimit(get, "search", "198.51.100.1")).toBeNull();
    expect(await takeRateLimit(post(), "forms", ip)).toBeNull();
  });

  itDb("limit each class on its own figures", async () => {
    withEnv({ RATE_LIMIT_FORMS: "2/60", RATE_LIMIT_VOTES: "1/60", RATE_LIMIT_UPLOADS: "1/600", RATE_LIMIT_AI: "1/60" });
    for (const [name, max] of [["forms", 2], ["votes", 1], ["uploads", 1], ["ai", 1]] as const) {
      for (let i = 0; i < max; i++) expect(await takeRateLimit(post(), name, "192.0.2.7"), `${name} ${i}`).toBeNull();
      expect(await takeRateLimit(post(), name, "192.0.2.7"), name).not.toBeNull();
    }
    expect((await takeRateLimit(post(), "uploads", "192.0.2.7"))!).toBeGreaterThan(60);
  });

  itDb("count a signed-in person across addresses", async () => {
    withEnv({ RATE_LIMIT_VOTES: "2/60" });
    const voter = await createAccount();
    const other = await createAccount();
    expect(await takeRateLimit(post(voter.cookie), "votes", "192.0.2.10")).toBeNull();
    expect(await takeRateLimit(post(voter.cookie), "votes", "192.0.2.11")).toBeNull();
    // A third address, the same account: refused.
    expect(await takeRateLimit(post(voter.cookie), "votes", "192.0.2.12")).not.toBeNull();
    // Someone else from that address is not.
    expect(await takeRateLimit(requestAs(other, "http://localhost:3000/contests/x", { method: "POST" }), "votes", "192.0.2.12")).toBeNull();
  });

  itDb("count a signed-in person's forms and uploads against the account, not the address", async () => {
    withEnv({ RATE_LIMIT_FORMS: "2/60", RATE_LIMIT_UPLOADS: "2/600" });
    const ip = "192.0.2.30";
    const first = await createAccount();
    const second = await createAccount();
    for (const name of ["forms", "uploads"] as const) {
      // Two people behind one address (a school, an office): each has the whole budget.
      for (const account of [first, second]) {
        for (let i = 0; i < 2; i++) expect(await takeRateLimit(post(account.cookie), name, ip), `${name} ${i}`).toBeNull();
        expect(await takeRateLimit(post(account.cookie), name, ip), name).not.toBeNull();
      }
      // The address's own budget, for anonymous requests, is untouched by them.
      for (let i = 0; i < 2; i++) expect(await takeRateLimit(post(), name, ip), `${name} anonymous ${i}`).toBeNull();
      // And an anonymous flood from it is still refused.
      expect(await takeRateLimit(post(), name, ip), `${name} anonymous`).not.toBeNull();
    }
  });

  itDb("count a request whose session cookie is not valid against its address", async () => {
    withEnv({ RATE_LIMIT_FORMS: "1/60" });
    const forged = "better-auth.session_token=falso.firma";
    expect(await takeRateLimit(post(forged), "forms", "192.0.2.31")).toBeNull();
    expect(await takeRateLimit(post(forged), "forms", "192.0.2.31")).not.toBeNull();
    expect(await takeRateLimit(post(), "forms", "192.0.2.31")).not.toBeNull();
  });

  itDb("take nothing when switched off", async () => {
    withEnv({ RATE_LIMITS: "off" });
    for (let i = 0; i < 200; i++) expect(await takeRateLimit(post(), "forms", "192.0.2.20")).toBeNull();
    withEnv({ RATE_LIMIT_SEARCH: "off" });
    expect(config().rateLimits.search).toBeUndefined();
    expect(config().rateLimits.forms).toEqual({ perIp: RATE_LIMIT_CLASSES.forms.perIp, perUser: RATE_LIMIT_CLASSES.forms.perUser });
  });
});

describe("rate-limit configuration", () => {
  it("has generous defaults, from the one table", () => {
    const limits = readConfig({}).rateLimits;
    expect(limits.search).toEqual({ perIp: { max: 120, windowSeconds: 60 }, perUser: undefined });
    expect(limits.uploads?.perIp).toEqual({ max: 20, windowSeconds: 600 });
    // Anonymous forms from one address: room for many people behind one NAT (decision 0076).
    expect(limits.forms?.perIp).toEqual({ max: 120, windowSeconds: 60 });
    expect(readConfig({}).signInsPerIp).toBe(RATE_LIMIT_CLASSES.signIn.perIp.max);
  });

  it("reads a class's override, and refuses a malformed one with the variable's name", () => {
    expect(readConfig({ RATE_LIMIT_SEARCH: "500/10" }).rateLimits.search).toEqual({ perIp: { max: 500, windowSeconds: 10 }, perUser: undefined });
    expect(readConfig({ RATE_LIMIT_VOTES: "5 / 30" }).rateLimits.votes).toEqual({ perIp: { max: 5, windowSeconds: 30 }, perUser: { max: 5, windowSeconds: 30 } });
    expect(() => readConfig({ RATE_LIMIT_FORMS: "tanti" })).toThrow(/RATE_LIMIT_FORMS/);
    expect(() => readConfig({ RATE_LIMIT_FORMS: "0/60" })).toThrow(/RATE_LIMIT_FORMS/);
  });
});
