import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { CONTACT_ADMIN_MESSAGES as M } from "~/contact/admin-validation";
import AdminContacts, { action, loader } from "~/routes/admin/contacts";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";

const URL_CONTACTS = "http://localhost:3000/admin/contacts";
const callLoader = (request: Request) => throughAdminGate(loader, { request, params: {} });
const callAction = (request: Request) => throughAdminGate(action, { request, params: {} });
const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function newMessage() {
  const [row] = await db()
    .insert(contactMessages)
    .values({ name: "Carla Neri", email: "carla@example.it", subject: "Informazioni sull'adozione", message: "Vorrei sapere come adottare un cane." })
    .returning();
  return row!;
}

const stateOf = (id: string) => async () => db().select().from(contactMessages).where(eq(contactMessages.id, id));

describe("/admin/contacts is for administrators only", () => {
  itDb("the page, also with a message open: a new message stays new", async () => {
    const row = await newMessage();
    await expectAdminOnly({ call: callLoader, url: `${URL_CONTACTS}?id=${row.id}`, state: stateOf(row.id) });
    await expectAdminOnly({ call: callLoader, url: `${URL_CONTACTS}?q=carla&status=new` });
    const [after] = await stateOf(row.id)();
    expect(after).toMatchObject({ status: "new", readAt: null });
  });

  itDb("each action", async () => {
    const row = await newMessage();
    const user = await createAccount();
    for (const intent of ["read", "replied", "archive", "delete"]) {
      await expectAdminOnly(
        { call: callAction, url: `${URL_CONTACTS}?id=${row.id}`, body: () => new URLSearchParams({ intent, id: row.id }), headers: FORM, state: stateOf(row.id) },
        user,
      );
    }
  });
});

describe("/admin/contacts for an administrator", () => {
  itDb("opening a message in the pane marks it read; an unknown id answers 404 with the list", async () => {
    const admin = await createAccount({ role: "admin" });
    const row = await newMessage();
    const opened = await outcomeOf(() => callLoader(requestAs(admin, `${URL_CONTACTS}?id=${row.id}`)));
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({ selected: { id: row.id, status: "read" }, notFound: false });
    const missing = await outcomeOf(() => callLoader(requestAs(admin, `${URL_CONTACTS}?id=00000000-0000-4000-8000-000000000000`)));
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({ selected: null, notFound: true });
  });

  itDb("archives, refuses an unknown intent, deletes and goes back to the list", async () => {
    const admin = await createAccount({ role: "admin" });
    const row = await newMessage();
    const post = (fields: Record<string, string>) =>
      outcomeOf(() => callAction(requestAs(admin, URL_CONTACTS, { method: "POST", body: new URLSearchParams(fields), headers: FORM })));
    expect(await post({ intent: "archive", id: row.id })).toMatchObject({ status: 200, data: { ok: true, message: M.archived } });
    expect(await post({ intent: "explode", id: row.id })).toMatchObject({ status: 400, data: { error: M.invalidAction } });
    expect(await post({ intent: "archive", id: "00000000-0000-4000-8000-000000000000" })).toMatchObject({ status: 404 });
    expect(await post({ intent: "delete", id: row.id, back: "/admin/contacts?q=carla&id=x" })).toMatchObject({
      status: 302,
      location: "/admin/contacts?q=carla&deleted=1",
    });
    expect(await post({ intent: "delete", id: row.id, back: "https://evil.example/admin/contacts" })).toMatchObject({ status: 404 });
    expect(await stateOf(row.id)()).toEqual([]);
  });
});

describe("what senders wrote is text on /admin/contacts", () => {
  itDb("in the list and in the open message", async () => {
    const admin = await createAccount({ role: "admin" });
    const MARKUP = "<img src=x onerror=alert(1)>";
    const [row] = await db()
      .insert(contactMessages)
      .values({ name: `Mario ${MARKUP}`, email: "mario@example.it", subject: `Oggetto ${MARKUP}`, message: `Testo ${MARKUP}` })
      .returning();
    const path = `/admin/contacts?id=${row!.id}`;
    const page = await outcomeOf(() => callLoader(requestAs(admin, `http://localhost:3000${path}`)));
    expect(page.status).toBe(200);
    const html = renderPage(AdminContacts, page.data, path);
    expect(html).not.toContain(MARKUP);
    expect(html).toContain("Oggetto &lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Testo &lt;img src=x onerror=alert(1)&gt;");
  });
});
