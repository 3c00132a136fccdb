// The saved searches' alerts (decision 0097): the matcher applies the list's own rules (checked
// against browseListings on the same rows), tells a person of a listing once whatever the number of
// their searches or of the listing's returns, leaves out one's own listings and a listing suspended
// before its alert went out; "Subito" goes at once, "Ogni giorno" once a day from 8:00 Italian time;
// every mail carries the one-click unsubscribe of RFC 8058.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { alertMails, listingAlertQueue, petListings, savedSearches, searchAlertMatches } from "~/db/schema";
import { mailsSince, outboxFiles, type OutboxMail } from "~/mail/outbox.testing";
import { browseListings, parseFilters } from "~/listings/browse.server";
import { romeInstant } from "~/lib/rome-time";
import { itDb } from "../../tests/db";
import { createListingRow, createUserRow } from "../../tests/factories";
import { startAlertClock } from "./alerts.server";
import { ANNOUNCED_KEEP_DAYS, matchQueuedListings, purgeAnnouncedMatches } from "./matcher.server";
import { saveSearch, setSearchAlert } from "./saved-searches.server";
import { digestInstant, sendDueAlerts } from "./sender.server";
import type { SearchAlert } from "./texts";

let n = 0;
/** A word no other test's listing carries, so that a test's searches see its own listings only. */
const word = () => `zampa${Date.now().toString(36)}x${++n}`;
const person = async () => {
  const row = await createUserRow({ name: "Chiara Bianchi" });
  return { id: row.id, email: row.email, fullName: row.name, role: "user" as const };
};
type Person = Awaited<ReturnType<typeof person>>;

async function save(who: Person, query: string, alert: SearchAlert = "instant", name = "Ricerca") {
  const saved = await saveSearch(who, { query, name, alert });
  if (!saved.ok) throw new Error(saved.error);
  return saved.id;
}

const matchesOf = async (searchId: string) =>
  (await db().select({ listingId: searchAlertMatches.listingId }).from(searchAlertMatches).where(eq(searchAlertMatches.savedSearchId, searchId))).map((r) => r.listingId).sort();
/** What a search will announce: its digest's pairs, or the listings of its queued "Subito" mails. */
const announced = async (searchId: string) => {
  const mails = await db().select({ listingIds: alertMails.listingIds }).from(alertMails).where(eq(alertMails.savedSearchId, searchId));
  return [...(await matchesOf(searchId)), ...mails.flatMap((m) => m.listingIds)].sort();
};

const mailsTo = (mails: OutboxMail[], who: Person) => mails.filter((m) => m.headers.includes(who.email));

