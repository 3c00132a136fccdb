// The recovery and resend pages' actions over their real Request: status codes, Retry-After on a
// 429, and one answer for known and unknown addresses.
import { describe, expect } from "vitest";
import { CLIENT_IP_HEADER } from "~/accounts/auth.server";
import { RECOVERY_MESSAGES as R } from "~/accounts/recovery-messages";
import { RECOVERY_LIMITS } from "~/accounts/recovery.server";
import { action as forgotAction } from "~/routes/account/forgot-password";
import { action as resendAction, loader as verificationLoader } from "~/routes/account/email-verification";
import { loader as resetLoader } from "~/routes/account/reset-password";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";

let counter = 0;
function formPost(path: string, fields: Record<string, string>, account: TestAccount | null = null, ip = "203.0.113.90"): Request {
  return requestAs(account, `http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: ip },
    body: new URLSearchParams(fields).toString(),
  });
}
const call = (fn: (args: never) => unknown, request: Request) => outcomeOf(() => fn({ request, params: {}, context: {} } as never));

describe("/forgot-password", () => {
  itDb("answers 200 with one text for a known and an unknown address, 400 for a malformed one, 429 with Retry-After", async () => {
    const account = await createAccount();
    const known = await call(forgotAction as never, formPost("/forgot-password", { email: account.email }));
    const unknown = await call(forgotAction as never, formPost("/forgot-password", { email: `nessuno-${Date.now()}@example.it` }));
    expect(known).toMatchObject({ status: 200, data: { ok: true, message: R.recoverySent } });
    expect(unknown).toEqual(known);
    expect(await call(forgotAction as never, formPost("/forgot-password", { email: "x" }))).toMatchObject({ status: 400 });

    for (let i = 1; i < RECOVERY_LIMITS.recoveryPerAddress.max; i++) await call(forgotAction as never, formPost("/forgot-password", { email: account.email }));
    let retryAfter: string | null = null;
    const refused = await outcomeOf(async () => {
      const result = await (forgotAction as (a: never) => Promise<{ init?: ResponseInit }>)({ request: formPost("/forgot-password", { email: account.email }), params: {}, context: {} } as never);
      retryAfter = new Headers(result.init?.headers).get("retry-after");
      return result;
    });
    expect(refused).toMatchObject({ status: 429, data: { ok: false, error: R.tooManyRecoveries } });
    expect(Number(retryAfter)).toBeGreaterThan(0);
  }, 20_000);
});

describe("/reset-password", () => {
  itDb("a made-up token answers 400 and shows no form", async () => {
    const outcome = await call(resetLoader as never, new Request(`http://localhost:3000/reset-password?token=inventato-${++counter}`));
    expect(outcome).toMatchObject({ status: 400, data: { usable: false, token: "" } });
  });
});

describe("/email-verification", () => {
  itDb("signed out with no address nor type: 400 with the spec's error in Italian", async () => {
    expect(await call(resendAction as never, formPost("/email-verification", {}))).toMatchObject({ status: 400, data: { error: R.resendMissingTarget } });
  });

  itDb("the landing page tells a spent link from a good one", async () => {
    const account = await createAccount({ verified: true });
    expect(await call(verificationLoader as never, requestAs(account, "http://localhost:3000/email-verification?verified=1"))).toMatchObject({
      data: { signedIn: true, verified: true, justVerified: true, linkError: false },
    });
    expect(await call(verificationLoader as never, requestAs(null, "http://localhost:3000/email-verification?verified=1&error=TOKEN_EXPIRED"))).toMatchObject({
      data: { signedIn: false, justVerified: false, linkError: true },
    });
  });
});
