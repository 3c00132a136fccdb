import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { itDb } from "../../tests/db";
import { archive, deleteMessage, listMessages, markRead, markReplied, openMessage } from "./admin.server";
import { CONTACT_ADMIN_MESSAGES as M, CONTACTS_PAGE_SIZE, replyHref } from "./admin-validation";

const admin: CurrentUser = { id: "00000000-0000-4000-8000-0000000000ad", email: "admin@example.it", fullName: "Admin", role: "admin" };
const user: CurrentUser = { ...admin, role: "user" };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

let n = 0;
async function message(values: Partial<typeof contactMessages.$inferInsert> = {}) {
  n += 1;
  const [row] = await db()
    .insert(contactMessages)
    .values({ name: `Mittente ${n}`, email: `mittente${n}@example.it`, subject: `Oggetto ${n}`, message: "Un messaggio di prova abbastanza lungo.", ...values })
    .returning();
  return row!;
}

async function stored(id: string) {
  const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

/** Inside a rolled-back test: only this test's messages. */
async function noOtherMessages() {
  await db().delete(contactMessages);
}

describe("listMessages", () => {
  itDb("refuses visitors and users", async () => {
    expect(await listMessages(null)).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await listMessages(user)).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
  });

  itDb("searches name, e-mail and subject in any case, % and _ literally, and filters by status", async () => {
    await noOtherMessages();
    const marta = await message({ name: "Marta Bianchi", email: "marta@posta.example.it", subject: "Adozione di un gatto" });
    const luca = await message({ name: "Luca Verdi", email: "luca@example.it", subject: "Sconto 50% sui croccantini", status: "archived" });
    await message({ name: "Gino", email: "gino_rossi@example.it", subject: "Sconto 50 euro" });
    const ids = async (q: string, status?: "new" | "archived") => {
      const result = await listMessages(admin, { q, status });
      if (!result.ok) throw new Error(result.error);
      return result.messages.map((m) => m.id);
    };
    expect(await ids("BIANCHI")).toEqual([marta.id]);
    expect(await ids("posta.example")).toEqual([marta.id]);
    expect(await ids("adozione")).toEqual([marta.id]);
    expect(await ids("50%")).toEqual([luca.id]);
    expect(await ids("o_r")).toEqual([(await db().select().from(contactMessages).where(eq(contactMessages.name, "Gino")))[0]!.id]);
    expect(await ids("", "archived")).toEqual([luca.id]);
    expect(await ids("sconto", "new")).toHaveLength(1);
    expect(await ids("nessun risultato")).toEqual([]);
  });

  itDb("shows 20 messages a page, newest first, with the counts by status", async () => {
    await noOtherMessages();
    const base = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 23; i++) await message({ subject: `Pagina ${String(i).padStart(2, "0")}`, createdAt: new Date(base + i * 60_000), status: i < 3 ? "replied" : "new" });
    const first = await listMessages(admin);
    if (!first.ok) throw new Error(first.error);
    expect(first.messages).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(first.messages[0]).toMatchObject({ subject: "Pagina 22", status: "new", statusLabel: "Nuovo" });
    expect(first.pageCount).toBe(2);
    expect(first.byStatus).toEqual({ new: 20, read: 0, replied: 3, archived: 0 });
    const second = await listMessages(admin, { page: 2 });
    expect(second.ok && second.messages.map((m) => [m.subject, m.statusLabel])).toEqual([
      ["Pagina 02", "Risposto"],
      ["Pagina 01", "Risposto"],
      ["Pagina 00", "Risposto"],
    ]);
  });
});