describe("the matcher", () => {
  itDb("matches exactly what the list shows for the same criteria", async () => {
    const w = word();
    const owner = await person();
    const born = (monthsAgo: number) => {
      const d = new Date();
      d.setUTCMonth(d.getUTCMonth() - monthsAgo);
      return d.toISOString().slice(0, 10);
    };
    const listings = [
      { title: `Labrador ${w}`, petType: "dog" as const, listingType: "sale" as const, price: 600, locationRegion: "Lombardia", birthDate: born(2), images: ["/uploads/a.webp"] },
      { title: `Labrador ${w}`, petType: "dog" as const, listingType: "sale" as const, price: 1200, locationRegion: "Lombardia", birthDate: born(30) },
      { title: `Meticcio ${w}`, petType: "dog" as const, listingType: "adoption" as const, price: 0, locationRegion: "Lazio", birthDate: born(5) },
      { title: `Micia ${w}`, petType: "cat" as const, listingType: "free" as const, price: 0, locationRegion: "Lombardia", birthDate: born(100), images: ["/uploads/b.webp"] },
      { title: `Coniglio ${w}`, petType: "rabbit" as const, listingType: "adoption" as const, price: 0, locationRegion: "Toscana" },
      { title: `Milanese ${w}`, petType: "cat" as const, listingType: "adoption" as const, price: 0, locationRegion: "Lombardia", locationLat: 45.4642, locationLng: 9.19 },
      // Inside a box's edge, its rounded position outside it (41.9049 → 41.90 < 41.903).
      { title: `Bordo ${w}`, petType: "cat" as const, listingType: "adoption" as const, price: 0, locationRegion: "Lazio", locationLat: 41.9049, locationLng: 12.5 },
      { title: `Sospeso ${w}`, petType: "dog" as const, listingType: "sale" as const, price: 500, locationRegion: "Lombardia", status: "suspended" as const },
    ];
    for (const values of listings) await createListingRow(owner.id, values);
    const queries = [
      `q=${w}`,
      `q=${w}&petType=dog`,
      `q=${w}&petType=dog&listingType=sale&region=Lombardia`,
      `q=${w}&priceMin=500&priceMax=1000`,
      `q=${w}&priceMax=1000&sort=price-asc`,
      `q=${w}&age=0-3m`,
      `q=${w}&age=1-7y`,
      `q=${w}&age=7y%2B`,
      `q=${w}&photo=1`,
      `q=${w}&region=Lombardia&photo=1`,
      `q=labr+${w}`,
      `q=${w}+gatto`,
      `q=${w}&listingType=free`,
      `q=${w}&petType=rabbit&region=Toscana`,
      `q=!!!+${w}`,
      // The map's area, on the public (rounded) position: 41.9, 12.5 is the factories' Rome.
      `q=${w}&area=41.85,12.45,41.95,12.55`,
      `q=${w}&area=41.903,12.45,41.95,12.55`,
      `q=${w}&area=45.3,8.9,45.6,9.4`,
    ];
    const searches: { id: string; query: string }[] = [];
    // One person per search: each match is that search's own (a person is told once per listing).
    for (const query of queries) searches.push({ id: await save(await person(), query), query });
    await matchQueuedListings();
    for (const { id, query } of searches) {
      const shown = (await browseListings(parseFilters(new URLSearchParams(query)))).items.map((i) => i.id).sort();
      expect(await announced(id), query).toEqual(shown);
    }
    // The list's rules held something back each time: not every search matched every listing.
    const counts = await Promise.all(searches.map(async (s) => (await announced(s.id)).length));
    expect(new Set(counts).size).toBeGreaterThan(3);
  });

  itDb("tells a person once of a listing, whatever the number of their searches or of its returns; not of their own", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const a = await save(seeker, `q=${w}`, "daily", "Tutto");
    const b = await save(seeker, `q=${w}&petType=cat`, "instant", "Gatti");
    const own = await save(owner, `q=${w}`, "instant", "Le mie");
    const listing = await createListingRow(owner.id, { title: `Gattina ${w}` });
    expect((await db().select().from(listingAlertQueue).where(eq(listingAlertQueue.listingId, listing.id))).length).toBe(1);
    await matchQueuedListings();
    // Matched once: its queue row stays, marked, so that it is never matched again.
    const [queued] = await db().select().from(listingAlertQueue).where(eq(listingAlertQueue.listingId, listing.id));
    expect(queued!.matchedAt).not.toBeNull();
    // The "Subito" search is the one that tells.
    expect(await announced(b)).toEqual([listing.id]);
    expect(await announced(a)).toEqual([]);
    expect(await announced(own)).toEqual([]);

    const before = await outboxFiles();
    await sendDueAlerts("instant");
    expect(mailsTo(await mailsSince(before), seeker)).toHaveLength(1);
    expect(mailsTo(await mailsSince(before), owner)).toHaveLength(0);

    // Suspended and reinstated (queued again), closed and renewed: no second alert.
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, listing.id));
    await db().update(petListings).set({ status: "active" }).where(eq(petListings.id, listing.id));
    await matchQueuedListings();
    const again = await outboxFiles();
    await sendDueAlerts("instant");
    await sendDueAlerts("daily", romeInstant({ y: 2099, mo: 1, d: 1, h: 9, mi: 0, s: 0 }));
    expect(mailsTo(await mailsSince(again), seeker)).toHaveLength(0);
  });

  itDb("a search with no alert matches nothing; turned off, its waiting matches are dropped", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const quiet = await save(seeker, `q=${w}`, "none");
    const later = await save(await person(), `q=${w}`, "daily");
    await createListingRow(owner.id, { title: `Pappagallo ${w}` });
    await matchQueuedListings();
    expect(await matchesOf(quiet)).toEqual([]);
    expect(await matchesOf(later)).toHaveLength(1);
    const [other] = await db().select({ userId: savedSearches.userId }).from(savedSearches).where(eq(savedSearches.id, later));
    expect((await setSearchAlert({ id: other!.userId, email: "", fullName: "", role: "user" }, later, "none")).ok).toBe(true);
    expect(await matchesOf(later)).toEqual([]);
  });
});

