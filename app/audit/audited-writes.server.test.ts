// Every kind of back-office write leaves its record in the activity log, written in the write's
// own transaction (decision 0108): area, action, item (id and label), the fields that changed,
// the actor's name and address. One describe per area, each calling the domain function as its
// route does; and a write that fails leaves no record.
import { desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect } from "vitest";
import type { AdminActor } from "~/admin/access.server";
import { saveEditorialPlan } from "~/ai/editorial-plan.server";
import { createAdCode, deleteAdCode, toggleAdCodeActive, updateAdCode } from "~/ads/admin.server";
import { createArticle, deleteArticle, updateArticle } from "~/articles/admin.server";
import { createBreed, deleteBreed, updateBreed } from "~/breeds/admin.server";
import { setCacheEnabled } from "~/cache/cache.server";
import { createCategory as createCategoryAdmin, deleteCategory, updateCategory } from "~/categories/admin.server";
import { archive, deleteMessage, markReplied, openMessage } from "~/contact/admin.server";
import { createContest as createContestAdmin, deleteContest, updateContest } from "~/contests/admin.server";
import { approveSubmission, rejectSubmission } from "~/contests/moderation.server";
import { db } from "~/db/client.server";
import { auditEvents, contactMessages, listingReports, users } from "~/db/schema";
import { createAppeal, decideAppeal } from "~/listings/appeals.server";
import { deleteListing, reactivateListing, suspendListing } from "~/listings/moderation.server";
import { deleteReport, updateReport } from "~/listings/report-moderation.server";
import { createPartner, deletePartner, updatePartner } from "~/partners/admin.server";
import { createKeyword, deleteKeyword, updateKeyword } from "~/seo/admin.server";
import { createRedirect, deleteRedirect } from "~/seo/redirects-admin.server";
import { saveSettings } from "~/seo/settings-admin.server";
import { asUser } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createCategory, createContest, createListingRow, createSubmission, createUserRow } from "../../tests/factories";
import { HIDDEN_VALUE, textSummary } from "./record.server";

const ACTOR: AdminActor = { id: "00000000-0000-4000-8000-00000000a0d1", email: "giulia@zampa.test", fullName: "Giulia Revisori", role: "admin", address: "203.0.113.7" };
const EDITOR_TEMPLATE: AdminActor = { ...ACTOR, id: "00000000-0000-4000-8000-00000000a0d2", fullName: "Elena Redattrice", role: "editor", address: "198.51.100.4" };
const MODERATOR_TEMPLATE: AdminActor = { ...ACTOR, id: "00000000-0000-4000-8000-00000000a0d3", fullName: "Marco Moderatore", role: "moderator", address: null };
const EDITOR = EDITOR_TEMPLATE;
const MODERATOR = MODERATOR_TEMPLATE;

/** The records written since `after` (an id), oldest first. */
async function recordsSince(after: number) {
  const rows = await db().select().from(auditEvents).where(sql`${auditEvents.id} > ${after}`).orderBy(auditEvents.id);
  return rows;
}

async function lastId(): Promise<number> {
  const [row] = await db().select({ id: auditEvents.id }).from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
  return row?.id ?? 0;
}

/** The one record a write made, checked for its actor and address. */
async function onlyRecord(after: number, actor: AdminActor = ACTOR) {
  const rows = await recordsSince(after);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ actorId: actor.id, actorName: actor.fullName, actorRole: actor.role, address: actor.address });
  return row!;
}

const changeOf = (row: { changes: { field: string; before: unknown; after: unknown }[] }, field: string) => row.changes.find((c) => c.field === field);

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

/** A staff member with an account (articles name their author, which must exist). */
async function staffAccount(actor: AdminActor): Promise<AdminActor> {
  const row = await createUserRow({ name: actor.fullName });
  return { ...actor, id: row.id, email: row.email };
}

