// The e-mail change links' page over its real Request (decision 0077): what opening a link answers,
// the statuses of the two buttons, and an unknown step.
import { describe, expect } from "vitest";
import { requestEmailChange } from "~/accounts/email-change.server";
import { EMAIL_LINK_MESSAGES as L, PROFILE_MESSAGES as M } from "~/accounts/profile-validation";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { action, loader } from "~/routes/account/email-change";
import { createAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";

let counter = 0;
const open = (step: string, token: string) =>
  outcomeOf(() => loader({ request: new Request(`http://localhost:3000/email-change/${step}?token=${token}`), params: { step }, context: {} } as never));
const press = (step: string, token: string) =>
  outcomeOf(() =>
    action({
      request: new Request(`http://localhost:3000/email-change/${step}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }).toString(),
      }),
      params: { step },
      context: {},
    } as never),
  );

async function links() {
  const account = await createAccount();
  const to = `nuovo-${Date.now()}-${++counter}@example.it`;
  const before = await outboxFiles();
  expect((await requestEmailChange(account.id, to)).ok).toBe(true);
  const body = (await mailsSince(before)).map((m) => m.body).join("\n");
  const token = (step: string) => decodeURIComponent(new RegExp(`/email-change/${step}\\?token=(\\S+)`).exec(body)![1]!);
  return { account, to, confirm: token("confirm"), cancel: token("cancel") };
}

describe("/email-change/:step", () => {
  itDb("a good link shows what it does (200); pressed, it answers 200; opened again, 410 with its message", async () => {
    const { account, to, confirm } = await links();
    expect(await open("confirm", confirm)).toMatchObject({ status: 200, data: { kind: "confirm", token: confirm, newEmail: to, oldEmail: account.email, error: null } });
    expect(await press("confirm", confirm)).toMatchObject({ status: 200, data: { ok: true, text: M.emailConfirmed } });
    expect(await open("confirm", confirm)).toMatchObject({ status: 410, data: { token: "", error: L.confirm.confirmed } });
    expect(await press("confirm", confirm)).toMatchObject({ status: 410, data: { ok: false, text: L.confirm.confirmed } });
  });

  itDb("the cancel link: 200 once, then 410; a made-up token 400; an unknown step 404", async () => {
    const { cancel } = await links();
    expect(await press("cancel", cancel)).toMatchObject({ status: 200, data: { ok: true, text: M.emailChangeCancelled } });
    expect(await press("cancel", cancel)).toMatchObject({ status: 410, data: { ok: false, text: L.cancel.cancelled } });
    expect(await open("cancel", "inventato")).toMatchObject({ status: 400, data: { error: L.cancel.unknown } });
    // A confirmation token is not a cancel token, nor the other way round.
    const other = await links();
    expect(await press("cancel", other.confirm)).toMatchObject({ status: 400 });
    expect(await press("confirm", other.cancel)).toMatchObject({ status: 400 });
    expect(await open("other", other.confirm)).toMatchObject({ status: 404 });
  });
});
