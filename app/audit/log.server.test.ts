import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { auditEvents, users } from "~/db/schema";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { itDb } from "../../tests/db";
import { createUserRow } from "../../tests/factories";
import { auditCsvStream, changesText, csvCell, csvLine, exportAuditCsv, listAuditRecords, romeToday } from "./log.server";
import { AUDIT_LOG_MESSAGES as M, AUDIT_PAGE_SIZE, auditFilterParams, parseDay, readAuditQuery, type AuditFilters } from "./log-validation";
import { boundedText, changedFields, HIDDEN_VALUE, recordAudit, textSummary, type AuditActor } from "./record.server";

const ADMIN: CurrentUser = { id: "00000000-0000-4000-8000-0000000000a1", email: "a@zampa.test", fullName: "Anna Admin", role: "admin" };
const GIULIA: AuditActor = { id: "00000000-0000-4000-8000-0000000000b1", fullName: "Giulia Redattrice", role: "editor", address: "203.0.113.9" };
const MARCO: AuditActor = { id: "00000000-0000-4000-8000-0000000000b2", fullName: "Marco Moderatore", role: "moderator", address: null };
const NONE: AuditFilters = { actorId: "", area: "", item: "", from: "", to: "" };
const query = (search: string) => readAuditQuery(new URLSearchParams(search));

async function csvText(stream: ReadableStream<Uint8Array>): Promise<string> {
  // Decoded keeping the byte order mark (Response.text() would drop it).
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

/** Only this test's records: the log starts empty in a fresh database, but other tests' rows may be there. */
async function isolate() {
  const [row] = await queryRows<{ id: number | null }>(sql`select max(id)::int as id from audit_events`);
  return row?.id ?? 0;
}

describe("the filters of the query string", () => {
  it("reads a day typed either way, and refuses days that are not real", () => {
    expect(parseDay("2026-11-28")).toBe("2026-11-28");
    expect(parseDay("28/11/2026")).toBe("2026-11-28");
    expect(parseDay("1/2/2026")).toBe("2026-02-01");
    expect(parseDay("")).toBe("");
    for (const wrong of ["31/02/2026", "2026-13-01", "ieri", "28/11/26", "0000-01-01"]) expect(parseDay(wrong), wrong).toBeNull();
  });

  it("a wrong day is the field's Italian message; a reversed range too", () => {
    expect(query("from=31/02/2026")).toMatchObject({ ok: false, fieldErrors: { from: M.badDate("Dal") } });
    expect(query("to=domani")).toMatchObject({ ok: false, fieldErrors: { to: M.badDate("Al") } });
    expect(query("from=2026-11-28&to=2026-11-01")).toMatchObject({ ok: false, fieldErrors: { to: M.reversed } });
    expect(query("from=01/11/2026&to=28/11/2026")).toMatchObject({ ok: true, filters: { from: "2026-11-01", to: "2026-11-28" } });
  });

  it("drops an unknown area, a malformed person and cursor", () => {
    expect(query("area=nope&actor=x&before=-3&after=abc")).toEqual({ ok: true, filters: NONE, before: null, after: null });
    const filters = { ...NONE, area: "articles" as const, item: "gatto", from: "2026-11-01" };
    expect(readAuditQuery(auditFilterParams(filters))).toMatchObject({ ok: true, filters });
  });
});

describe("what a record keeps", () => {
  it("only the fields that changed; a creation or deletion without its empty fields; secrets masked", () => {
    expect(changedFields({ a: 1, b: "x", at: new Date("2026-01-01T00:00:00Z") }, { a: 1, b: "y", at: new Date("2026-01-01T00:00:00Z") })).toEqual([{ field: "b", before: "x", after: "y" }]);
    expect(changedFields(null, { name: "Fido", notes: "", icon: null })).toEqual([{ field: "name", before: null, after: "Fido" }]);
    expect(changedFields({ name: "Fido", notes: null }, null)).toEqual([{ field: "name", before: "Fido", after: null }]);
    expect(changedFields({ password: "a" }, { password: "b" })).toEqual([{ field: "password", before: HIDDEN_VALUE, after: HIDDEN_VALUE }]);
  });

  it("a long text as its length and fingerprint; a short one whole", () => {
    expect(textSummary("ciao")).toMatch(/^4 caratteri · impronta [0-9a-f]{12}$/);
    expect(textSummary("ciao")).toBe(textSummary("ciao"));
    expect(textSummary("ciao")).not.toBe(textSummary("ciaO"));
    expect(boundedText("breve")).toBe("breve");
    expect(boundedText("x".repeat(501))).toBe(textSummary("x".repeat(501)));
  });
});

describe("CSV cells", () => {
  it("quotes separators, quotes and line breaks; defuses formulas", () => {
    expect(csvCell('Il "gatto", ecco')).toBe('"Il ""gatto"", ecco"');
    expect(csvCell("riga1\nriga2")).toBe('"riga1\nriga2"');
    expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
    for (const start of ["+", "-", "@"]) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvLine(["a", "b"])).toBe("a,b\r\n");
    expect(changesText([{ field: "title", before: "A", after: "B" }, { field: "isActive", before: true, after: null }])).toBe("Titolo: A → B\nAttivo: sì → —");
  });

  it("names the file after today in Rome", () => {
    expect(romeToday(new Date("2026-11-28T23:30:00Z"))).toBe("2026-11-29");
  });
});