describe("articles", () => {
  const form = (categoryId: string, values: Record<string, string> = {}) => ({
    title: "Il primo bagno del cucciolo",
    slug: `primo-bagno-${Date.now()}`,
    categoryId,
    excerpt: "Acqua tiepida e pazienza.",
    content: "<p>Un testo lungo quanto basta.</p>",
    featuredImage: "",
    status: "draft",
    metaTitle: "",
    metaDescription: "",
    scheduledPublishDate: "",
    ...values,
  });

  itDb("create, update, publish, unpublish, archive, schedule and delete each leave their record", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    let mark = await lastId();
    const created = await createArticle(EDITOR, form(category.id));
    if (!created.ok) throw new Error(created.error);
    let record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "articles", action: "create", itemId: created.id, itemLabel: "Il primo bagno del cucciolo" });
    // The body is kept as its length and fingerprint, never whole.
    expect(changeOf(record, "content")).toEqual({ field: "content", before: null, after: textSummary("<p>Un testo lungo quanto basta.</p>") });
    const slug = form(category.id).slug;

    const steps: [Record<string, string>, string, string[]][] = [
      [{ title: "Il primo bagno", slug }, "update", ["title"]],
      [{ slug, status: "published" }, "publish", ["status", "publishedAt"]],
      [{ slug, status: "draft" }, "unpublish", ["status", "publishedAt"]],
      [{ slug, status: "archived" }, "archive", ["status"]],
    ];
    for (const [values, action, fields] of steps) {
      mark = await lastId();
      const saved = await updateArticle(EDITOR, created.id, form(category.id, values));
      if (!saved.ok) throw new Error(saved.error);
      record = await onlyRecord(mark, EDITOR);
      expect(record.action).toBe(action);
      expect(record.changes.map((c) => c.field).sort()).toEqual(expect.arrayContaining(fields));
    }

    mark = await lastId();
    const when = new Date(Date.now() + 3 * 86_400_000);
    const rome = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome", dateStyle: "short", timeStyle: "short" }).format(when).replace(" ", "T");
    const scheduled = await updateArticle(EDITOR, created.id, form(category.id, { slug, status: "draft", isScheduled: "on", scheduledPublishDate: rome }));
    if (!scheduled.ok) throw new Error(scheduled.error);
    record = await onlyRecord(mark, EDITOR);
    expect(record.action).toBe("schedule");
    expect(changeOf(record, "isScheduled")).toMatchObject({ before: false, after: true });

    mark = await lastId();
    expect(await deleteArticle(EDITOR, created.id)).toMatchObject({ ok: true });
    record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "articles", action: "delete", itemId: created.id, itemLabel: "Il primo bagno del cucciolo" });
    // The record outlives the article.
    expect((await db().select().from(auditEvents).where(eq(auditEvents.itemId, created.id))).length).toBeGreaterThanOrEqual(7);
  });

  itDb("an unchanged body is not listed; a changed one shows both summaries", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    const created = await createArticle(EDITOR, form(category.id));
    if (!created.ok) throw new Error(created.error);
    const slug = form(category.id).slug;
    let mark = await lastId();
    await updateArticle(EDITOR, created.id, form(category.id, { slug, excerpt: "Altro riassunto." }));
    expect(changeOf(await onlyRecord(mark, EDITOR), "content")).toBeUndefined();
    mark = await lastId();
    await updateArticle(EDITOR, created.id, form(category.id, { slug, content: "<p>Nuovo testo.</p>" }));
    expect(changeOf(await onlyRecord(mark, EDITOR), "content")).toEqual({
      field: "content",
      before: textSummary("<p>Un testo lungo quanto basta.</p>"),
      after: textSummary("<p>Nuovo testo.</p>"),
    });
  });

  itDb("a save that fails (a slug taken) leaves no record", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    const first = await createArticle(EDITOR, form(category.id, { slug: "occupato" }));
    expect(first.ok).toBe(true);
    const mark = await lastId();
    expect(await createArticle(EDITOR, form(category.id, { slug: "occupato" }))).toMatchObject({ ok: false, status: 409 });
    expect(await recordsSince(mark)).toEqual([]);
  });
});

