// The way back after signing in (decision 0092): /login?redirectTo= through the password, the second
// factor (/login/codice) and a sign-up's confirmation link; a path of another site is never followed.
import { generate } from "otplib";
import { describe, expect } from "vitest";
import { getCurrentUser } from "~/accounts/session.server";
import { confirmTotpEnrolment, startTotpEnrolment } from "~/accounts/two-factor.server";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { action as loginAction } from "~/routes/login";
import { action as codeAction } from "~/routes/login-code";
import { createAccount, requestAs } from "../../tests/accounts";
import { outcomeOf } from "../../tests/admin-access";
import { itDb } from "../../tests/db";

const BASE = "http://localhost:3000";
const PASSWORD = "Cuccioli-2026";
const args = (request: Request) => ({ request, params: {}, context: {}, url: new URL(request.url) }) as never;
const post = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(`${BASE}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "203.0.113.9", ...(cookie ? { cookie } : {}) },
  });
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
/** The login action's thrown or returned redirect, as a Response. */
async function answer(run: () => unknown): Promise<Response> {
  try {
    return (await run()) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("signing in with a way back", () => {
  itDb("returns to the page asked for, and to the home page for a path of another site", async () => {
    const account = await createAccount();
    const signIn = (redirectTo: string) => outcomeOf(() => loginAction(args(post("/login", { intent: "signin", email: account.email, password: PASSWORD, redirectTo }))));
    expect(await signIn("/create-pet-listing")).toMatchObject({ status: 302, location: "/create-pet-listing" });
    expect(await signIn("/pet-listings?petType=cat&page=2")).toMatchObject({ status: 302, location: "/pet-listings?petType=cat&page=2" });
    for (const evil of ["//evil.example", "/\\evil.example", "https://evil.example", "/%2F%2Fevil.example", "/%5Cevil.example", "/%09/evil.example"]) {
      expect(await signIn(evil), evil).toMatchObject({ status: 302, location: "/" });
    }
  });

  itDb("carries the way back through the second factor's step", async () => {
    const account = await createAccount();
    const user = (await getCurrentUser(requestAs(account)))!;
    const enrolPost = new Request(`${BASE}/dashboard/profile`, { method: "POST", headers: { cookie: account.cookie } });
    const started = await startTotpEnrolment(user, enrolPost, { password: PASSWORD });
    if (!started.ok) throw new Error(started.error);
    const key = started.manualKey.replace(/\s+/g, "");
    const code = (steps: number) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const confirmed = await confirmTotpEnrolment(user, enrolPost, { code: await code(-1) });
    if (!confirmed.ok) throw new Error(confirmed.error);

    const first = await answer(() => loginAction(args(post("/login", { intent: "signin", email: account.email, password: PASSWORD, redirectTo: "/dashboard/preferiti" }))));
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/login/codice?redirectTo=%2Fdashboard%2Fpreferiti");
    const current = await code(0);
    const second = await answer(() => codeAction(args(post("/login/codice", { intent: "verify", method: "totp", code: current, redirectTo: "/dashboard/preferiti" }, cookiesOf(first)))));
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe("/dashboard/preferiti");
  });

  itDb("puts the way back in a sign-up's confirmation link, whose page signs in back there", async () => {
    const before = await outboxFiles();
    const email = `ritorno-${Date.now()}@example.it`;
    const signedUp = await outcomeOf(() =>
      loginAction(
        args(post("/login", { intent: "signup", fullName: "Rita Ritorno", email, password: "Micio-e-Fido", acceptPrivacy: "on", acceptTerms: "on", redirectTo: "/create-pet-listing" })),
      ),
    );
    expect(signedUp.status).toBe(200);
    const mail = (await mailsSince(before)).find((m) => m.headers.includes(`To: ${email}`));
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/.exec(mail!.body)![0];
    const callback = new URL(link).searchParams.get("callbackURL")!;
    expect(new URL(callback, BASE).searchParams.get("redirectTo")).toBe("/create-pet-listing");
    // And a sign-up asked to go elsewhere gets a plain link.
    const other = `altrove-${Date.now()}@example.it`;
    await outcomeOf(() =>
      loginAction(args(post("/login", { intent: "signup", fullName: "Altro Sito", email: other, password: "Micio-e-Fido", acceptPrivacy: "on", acceptTerms: "on", redirectTo: "//evil.example" }))),
    );
    const plain = (await mailsSince(before)).find((m) => m.headers.includes(`To: ${other}`));
    expect(plain!.body).not.toContain("evil.example");
  });
});
