import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingReports, petListings } from "~/db/schema";
import { REPORT_MODERATION_MESSAGES as M } from "~/listings/moderation-validation";
import AdminReports, { action, loader } from "~/routes/admin/reports";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";
import { FORM_HEADERS, postForm } from "../../../tests/route-calls";
import { createListingRow, uniqueMicrochipCode, VALID_LISTING_FIELDS } from "../../../tests/factories";
import { generatedPhoto } from "../../../harness/photos";
import sharp from "sharp";
import { createListing } from "~/listings/listings.server";
import { getReportComparison, updateReport } from "~/listings/report-moderation.server";

const URL_REPORTS = "http://localhost:3000/admin/reports";
const callLoader = (request: Request) => throughAdminGate(loader, { request });
const callAction = (request: Request) => throughAdminGate(action, { request });
const MARKUP = "<img src=x onerror=alert(1)>";
const DESCRIPTION = `${MARKUP} chiede un anticipo con bonifico prima di far vedere l'animale.`;

async function newReport(values: Partial<typeof listingReports.$inferInsert> = {}) {
  const owner = await createAccount();
  const listing = await createListingRow(owner.id);
  const [row] = await db()
    .insert(listingReports)
    .values({ listingId: listing.id, reporterName: "Lia Bruni", reporterEmail: "lia@example.it", reason: "fraud", description: DESCRIPTION, ...values })
    .returning();
  return { report: row!, listing, owner };
}

const reportState = (id: string) => async () => db().select().from(listingReports).where(eq(listingReports.id, id));

describe("/admin/reports is for administrators only", () => {
  itDb("the page, filtered and with a report open", async () => {
    const { report } = await newReport();
    await expectAdminOnly({ call: callLoader, url: URL_REPORTS });
    await expectAdminOnly({ call: callLoader, url: `${URL_REPORTS}?status=pending&id=${report.id}`, state: reportState(report.id) });
  });

  itDb("each action: update, delete, suspend the listing", async () => {
    const { report, listing, owner } = await newReport();
    const listingState = async () => db().select().from(petListings).where(eq(petListings.id, listing.id));
    const both = async () => [await reportState(report.id)(), await listingState()];
    for (const fields of <Record<string, string>[]>[
      { intent: "update", id: report.id, status: "resolved", adminNotes: "note" },
      { intent: "delete", id: report.id },
      { intent: "suspend", listingId: listing.id, rule: "spam", reason: "motivo" },
    ]) {
      await expectAdminOnly({ call: callAction, url: URL_REPORTS, body: () => new URLSearchParams(fields), headers: FORM_HEADERS, state: both }, owner);
    }
  });
});

describe("/admin/reports for an administrator", () => {
  itDb("updates with notes, suspends the listing from the modal, deletes and goes back to the list", async () => {
    const admin = await createAccount({ role: "admin" });
    const { report, listing } = await newReport();
    const post = (fields: Record<string, string>) =>
      outcomeOf(() => callAction(postForm(admin, URL_REPORTS, fields)));
    expect(await post({ intent: "update", id: report.id, status: "reviewed", adminNotes: "Controllo" })).toMatchObject({ status: 200, data: { ok: true, message: M.updated } });
    expect(await post({ intent: "update", id: report.id, status: "pending" })).toMatchObject({ status: 400, data: { error: M.statusInvalid } });
    expect(await post({ intent: "suspend", listingId: listing.id, rule: "fraud" })).toMatchObject({ status: 200, data: { ok: true } });
    const [suspended] = await db().select().from(petListings).where(eq(petListings.id, listing.id));
    expect(suspended!.status).toBe("suspended");
    expect(await post({ intent: "explode", id: report.id })).toMatchObject({ status: 400, data: { error: M.invalidAction } });
    expect(await post({ intent: "delete", id: report.id, back: "/admin/reports?status=reviewed&id=x" })).toMatchObject({
      status: 302,
      location: "/admin/reports?status=reviewed&deleted=1",
    });
    expect(await post({ intent: "delete", id: report.id })).toMatchObject({ status: 404, data: { error: M.notFound } });
    expect(await reportState(report.id)()).toEqual([]);
  });

  itDb("an unknown report answers 404 with the list; markup in reports renders as text", async () => {
    const admin = await createAccount({ role: "admin" });
    const { report } = await newReport({ reporterName: MARKUP, adminNotes: MARKUP });
    await db().update(petListings).set({ title: MARKUP });
    const missing = await outcomeOf(() => callLoader(requestAs(admin, `${URL_REPORTS}?id=00000000-0000-4000-8000-000000000000`)));
    expect(missing).toMatchObject({ status: 404, data: { selected: null, notFound: true } });

    const loaded = await outcomeOf(() => callLoader(requestAs(admin, `${URL_REPORTS}?id=${report.id}`)));
    expect(loaded).toMatchObject({ status: 200, data: { selected: { id: report.id, description: DESCRIPTION } } });
    const html = renderPage(AdminReports, loaded.data, `/admin/reports?id=${report.id}`);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('aria-current="page"');
    // The modal, with the description and the notes, is in the page as sent.
    expect(html).toContain("chiede un anticipo con bonifico");
    expect(html).toContain("Note precedenti");
  });
});

