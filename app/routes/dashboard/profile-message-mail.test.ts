// The profile's "Avvisami via email dei nuovi messaggi": saved for the session's own account only,
// a visitor sent to sign in, a malformed value refused with nothing changed.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PROFILE_MESSAGES as M } from "~/accounts/profile-validation";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { callRoute } from "../../../tests/route-calls";
import { action, loader } from "./profile";
import { postToProfile as post, PROFILE_URL as URL_ } from "./profile.testing";

const setting = async (id: string) => (await db().select({ on: profiles.messageMail }).from(profiles).where(eq(profiles.id, id)))[0]?.on;

describe("profile: the message-mail setting", () => {
  itDb("on by default, shown on the page; turned off and on again by its checkbox", async () => {
    const account = await createAccount();
    const other = await createAccount();
    expect(await callRoute(loader, requestAs(account, URL_))).toMatchObject({ status: 200, data: { messageMail: true } });

    // Unticked: the checkbox is not sent.
    expect(await callRoute(action, post(account, { intent: "message-mail" }))).toMatchObject({ status: 200, data: { ok: true, text: M.messageMailOff } });
    expect(await setting(account.id)).toBe(false);
    expect(await setting(other.id)).toBe(true);
    expect(await callRoute(loader, requestAs(account, URL_))).toMatchObject({ data: { messageMail: false } });

    // A second identical submit is harmless.
    expect(await callRoute(action, post(account, { intent: "message-mail" }))).toMatchObject({ status: 200, data: { ok: true } });
    expect(await callRoute(action, post(account, { intent: "message-mail", messageMail: "on" }))).toMatchObject({ status: 200, data: { ok: true, text: M.messageMailOn } });
    expect(await setting(account.id)).toBe(true);
  });

  itDb("a malformed value is refused with 400 and changes nothing; an id in the form is ignored", async () => {
    const account = await createAccount();
    const other = await createAccount();
    expect(await callRoute(action, post(account, { intent: "message-mail", messageMail: "sì" }))).toMatchObject({ status: 400, data: { ok: false, text: M.messageMailError } });
    expect(await setting(account.id)).toBe(true);
    // Only the session's profile changes, whatever id the form carries.
    await callRoute(action, post(account, { intent: "message-mail", id: other.id, userId: other.id }));
    expect(await setting(other.id)).toBe(true);
    expect(await setting(account.id)).toBe(false);
  });

  itDb("a visitor is sent to sign in", async () => {
    const outcome = await callRoute(action, post(null, { intent: "message-mail" }));
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/login/);
  });
});