describe("the log in the database", () => {
  itDb("cannot be changed or deleted (the trigger refuses both)", async () => {
    await recordAudit({ actor: GIULIA, area: "articles", action: "update", item: { id: "a", label: "A" } });
    await expect(transaction(() => db().execute(sql`update audit_events set actor_name = 'altro'`))).rejects.toThrow();
    await expect(transaction(() => db().execute(sql`delete from audit_events`))).rejects.toThrow();
  });

  itDb("a write whose transaction fails leaves no record", async () => {
    const before = await isolate();
    await expect(
      transaction(async () => {
        await recordAudit({ actor: GIULIA, area: "categories", action: "delete", item: { id: "c", label: "Cani" } });
        throw new Error("la scrittura non è riuscita");
      }),
    ).rejects.toThrow();
    expect(await db().select().from(auditEvents).where(sql`${auditEvents.id} > ${before}`)).toEqual([]);
  });

  itDb("lists newest first, filtered by person, area, item and Rome days, page by page", async () => {
    const start = await isolate();
    const actors = [GIULIA, MARCO];
    for (let i = 0; i < AUDIT_PAGE_SIZE + 10; i += 1) {
      await recordAudit({ actor: actors[i % 2]!, area: i % 2 ? "listings" : "articles", action: "update", item: { id: `item-${i}`, label: `Elemento numero ${i}` }, before: { n: i - 1 }, after: { n: i } });
    }
    const own = sql`${auditEvents.id} > ${start}`;
    const ours = (await db().select({ id: auditEvents.id }).from(auditEvents).where(own)).length;
    expect(ours).toBeGreaterThanOrEqual(AUDIT_PAGE_SIZE + 10);

    const first = await listAuditRecords(ADMIN, { ok: true, filters: NONE, before: null, after: null });
    if (!first.ok) throw new Error(first.error);
    expect(first.records).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.records.map((r) => r.id)).toEqual([...first.records.map((r) => r.id)].sort((a, b) => b - a));
    expect(first.newer).toBeNull();
    expect(first.older).toBe(first.records.at(-1)!.id);
    expect(first.actors.map((a) => a.name)).toEqual(expect.arrayContaining(["Giulia Redattrice", "Marco Moderatore"]));

    const second = await listAuditRecords(ADMIN, { ok: true, filters: NONE, before: first.older, after: null });
    if (!second.ok) throw new Error(second.error);
    expect(second.records[0]!.id).toBeLessThan(first.older!);
    expect(second.newer).toBe(second.records[0]!.id);
    const back = await listAuditRecords(ADMIN, { ok: true, filters: NONE, before: null, after: second.newer });
    if (!back.ok) throw new Error(back.error);
    expect(back.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));

    const giulia = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, actorId: GIULIA.id! }, before: null, after: null });
    if (!giulia.ok) throw new Error(giulia.error);
    expect(new Set(giulia.records.map((r) => r.actorName))).toEqual(new Set(["Giulia Redattrice"]));
    expect(giulia.records[0]).toMatchObject({ address: "203.0.113.9", actorRoleLabel: "Redattore", areaLabel: "Articoli", actionLabel: "Modifica" });

    const listings = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, area: "listings" }, before: null, after: null });
    if (!listings.ok) throw new Error(listings.error);
    expect(new Set(listings.records.map((r) => r.areaLabel))).toEqual(new Set(["Annunci"]));

    const byId = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, item: "item-7" }, before: null, after: null });
    if (!byId.ok) throw new Error(byId.error);
    expect(byId.records.map((r) => r.itemId)).toEqual(["item-7"]);
    expect(byId.records[0]!.changes).toEqual([{ field: "n", before: 6, after: 7 }]);
    const byLabel = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, item: "NUMERO 1" }, before: null, after: null });
    if (!byLabel.ok) throw new Error(byLabel.error);
    expect(byLabel.records.length).toBe(11); // 1, 10–19

    // Rome days: records written now are today's, none yesterday's.
    const today = romeToday();
    const todays = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, from: today, to: today }, before: null, after: null });
    if (!todays.ok) throw new Error(todays.error);
    expect(todays.records.length).toBe(AUDIT_PAGE_SIZE);
    const yesterday = romeToday(new Date(Date.now() - 86_400_000));
    const none = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, item: "Elemento numero", from: yesterday, to: yesterday }, before: null, after: null });
    if (!none.ok) throw new Error(none.error);
    expect(none.records).toEqual([]);
  });

  itDb("the Rome day boundary: 23:30 in Rome on the 27th is the 27th, not the 28th", async () => {
    await db().execute(sql`insert into audit_events (at, actor_name, actor_role, area, action, item_id, item_label)
      values ('2026-11-27T22:30:00Z', 'Notte', 'admin', 'seo', 'update', 'boundary-item', 'Confine')`);
    const on = (day: string) => listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, item: "boundary-item", from: day, to: day }, before: null, after: null });
    expect(await on("2026-11-27")).toMatchObject({ ok: true, records: [{ itemLabel: "Confine" }] });
    expect(await on("2026-11-28")).toMatchObject({ ok: true, records: [] });
  });

  itDb("a wrong day reads no record and says why", async () => {
    const result = await listAuditRecords(ADMIN, query("from=30/02/2026"));
    expect(result).toMatchObject({ ok: true, records: [], fieldErrors: { from: M.badDate("Dal") } });
  });

  itDb("is refused to an editor, a moderator, a user and a visitor", async () => {
    for (const role of ["editor", "moderator"] as const) {
      expect(await listAuditRecords({ ...ADMIN, role }, query(""))).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.notPermitted });
      expect(exportAuditCsv({ ...ADMIN, role }, NONE)).toMatchObject({ ok: false, status: 403 });
    }
    expect(await listAuditRecords({ ...ADMIN, role: "user" }, query(""))).toMatchObject({ ok: false, status: 403 });
    expect(await listAuditRecords(null, query(""))).toMatchObject({ ok: false, status: 401 });
  });

  itDb("the CSV: BOM, header, every selected record across batches, escaped", async () => {
    await recordAudit({ actor: GIULIA, area: "articles", action: "update", item: { id: "csv-1", label: "=1+1 formula csvtest" }, before: { title: "A, \"B\"" }, after: { title: "C" } });
    for (let i = 0; i < 4; i += 1) await recordAudit({ actor: MARCO, area: "listings", action: "suspend", item: { id: `csv-l-${i}`, label: `Annuncio csvtest ${i}` } });
    const text = await csvText(auditCsvStream({ ...NONE, item: "csvtest" }, 2));
    expect(text.startsWith("\uFEFFID,Data e ora (Roma),Persona,Ruolo,Indirizzo,Area,Azione,ID elemento,Elemento,Modifiche\r\n")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toContain("Marco Moderatore,Moderatore,,Annunci,Sospensione,csv-l-3,Annuncio csvtest 3");
    expect(lines[5]).toContain("Giulia Redattrice,Redattore,203.0.113.9,Articoli,Modifica,csv-1,'=1+1 formula csvtest,");
    expect(lines[5]).toContain('"Titolo: A, ""B"" → C"');
    const articlesOnly = await csvText(auditCsvStream({ ...NONE, item: "csvtest", area: "articles" }));
    expect(articlesOnly.trim().split("\r\n")).toHaveLength(2);
  });
});