describe("/admin/reports for an automatic photo report", () => {
  itDb("shows both listings, their owners and the matching photos side by side; a person's report has no comparison", async () => {
    const admin = await createAccount({ role: "admin" });
    const owner = await createAccount();
    const copier = await createAccount();
    const photo = await generatedPhoto(31, 480, 360);
    const publish = async (account: typeof owner, title: string, data: Buffer) => {
      const user = { id: account.id, email: account.email, fullName: "Utente Prova", role: "user" as const };
      const result = await createListing(user, { ...VALID_LISTING_FIELDS, title, identificationCode: uniqueMicrochipCode() }, [{ name: "foto.jpg", data }]);
      if (!result.ok) throw new Error(result.error);
      return result.id;
    };
    const original = await publish(owner, "Cucciolo di labrador originale", photo);
    const copy = await publish(copier, "Cucciolo copiato da un truffatore", await sharp(photo).flop().jpeg({ quality: 60 }).toBuffer());
    const [report] = await db().select().from(listingReports).where(eq(listingReports.listingId, copy));
    expect(report).toMatchObject({ relatedListingId: original, reason: "fraud" });

    const loaded = await outcomeOf(() => callLoader(requestAs(admin, `${URL_REPORTS}?id=${report!.id}`)));
    expect(loaded).toMatchObject({
      status: 200,
      data: {
        comparison: {
          check: "duplicate_photo",
          listing: { id: copy, ownerEmail: copier.email },
          related: { id: original, ownerEmail: owner.email },
          photoPairs: [{ photoNumber: 1, otherPhotoNumber: 1, mirrored: true }],
        },
      },
    });
    const html = renderPage(AdminReports, loaded.data, `/admin/reports?id=${report!.id}`);
    expect(html).toContain("Annuncio segnalato");
    expect(html).toContain("Annuncio trovato");
    expect(html).toContain(`href="/pet-listing/${original}"`);
    expect(html).toContain(copier.email);
    expect(html).toContain("Foto 1 dell&#x27;annuncio «Cucciolo di labrador originale»");
    expect(html).toContain("Foto 1 dell&#x27;annuncio «Cucciolo copiato da un truffatore»");
    expect(html).toContain("immagine speculare");
    expect(html).toContain("Zampa (controllo automatico)");

    const { report: personal } = await newReport();
    const other = await outcomeOf(() => callLoader(requestAs(admin, `${URL_REPORTS}?id=${personal.id}`)));
    expect(other).toMatchObject({ status: 200, data: { comparison: null } });
    // Resolving an automatic report mails nobody (its reporter is the no-reply address).
    expect(await updateReport({ id: admin.id, email: admin.email, fullName: "Admin", role: "admin" }, report!.id, { status: "resolved" })).toMatchObject({ ok: true });
  });

  itDb("a code found on another account's active listing: both listings with their codes", async () => {
    const admin = await createAccount({ role: "admin" });
    const owner = await createAccount();
    const copier = await createAccount();
    const code = "380260000005151";
    const original = await createListingRow(owner.id, { petType: "dog", identificationCode: code, title: "Beagle con microchip" });
    const user = { id: copier.id, email: copier.email, fullName: "Utente Prova", role: "user" as const };
    const created = await createListing(user, { ...VALID_LISTING_FIELDS, title: "Beagle con codice copiato", petType: "dog", breed: "", identificationCode: code }, []);
    if (!created.ok) throw new Error(created.error);
    const [report] = await db().select().from(listingReports).where(eq(listingReports.listingId, created.id));
    expect(report).toMatchObject({ relatedListingId: original.id, reason: "fraud", automaticCheck: "duplicate_code" });
    const loaded = await outcomeOf(() => callLoader(requestAs(admin, `${URL_REPORTS}?id=${report!.id}`)));
    expect(loaded).toMatchObject({
      status: 200,
      data: { comparison: { check: "duplicate_code", listing: { id: created.id, identificationCode: code }, related: { id: original.id, identificationCode: code }, photoPairs: [] } },
    });
    const html = renderPage(AdminReports, loaded.data, `/admin/reports?id=${report!.id}`);
    expect(html.match(new RegExp(`Codice identificativo: (<!-- -->)?${code}`, "g"))).toHaveLength(2);
    expect(html).toContain(`href="/pet-listing/${original.id}"`);
  });

  itDb("the comparison is for administrators only", async () => {
    const { report, owner } = await newReport();
    expect(await getReportComparison(null, report.id)).toMatchObject({ ok: false, status: 401 });
    expect(await getReportComparison({ id: owner.id, email: owner.email, fullName: "", role: "user" }, report.id)).toMatchObject({ ok: false, status: 403 });
  });
});