describe("the alert mails", () => {
  itDb("Subito: one mail per search with its new listings, links to them, the search and a one-click unsubscribe", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const id = await save(seeker, `q=${w}&petType=dog`, "instant", "Cani da tenere d'occhio");
    const titles = Array.from({ length: 12 }, (_, i) => `Cucciolo ${i + 1} ${w}`);
    const made = [];
    for (const title of titles) made.push(await createListingRow(owner.id, { title, petType: "dog", createdAt: new Date(Date.now() - (12 - made.length) * 60_000) }));
    await matchQueuedListings();
    const before = await outboxFiles();
    const counts = await sendDueAlerts("instant");
    expect(counts.failed).toBe(0);
    const mails = mailsTo(await mailsSince(before), seeker);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const [row] = await db().select().from(savedSearches).where(eq(savedSearches.id, id));
    const base = config().publicUrl;
    // Headers unfolded (a long one is folded over lines, RFC 5322).
    const headers = mail.headers.replace(/\n[ \t]+/g, " ");
    expect(headers).toContain(`List-Unsubscribe: <${base}/avvisi/disattiva?token=${row!.unsubscribeToken}>`);
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.body).toContain("Ciao Chiara,");
    expect(mail.body).toContain("«Cani da tenere d'occhio»");
    // The ten newest written out, the rest counted; the search and the unsubscribe linked.
    expect(mail.body).toContain(`Cucciolo 12 ${w}`);
    expect(mail.body).toContain(`${base}/pet-listing/${made[11]!.id}`);
    expect(mail.body).not.toContain(`Cucciolo 1 ${w}`);
    expect(mail.body).toContain("e altri 2 annunci.");
    expect(mail.body).toContain(`${base}/pet-listings?q=${w}&petType=dog`);
    expect(mail.body).toContain(`${base}/avvisi/disattiva?token=${row!.unsubscribeToken}`);
    expect(row!.lastSentAt).not.toBeNull();
    expect(await db().select().from(alertMails).where(eq(alertMails.savedSearchId, id))).toHaveLength(0);
    // Nothing more to send.
    const after = await outboxFiles();
    await sendDueAlerts("instant");
    expect(mailsTo(await mailsSince(after), seeker)).toHaveLength(0);
  });

  itDb("a listing suspended before its alert went out is not announced", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const id = await save(seeker, `q=${w}`, "instant");
    const kept = await createListingRow(owner.id, { title: `Tartaruga ${w}` });
    const suspended = await createListingRow(owner.id, { title: `Iguana ${w}` });
    await matchQueuedListings();
    expect(await announced(id)).toEqual([kept.id, suspended.id].sort());
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, suspended.id));
    const before = await outboxFiles();
    await sendDueAlerts("instant");
    const [mail] = mailsTo(await mailsSince(before), seeker);
    expect(mail!.body).toContain(`Tartaruga ${w}`);
    expect(mail!.body).not.toContain(`Iguana ${w}`);
    expect(mail!.body).not.toContain("e un altro annuncio");
    expect(await announced(id)).toEqual([]);

    // Only suspended listings waiting: no mail at all.
    const lone = await createListingRow(owner.id, { title: `Geco ${w}` });
    await matchQueuedListings();
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, lone.id));
    const after = await outboxFiles();
    await sendDueAlerts("instant");
    expect(mailsTo(await mailsSince(after), seeker)).toHaveLength(0);
  });

  itDb("Ogni giorno: nothing before 8:00 Italian time, one digest after it, the next matches the day after", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    await save(seeker, `q=${w}`, "daily", "Ogni mattina");
    await createListingRow(owner.id, { title: `Criceto ${w}` });
    await matchQueuedListings();
    const day = { y: 2099, mo: 3, d: 28 };
    // 7:59 in Rome on the day summer time starts, 8:00 exactly, and the next morning.
    expect(digestInstant(romeInstant({ ...day, h: 7, mi: 59, s: 59 }))).toBeNull();
    expect(digestInstant(romeInstant({ ...day, h: 8, mi: 0, s: 0 }))?.toISOString()).toBe("2099-03-28T07:00:00.000Z");
    expect(digestInstant(romeInstant({ ...day, d: 29, h: 8, mi: 1, s: 0 }))?.toISOString()).toBe("2099-03-29T06:00:00.000Z");

    const before = await outboxFiles();
    await sendDueAlerts("instant");
    await sendDueAlerts("daily", romeInstant({ ...day, h: 7, mi: 30, s: 0 }));
    expect(mailsTo(await mailsSince(before), seeker)).toHaveLength(0);
    await sendDueAlerts("daily", romeInstant({ ...day, h: 8, mi: 5, s: 0 }));
    const digest = mailsTo(await mailsSince(before), seeker);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.body).toContain(`Criceto ${w}`);

    // A listing matched later the same day waits for tomorrow's digest.
    await createListingRow(owner.id, { title: `Cavia ${w}` });
    await matchQueuedListings();
    const noon = await outboxFiles();
    await sendDueAlerts("daily", romeInstant({ ...day, h: 12, mi: 0, s: 0 }));
    expect(mailsTo(await mailsSince(noon), seeker)).toHaveLength(0);
    await sendDueAlerts("daily", romeInstant({ ...day, d: 29, h: 8, mi: 0, s: 30 }));
    const next = mailsTo(await mailsSince(noon), seeker);
    expect(next).toHaveLength(1);
    expect(next[0]!.body).toContain(`Cavia ${w}`);
    expect(next[0]!.body).not.toContain(`Criceto ${w}`);
  });

  itDb("a mail that cannot be sent gives its matches back, and the next run sends it", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const id = await save(seeker, `q=${w}`, "instant");
    await createListingRow(owner.id, { title: `Canarino ${w}` });
    await matchQueuedListings();
    const saved = config();
    setConfig({ ...saved, smtpUrl: "smtp://127.0.0.1:1" }); // nothing listens there
    try {
      expect((await sendDueAlerts("instant")).failed).toBe(1);
    } finally {
      setConfig(saved);
    }
    // Still queued, and written by the next run, once.
    expect(await db().select().from(alertMails).where(eq(alertMails.savedSearchId, id))).toHaveLength(1);
    const before = await outboxFiles();
    await sendDueAlerts("instant");
    await sendDueAlerts("instant");
    expect(mailsTo(await mailsSince(before), seeker)).toHaveLength(1);
    expect(await db().select().from(alertMails).where(eq(alertMails.savedSearchId, id))).toHaveLength(0);
  });
});