describe("editorial plan", () => {
  itDb("each draft it makes is recorded", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory({ slug: `piano-${Date.now()}` });
    const mark = await lastId();
    const date = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const saved = await saveEditorialPlan(EDITOR, [{ title: "Gatti e caldo", topic: "Come rinfrescarli", category: category.slug, date, keywords: [] }]);
    expect(saved).toMatchObject({ ok: true, created: 1 });
    const record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "editorial_plan", action: "create", itemLabel: "Gatti e caldo" });
    expect(changeOf(record, "status")).toMatchObject({ before: null, after: "draft" });
  });
});

describe("categories", () => {
  itDb("create, update, delete", async () => {
    let mark = await lastId();
    const created = await createCategoryAdmin(EDITOR, { name: "Anfibi", slug: `anfibi-${Date.now()}`, description: "Rane", icon: "activity" });
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ area: "categories", action: "create", itemId: created.category.id, itemLabel: "Anfibi" });
    mark = await lastId();
    await updateCategory(EDITOR, created.category.id, { name: "Anfibi e rane", slug: created.category.slug, description: "Rane", icon: "activity" });
    const updated = await onlyRecord(mark, EDITOR);
    expect(updated).toMatchObject({ action: "update", itemLabel: "Anfibi e rane" });
    expect(updated.changes).toEqual([{ field: "name", before: "Anfibi", after: "Anfibi e rane" }]);
    mark = await lastId();
    expect(await deleteCategory(EDITOR, created.category.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ action: "delete", itemId: created.category.id });
  });
});

describe("contact messages", () => {
  itDb("opening, replying, archiving and deleting", async () => {
    const [message] = await db()
      .insert(contactMessages)
      .values({ name: "Anna Bianchi", email: "anna@example.it", subject: "Collaborazione", message: "Vorrei collaborare con voi." })
      .returning();
    const label = "Collaborazione — Anna Bianchi <anna@example.it>";
    let mark = await lastId();
    await openMessage(MODERATOR, message!.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "contacts", action: "update", itemLabel: label, changes: [{ field: "status", before: "new", after: "read" }] });
    mark = await lastId();
    await markReplied(MODERATOR, message!.id);
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "status", before: "read", after: "replied" }]);
    mark = await lastId();
    await archive(MODERATOR, message!.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "archive" });
    // The same status again changes nothing and records nothing.
    mark = await lastId();
    await archive(MODERATOR, message!.id);
    expect(await recordsSince(mark)).toEqual([]);
    await deleteMessage(MODERATOR, message!.id);
    const deleted = await onlyRecord(mark, MODERATOR);
    expect(deleted).toMatchObject({ action: "delete", itemId: message!.id, itemLabel: label });
    // The sender's text is not copied into the log.
    expect(changeOf(deleted, "message")).toBeUndefined();
  });
});

describe("breeds", () => {
  const form = (values: Record<string, string> = {}) => ({
    petType: "reptile",
    breedName: `Geco ${Date.now()}`,
    breedNameEn: "",
    scientificName: "",
    isLegal: "true",
    requiresLicense: "false",
    requiresCites: "false",
    requiresMicrochip: "false",
    notes: "",
    ...values,
  });
  itDb("create, update, delete", async () => {
    const fields = form();
    let mark = await lastId();
    const created = await createBreed(MODERATOR, fields);
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "breeds", action: "create", itemLabel: fields.breedName });
    mark = await lastId();
    await updateBreed(MODERATOR, created.breed.id, { ...fields, requiresCites: "true" });
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "requiresCites", before: false, after: true }]);
    mark = await lastId();
    await deleteBreed(MODERATOR, created.breed.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: created.breed.id });
  });
});

