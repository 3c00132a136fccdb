// The saved searches' alerts run by two real processes at once on one PostgreSQL database
// (PGlite is one process's database): every (person, listing) a search matches is announced in
// exactly one mail of one process, however the batches fall between them.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { db } from "~/db/client.server";
import { alertMails, listingAlertQueue, petListings, users } from "~/db/schema";
import { ITALIAN_REGIONS } from "~/lib/regions";
import { readMail } from "~/mail/outbox.testing";
import { listingRowValues, createUserRow } from "../../tests/factories";
import { startWorker } from "../../tests/worker-process";
import { saveSearch } from "./saved-searches.server";

const databaseUrl = testDatabaseUrl();
/** Twenty passes of the workers' 25 listings, spread over 36 combinations. */
const LISTINGS = 500;
type Totals = { runs: number; listings: number; matches: number; mails: number; failed: number };

/** A worker process: `ready` once it has opened the database, `go()` starts its runs, `done` its totals. */
function worker(input: object) {
  const { child, ready, done } = startWorker<Totals>("tests/search-alerts-worker.ts", input, { stdin: true });
  return { ready, done, go: () => child.stdin!.end("go\n") };
}

/** The listings a mail names: those written out, and the count of the others. */
function announced(body: string): { ids: string[]; more: number } {
  const ids = [...body.matchAll(/\/pet-listing\/([0-9a-f-]{36})/g)].map((m) => m[1]!);
  const more = /e altri (\d+) annunci\./.exec(body)?.[1] ?? (body.includes("e un altro annuncio.") ? "1" : "0");
  return { ids, more: Number(more) };
}

describe.skipIf(!databaseUrl)("alerts across processes (PostgreSQL)", () => {
  const made: string[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    if (made.length) await db().delete(users).where(inArray(users.id, made));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("announces each (person, listing) once, whichever process claims it", async () => {
    const w = `gara${Date.now().toString(36)}`;
    let seed = 7;
    const pick = <T>(list: readonly T[]): T => list[(seed = (seed * 16807) % 2147483647) % list.length]!;
    const regions = ITALIAN_REGIONS.slice(0, 4);
    const pets = ["dog", "cat", "rabbit"] as const;
    const types = ["adoption", "sale", "free"] as const;

    const owners = [await createUserRow(), await createUserRow()];
    const people = await Promise.all(Array.from({ length: 10 }, () => createUserRow()));
    made.push(...owners.map((o) => o.id), ...people.map((p) => p.id));

    const listings = Array.from({ length: LISTINGS }, (_, i) => {
      const listingType = pick(types);
      return listingRowValues(owners[i % 2]!.id, {
        title: `Annuncio ${w} ${i}`,
        petType: pick(pets),
        listingType,
        price: listingType === "sale" ? 100 : 0,
        locationRegion: pick(regions),
      });
    });
    const searches: { userId: string; pet?: string; type?: string; region?: string }[] = [];
    const searchIds: string[] = [];
    for (const [i, p] of people.entries()) {
      const who = { id: p.id, email: p.email, fullName: p.name, role: "user" as const };
      // Overlapping searches of one person: a listing both match is announced once.
      const mine = [
        { pet: pick(pets), type: pick(types), region: pick(regions) },
        { pet: pick(pets), type: pick(types), region: pick(regions) },
        i % 3 === 0 ? { region: pick(regions), pet: "dog" } : { pet: pick(pets), type: pick(types), region: pick(regions) },
      ];
      for (const s of mine) {
        const query = new URLSearchParams({ q: w, ...(s.pet ? { petType: s.pet } : {}), ...(s.type ? { listingType: s.type } : {}), ...(s.region ? { region: s.region } : {}) });
        const saved = await saveSearch(who, { query: query.toString(), name: `Ricerca ${searches.length}`, alert: "instant" });
        if (saved.ok) {
          searches.push({ userId: p.id, ...s });
          searchIds.push(saved.id);
        }
      }
    }
    const inserted = await db().insert(petListings).values(listings).returning({ id: petListings.id, petType: petListings.petType, listingType: petListings.listingType, region: petListings.locationRegion });

    const expected = new Map<string, Set<string>>();
    for (const s of searches) {
      for (const l of inserted) {
        if ((s.pet && s.pet !== l.petType) || (s.type && s.type !== l.listingType) || (s.region && s.region !== l.region)) continue;
        if (!expected.has(s.userId)) expected.set(s.userId, new Set());
        expected.get(s.userId)!.add(l.id);
      }
    }

    const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "zampa-alerts-")));
    dirs.push(...dataDirs);
    // Passes of 25 listings: twenty turns, which the two processes share as they come.
    const workers = dataDirs.map((dataDir) => worker({ databaseUrl, dataDir, batchSize: 25, scope: { listingWord: w } }));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    const totals = await Promise.all(workers.map((w) => w.done));
    expect(totals.reduce((sum, t) => sum + t.failed, 0)).toBe(0);
    expect(totals.reduce((sum, t) => sum + t.listings, 0)).toBeGreaterThanOrEqual(listings.length);

    // Every mail of both outboxes, by recipient.
    const received = new Map<string, { ids: string[]; more: number }[]>();
    for (const dataDir of dataDirs) {
      const outbox = path.join(dataDir, "outbox");
      for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
        const mail = await readMail(file, outbox);
        const to = people.find((p) => mail.headers.includes(p.email));
        if (!to) continue;
        if (!received.has(to.id)) received.set(to.id, []);
        received.get(to.id)!.push(announced(mail.body));
      }
    }
    for (const p of people) {
      const want = expected.get(p.id) ?? new Set<string>();
      const mails = received.get(p.id) ?? [];
      const named = mails.flatMap((m) => m.ids);
      // No listing written out twice to one person, none they were not meant to get, and the
      // counts add up to exactly what their searches match.
      expect(new Set(named).size, p.email).toBe(named.length);
      for (const id of named) expect(want.has(id)).toBe(true);
      expect(mails.reduce((sum, m) => sum + m.ids.length + m.more, 0), p.email).toBe(want.size);
    }
    // Nothing left to write, and every listing of the burst matched once.
    expect(await db().select().from(alertMails).where(inArray(alertMails.savedSearchId, searchIds))).toHaveLength(0);
    const queue = await db().select().from(listingAlertQueue).where(inArray(listingAlertQueue.listingId, inserted.map((l) => l.id)));
    expect(queue.every((row) => row.matchedAt !== null)).toBe(true);
  }, 120_000);
});