describe("openMessage", () => {
  itDb("marks a new message read once: a second opening keeps the first read_at", async () => {
    const row = await message();
    const opened = await openMessage(admin, row.id);
    expect(opened).toMatchObject({ ok: true, message: { id: row.id, status: "read", statusLabel: "Letto", message: row.message } });
    const first = await stored(row.id);
    expect(first?.status).toBe("read");
    expect(first?.readAt).toBeInstanceOf(Date);
    await db().update(contactMessages).set({ readAt: new Date("2030-01-01T10:00:00Z") }).where(eq(contactMessages.id, row.id));
    const again = await openMessage(admin, row.id);
    expect(again).toMatchObject({ ok: true, message: { status: "read", readAt: new Date("2030-01-01T10:00:00Z") } });
  });

  itDb("leaves a replied or archived message as it is", async () => {
    const replied = await message({ status: "replied" });
    const archived = await message({ status: "archived" });
    expect(await openMessage(admin, replied.id)).toMatchObject({ ok: true, message: { status: "replied", readAt: null } });
    expect(await openMessage(admin, archived.id)).toMatchObject({ ok: true, message: { status: "archived" } });
    expect((await stored(archived.id))?.status).toBe("archived");
  });

  itDb("answers 404 for an unknown or malformed id, and refuses non-admins without marking anything", async () => {
    const row = await message();
    expect(await openMessage(admin, UNKNOWN)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await openMessage(admin, "abc")).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await openMessage(null, row.id)).toMatchObject({ ok: false, status: 401 });
    expect(await openMessage(user, row.id)).toMatchObject({ ok: false, status: 403 });
    expect(await stored(row.id)).toMatchObject({ status: "new", readAt: null });
  });
});

describe("status changes", () => {
  itDb("marks replied (with replied_at, and read_at if missing)", async () => {
    const row = await message();
    expect(await markReplied(admin, row.id)).toEqual({ ok: true, changed: true, status: "replied", message: M.markedReplied });
    const after = await stored(row.id);
    expect(after).toMatchObject({ status: "replied" });
    expect(after?.repliedAt).toBeInstanceOf(Date);
    expect(after?.readAt).toBeInstanceOf(Date);
  });

  itDb("archives, and marks read again, each a no-op when already in that status", async () => {
    const row = await message({ status: "read", readAt: new Date("2030-01-01T10:00:00Z") });
    expect(await markRead(admin, row.id)).toEqual({ ok: true, changed: false, status: "read", message: M.markedRead });
    expect(await archive(admin, row.id)).toEqual({ ok: true, changed: true, status: "archived", message: M.archived });
    expect(await archive(admin, row.id)).toMatchObject({ ok: true, changed: false });
    expect((await stored(row.id))?.status).toBe("archived");
    expect(await markRead(admin, row.id)).toMatchObject({ ok: true, changed: true });
    expect(await stored(row.id)).toMatchObject({ status: "read", readAt: new Date("2030-01-01T10:00:00Z") });
  });

  itDb("answers 404 for unknown ids and refuses non-admins, changing nothing", async () => {
    const row = await message();
    for (const change of [markRead, markReplied, archive]) {
      expect(await change(admin, UNKNOWN)).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await change(admin, "x'; drop table contact_messages; --")).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await change(null, row.id)).toMatchObject({ ok: false, status: 401 });
      expect(await change(user, row.id)).toMatchObject({ ok: false, status: 403 });
    }
    expect(await stored(row.id)).toMatchObject({ status: "new", readAt: null, repliedAt: null });
  });

  itDb("answers its own message when the update fails unexpectedly", async () => {
    const row = await message();
    await db().execute(sql`create function pg_temp.zampa_fail() returns trigger language plpgsql as $$ begin raise exception 'guasto'; end $$`);
    await db().execute(sql`create trigger zampa_fail before update or delete on contact_messages for each row execute function pg_temp.zampa_fail()`);
    expect(await archive(admin, row.id)).toEqual({ ok: false, status: 500, error: M.updateError });
  });
});

describe("deleteMessage", () => {
  itDb("deletes a message once; then it is not found", async () => {
    const row = await message();
    expect(await deleteMessage(null, row.id)).toMatchObject({ ok: false, status: 401 });
    expect(await deleteMessage(user, row.id)).toMatchObject({ ok: false, status: 403 });
    expect(await stored(row.id)).toBeDefined();
    expect(await deleteMessage(admin, row.id)).toEqual({ ok: true, message: M.deleted });
    expect(await stored(row.id)).toBeUndefined();
    expect(await deleteMessage(admin, row.id)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await openMessage(admin, row.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });
});

describe("replyHref", () => {
  itDb("puts the address and 'Re: {subject}' in a mailto link, encoded", async () => {
    expect(replyHref("marta@example.it", "Adozione & affido?")).toBe("mailto:marta@example.it?subject=Re%3A%20Adozione%20%26%20affido%3F");
    expect(replyHref("a?cc=x@example.it", "Ciao")).toBe("mailto:a%3Fcc%3Dx@example.it?subject=Re%3A%20Ciao");
  });
});