describe("SEO", () => {
  itDb("keywords: create, update, delete", async () => {
    let mark = await lastId();
    const created = await createKeyword(EDITOR, { keyword: "cuccia per cani", searchVolume: "100", difficulty: "20", status: "target", notes: "" });
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ area: "seo", action: "create", itemLabel: "Parola chiave: cuccia per cani" });
    mark = await lastId();
    await updateKeyword(EDITOR, created.keyword.id, { keyword: "cuccia per cani", searchVolume: "150", difficulty: "20", status: "target", notes: "" });
    expect((await onlyRecord(mark, EDITOR)).changes).toEqual([{ field: "searchVolume", before: 100, after: 150 }]);
    mark = await lastId();
    await deleteKeyword(EDITOR, created.keyword.id);
    expect(await onlyRecord(mark, EDITOR)).toMatchObject({ action: "delete", itemId: created.keyword.id });
  });

  itDb("redirects: create, delete", async () => {
    let mark = await lastId();
    const created = await createRedirect(ACTOR, { fromPath: "/vecchia-pagina-audit", toPath: "/nuova-pagina-audit", redirectType: "301" });
    if (!created.ok) throw new Error(created.error);
    const record = await onlyRecord(mark);
    expect(record).toMatchObject({ area: "seo", action: "create", itemLabel: "Redirect /vecchia-pagina-audit → /nuova-pagina-audit" });
    expect(changeOf(record, "toPath")).toMatchObject({ after: "/nuova-pagina-audit" });
    mark = await lastId();
    await deleteRedirect(ACTOR, created.redirect.id);
    expect(await onlyRecord(mark)).toMatchObject({ action: "delete", itemId: created.redirect.id });
  });

  itDb("settings: the fields that changed", async () => {
    const fields = { siteName: "Zampa", siteDescription: "Il portale per chi ama gli animali.", defaultOgImage: "", googleAnalyticsId: "G-ABC123XYZ", googleSearchConsoleCode: "", facebookPixelId: "", robotsTxt: "" };
    await saveSettings(ACTOR, fields);
    const mark = await lastId();
    await saveSettings(ACTOR, { ...fields, googleAnalyticsId: "G-NEW999" });
    const record = await onlyRecord(mark);
    expect(record).toMatchObject({ area: "settings", action: "update", itemId: "seo", itemLabel: "Impostazioni SEO" });
    expect(record.changes).toEqual([{ field: "googleAnalyticsId", before: "G-ABC123XYZ", after: "G-NEW999" }]);
  });
});

describe("partners and ad codes", () => {
  itDb("partners: create, update, delete", async () => {
    const form = { name: "Toelettatura Baffi", logoUrl: "https://cdn.esempio.it/baffi.png", websiteUrl: "https://baffi.esempio.it", description: "Cani e gatti", displayOrder: "3", isActive: "on" };
    let mark = await lastId();
    const created = await createPartner(ACTOR, form);
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark)).toMatchObject({ area: "partners", action: "create", itemLabel: "Toelettatura Baffi" });
    mark = await lastId();
    await updatePartner(ACTOR, created.partner.id, { ...form, displayOrder: "4" });
    expect((await onlyRecord(mark)).changes).toEqual([{ field: "displayOrder", before: 3, after: 4 }]);
    mark = await lastId();
    await deletePartner(ACTOR, created.partner.id);
    expect(await onlyRecord(mark)).toMatchObject({ action: "delete", itemId: created.partner.id });
  });

  itDb("ad codes: create, update, toggle, delete; a long code is summarised", async () => {
    const form = { name: "Banner crocchette", htmlCode: '<div class="ad"></div>', placementType: "footer", pageType: "article", priority: "2", isActive: "on" };
    let mark = await lastId();
    const created = await createAdCode(ACTOR, form);
    if (!created.ok) throw new Error(created.error);
    expect(changeOf(await onlyRecord(mark), "htmlCode")).toMatchObject({ after: '<div class="ad"></div>' });
    mark = await lastId();
    const long = `<div>${"x".repeat(900)}</div>`;
    await updateAdCode(ACTOR, created.adCode.id, { ...form, htmlCode: long });
    expect(changeOf(await onlyRecord(mark), "htmlCode")).toEqual({ field: "htmlCode", before: '<div class="ad"></div>', after: textSummary(long) });
    mark = await lastId();
    await toggleAdCodeActive(ACTOR, created.adCode.id);
    expect((await onlyRecord(mark)).changes).toEqual([{ field: "isActive", before: true, after: false }]);
    mark = await lastId();
    await deleteAdCode(ACTOR, created.adCode.id);
    expect(await onlyRecord(mark)).toMatchObject({ area: "ads", action: "delete", itemLabel: "Banner crocchette" });
  });
});