describe("the alert clock", () => {
  itDb("announces a listing published by any path within a few ticks, without being asked", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    await save(seeker, `q=${w}`, "instant", "Subito");
    const before = await outboxFiles();
    const clock = startAlertClock(100);
    try {
      // Written straight into the table, as no form of this process would: the trigger queues it.
      await createListingRow(owner.id, { title: `Furetto ${w}` });
      let mails: OutboxMail[] = [];
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        mails = mailsTo(await mailsSince(before), seeker);
      }
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body).toContain(`Furetto ${w}`);
    } finally {
      await clock.stop();
    }
  });
});

describe("the announcements kept", () => {
  itDb("are forgotten after 180 days, not before, and never while waiting", async () => {
    const w = word();
    const owner = await person();
    const seeker = await person();
    const id = await save(seeker, `q=${w}`, "daily");
    const old = await createListingRow(owner.id, { title: `Vecchio ${w}` });
    const recent = await createListingRow(owner.id, { title: `Recente ${w}` });
    const waiting = await createListingRow(owner.id, { title: `In attesa ${w}` });
    await matchQueuedListings();
    const DAY = 86_400_000;
    await db().update(searchAlertMatches).set({ sentAt: new Date(Date.now() - (ANNOUNCED_KEEP_DAYS + 1) * DAY) }).where(eq(searchAlertMatches.listingId, old.id));
    await db().update(searchAlertMatches).set({ sentAt: new Date(Date.now() - (ANNOUNCED_KEEP_DAYS - 1) * DAY) }).where(eq(searchAlertMatches.listingId, recent.id));
    expect(await purgeAnnouncedMatches()).toBeGreaterThanOrEqual(1);
    expect(await matchesOf(id)).toEqual([recent.id, waiting.id].sort());
  });
});