describe("at scale", () => {
  itDb(
    "50,000 records: each page is read from an index, not by reading the log",
    async () => {
      await db().execute(sql`
        insert into audit_events (actor_id, actor_name, actor_role, area, action, item_id, item_label, changes)
        select
          ('00000000-0000-4000-8000-' || lpad((n % 7)::text, 12, '0'))::uuid,
          'Persona ' || (n % 7), 'editor',
          (array['articles','listings','contests','seo','users'])[1 + n % 5], 'update',
          'scala-' || n, 'Elemento in scala ' || n,
          jsonb_build_array(jsonb_build_object('field', 'title', 'before', 'a', 'after', 'b'))
        from generate_series(1, 50000) as n`);
      await db().execute(sql`analyze audit_events`);
      const plan = async (where: string) => {
        const rows = await queryRows<{ "QUERY PLAN": string }>(sql.raw(`explain select * from audit_events ${where} order by id desc limit ${AUDIT_PAGE_SIZE + 1}`));
        return rows.map((r) => r["QUERY PLAN"]).join("\n");
      };
      const middle = (await queryRows<{ id: number }>(sql`select (max(id) - 25000)::int as id from audit_events`))[0]!.id;
      for (const where of ["", `where id < ${middle}`, "where area = 'contests'", `where area = 'contests' and id < ${middle}`, "where actor_id = '00000000-0000-4000-8000-000000000003'", "where item_id = 'scala-123'"]) {
        const text = await plan(where);
        expect(text, where).toMatch(/Index/);
        expect(text, where).not.toMatch(/Seq Scan/);
      }
      // And the page itself is quick, deep in the log too.
      const t0 = performance.now();
      const deep = await listAuditRecords(ADMIN, { ok: true, filters: { ...NONE, area: "contests" }, before: middle, after: null });
      const elapsed = performance.now() - t0;
      expect(deep).toMatchObject({ ok: true });
      if (deep.ok) expect(deep.records).toHaveLength(AUDIT_PAGE_SIZE);
      expect(elapsed).toBeLessThan(2000);
      // A part of a label (the trigram index) and a day range, measured the same way.
      for (const filters of [{ ...NONE, item: "in scala 4242" }, { ...NONE, from: romeToday(), to: romeToday() }]) {
        const started = performance.now();
        const found = await listAuditRecords(ADMIN, { ok: true, filters, before: null, after: null });
        expect(found.ok && found.records.length > 0, JSON.stringify(filters)).toBe(true);
        expect(performance.now() - started, JSON.stringify(filters)).toBeLessThan(2000);
      }
    },
    120_000,
  );
});

describe("records outlive what they name", () => {
  itDb("the account of the person who wrote", async () => {
    const person = await createUserRow({ name: "Ex Redattrice" });
    await recordAudit({ actor: { id: person.id, fullName: "Ex Redattrice", role: "editor" }, area: "articles", action: "update", item: { id: "a1", label: "Un articolo" } });
    await db().delete(users).where(eq(users.id, person.id));
    const kept = await db().select().from(auditEvents).where(eq(auditEvents.actorId, person.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ actorName: "Ex Redattrice", itemLabel: "Un articolo" });
  });
});