describe("listings, appeals and reports", () => {
  itDb("suspend, reactivate, an appeal decided, delete", async () => {
    // An appeal names who decided it: a moderator with an account.
    const MODERATOR = await staffAccount(MODERATOR_TEMPLATE);
    const owner = await createUserRow({ name: "Proprietaria" });
    const listing = await createListingRow(owner.id, { title: "Cuccioli di labrador" });
    let mark = await lastId();
    expect(await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "Foto non veritiere" })).toMatchObject({ ok: true });
    const suspended = await onlyRecord(mark, MODERATOR);
    expect(suspended).toMatchObject({ area: "listings", action: "suspend", itemId: listing.id, itemLabel: "Cuccioli di labrador" });
    expect(changeOf(suspended, "status")).toEqual({ field: "status", before: "active", after: "suspended" });
    expect(changeOf(suspended, "suspensionReason")).toEqual({ field: "suspensionReason", before: null, after: "Foto non veritiere" });

    mark = await lastId();
    expect(await reactivateListing(MODERATOR, listing.id)).toMatchObject({ ok: true });
    expect(changeOf(await onlyRecord(mark, MODERATOR), "suspensionReason")).toEqual({ field: "suspensionReason", before: "Foto non veritiere", after: null });

    await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "Di nuovo" });
    const appeal = await createAppeal(asUser(owner), listing.id, "Le foto sono autentiche, ecco perché: sono mie e recenti.");
    if (!appeal.ok) throw new Error(appeal.error);
    mark = await lastId();
    expect(await decideAppeal(MODERATOR, appeal.appeal.id, { decision: "reverse", note: "Verificato" })).toMatchObject({ ok: true });
    const decided = await onlyRecord(mark, MODERATOR);
    expect(decided).toMatchObject({ area: "listings", action: "approve", itemId: listing.id });
    expect(changeOf(decided, "appealStatus")).toEqual({ field: "appealStatus", before: "pending", after: "reversed" });

    mark = await lastId();
    expect(await deleteListing(MODERATOR, listing.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: listing.id, itemLabel: "Cuccioli di labrador" });
  });

  itDb("a suspension refused (already suspended) leaves no record", async () => {
    const owner = await createUserRow();
    const listing = await createListingRow(owner.id, { status: "suspended" });
    const mark = await lastId();
    expect(await suspendListing(MODERATOR, listing.id, { rule: "illegal_sale", reason: "x" })).toMatchObject({ ok: false, status: 409 });
    expect(await recordsSince(mark)).toEqual([]);
  });

  itDb("reports: review, resolve, dismiss, delete", async () => {
    const owner = await createUserRow();
    const listing = await createListingRow(owner.id, { title: "Pappagallo in vendita" });
    const [report] = await db()
      .insert(listingReports)
      .values({ listingId: listing.id, reporterName: "Paolo", reporterEmail: "paolo@example.it", reason: "fraud", description: "x".repeat(60) })
      .returning();
    const label = "Segnalazione (fraud) su Pappagallo in vendita";
    for (const [status, action] of [
      ["reviewed", "review"],
      ["resolved", "resolve"],
      ["dismissed", "dismiss"],
    ] as const) {
      const mark = await lastId();
      expect(await updateReport(MODERATOR, report!.id, { status, adminNotes: `nota ${status}` })).toMatchObject({ ok: true });
      const record = await onlyRecord(mark, MODERATOR);
      expect(record).toMatchObject({ area: "reports", action, itemId: report!.id, itemLabel: label });
      expect(changeOf(record, "adminNotes")?.after).toBe(`nota ${status}`);
    }
    const mark = await lastId();
    expect(await deleteReport(MODERATOR, report!.id)).toMatchObject({ ok: true });
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: report!.id });
  });
});

describe("contests", () => {
  const form = (values: Record<string, string> = {}) => ({
    title: "Il gatto più pigro",
    description: "Mandaci la foto del tuo gatto addormentato.",
    startDate: "2026-12-01",
    endDate: "2026-12-31",
    status: "active",
    prizeDescription: "Una cuccia imbottita",
    rules: "Una foto per gatto.",
    maxSubmissionsPerUser: "5",
    ...values,
  });

  itDb("contests: create, update, delete", async () => {
    let mark = await lastId();
    const created = await createContestAdmin(MODERATOR, form());
    if (!created.ok) throw new Error(created.error);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ area: "contests", action: "create", itemId: created.contest.id, itemLabel: "Il gatto più pigro" });
    mark = await lastId();
    await updateContest(MODERATOR, created.contest.id, form({ prizeDescription: "Due cucce" }));
    expect((await onlyRecord(mark, MODERATOR)).changes).toEqual([{ field: "prizeDescription", before: "Una cuccia imbottita", after: "Due cucce" }]);
    mark = await lastId();
    await deleteContest(MODERATOR, created.contest.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "delete", itemId: created.contest.id });
  });

  itDb("entries: approve, reject", async () => {
    const contest = await createContest();
    const participant = await createUserRow();
    const entry = await createSubmission(contest.id, participant.id, { title: "Micio sul divano", petName: "Tigre", status: "pending" });
    let mark = await lastId();
    await approveSubmission(MODERATOR, entry.id);
    const approved = await onlyRecord(mark, MODERATOR);
    expect(approved).toMatchObject({ area: "contests", action: "approve", itemId: entry.id, itemLabel: "Foto «Micio sul divano» (Tigre)" });
    expect(approved.changes).toEqual([{ field: "status", before: "pending", after: "approved" }]);
    mark = await lastId();
    await rejectSubmission(MODERATOR, entry.id);
    expect(await onlyRecord(mark, MODERATOR)).toMatchObject({ action: "reject" });
    // Rejecting it again changes nothing: no record.
    mark = await lastId();
    await rejectSubmission(MODERATOR, entry.id);
    expect(await recordsSince(mark)).toEqual([]);
  });
});

describe("the log itself", () => {
  itDb("a secret field shows only that it changed", async () => {
    const { recordAudit } = await import("./record.server");
    const mark = await lastId();
    await recordAudit({ actor: ACTOR, area: "settings", action: "update", item: { id: "x" }, before: { apiKey: "old-secret" }, after: { apiKey: "new-secret" } });
    expect((await onlyRecord(mark)).changes).toEqual([{ field: "apiKey", before: HIDDEN_VALUE, after: HIDDEN_VALUE }]);
  });

  itDb("records outlive the account of the person they name", async () => {
    const person = await createUserRow({ name: "Ex Redattrice" });
    const { recordAudit } = await import("./record.server");
    await recordAudit({ actor: { id: person.id, fullName: "Ex Redattrice", role: "editor" }, area: "articles", action: "update", item: { id: "a1", label: "Un articolo" } });
    await db().delete(users).where(eq(users.id, person.id));
    const kept = await db().select().from(auditEvents).where(eq(auditEvents.actorId, person.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ actorName: "Ex Redattrice", itemLabel: "Un articolo" });
  });
});
