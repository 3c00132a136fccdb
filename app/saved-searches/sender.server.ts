// The alert mails of the saved searches (decisions 0097, 0098).
//
// "Subito": the matcher leaves one row of alert_mails per search and pass; every process's writer
// claims them in batches (FOR UPDATE SKIP LOCKED), leaves out the listings no longer public
// (suspended, closed or deleted before the alert went out), writes each mail under its row's name
// and deletes the rows in the same transaction: a writer that dies before its commit leaves the
// rows, and the next writer rewrites the same outbox files, so no mail is written twice.
//
// "Ogni giorno", once a day from 8:00 Italian time: a search with matches waiting carries
// pending_since; a run locks a batch of such searches, drops the waiting matches whose listing is
// no longer public and stamps the others as sent; the mails are written after the commit, and one
// that cannot be sent gives its matches back for the next run.
import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import { queryRows, transaction } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { romeInstant, romeWallClock } from "~/lib/rome-time";
import { sendMail } from "~/mail/mailer.server";
import { isPublicListingRow } from "~/listings/visibility.server";
import { alertMail, type AlertListing } from "./alert-mail";
import { searchPath } from "./criteria.server";
import { SAVED_SEARCH_LIMITS, type SearchAlert } from "./texts";

/** Searches claimed per transaction. */
export const SEND_BATCH_SIZE = 100;

type Mode = Exclude<SearchAlert, "none">;

/** A list of ids as one SQL array parameter list (`array[$1::uuid, …]`). */
function uuidArray(ids: readonly string[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;
}

/** Today's digest time in Italy, or null before it (the daily searches wait until then). */
export function digestInstant(now: Date): Date | null {
  const w = romeWallClock(now);
  const at = romeInstant({ y: w.y, mo: w.mo, d: w.d, h: SAVED_SEARCH_LIMITS.digestHour, mi: 0, s: 0 });
  return now >= at ? at : null;
}

interface ClaimedSearch extends Record<string, unknown> {
  id: string;
  name: string;
  query: string;
  token: string;
  email: string;
  full_name: string;
  listing_ids: string[];
}

/**
 * One batch of searches due, their waiting matches stamped as sent in the same transaction. Oldest
 * first in the order of saved_searches_pending_idx alone: a burst marks tens of thousands of
 * searches with the same pending_since, and a tie-break on the id made every claim sort them all
 * (decision 0098).
 */
interface Claim {
  locked: number;
  claimed: ClaimedSearch[];
}

function claimBatch(mode: Mode, now: Date, digest: Date | null): Promise<Claim> {
  const due =
    mode === "instant"
      ? sql`s.alert = 'instant'`
      : sql`s.alert = 'daily' and (s.last_sent_at is null or s.last_sent_at < ${digest!.toISOString()}::timestamptz)`;
  return transaction(async () => {
    const searches = await queryRows<{ id: string }>(sql`
      select s.id from saved_searches s
      where s.pending_since is not null and ${due}
      order by s.pending_since
      limit ${SEND_BATCH_SIZE}
      for update skip locked`);
    if (searches.length === 0) return { locked: 0, claimed: [] };
    const ids = uuidArray(searches.map((s) => s.id));
    // Suspended (or closed, or deleted) before its alert went out: not announced. One look-up of the
    // listing's key per match (a scalar subquery): as `not exists`, the planner read the whole
    // catalogue into a hash for every batch of a burst (decision 0098).
    await queryRows(sql`
      delete from search_alert_matches m
      where m.saved_search_id = any(${ids}) and m.sent_at is null
        and not coalesce((select ${isPublicListingRow()} from pet_listings where pet_listings.id = m.listing_id), false)`);
    const claimed = await queryRows<ClaimedSearch>(sql`
      with sent as (
        update search_alert_matches m set sent_at = ${now.toISOString()}::timestamptz
        where m.saved_search_id = any(${ids}) and m.sent_at is null
        returning m.saved_search_id, m.listing_id
      ),
      cleared as (
        update saved_searches s
        set pending_since = null,
            last_sent_at = case when exists (select 1 from sent where sent.saved_search_id = s.id) then ${now.toISOString()}::timestamptz else s.last_sent_at end
        where s.id = any(${ids})
        returning s.id, s.name, s.query, s.unsubscribe_token, s.user_id
      )
      select c.id, c.name, c.query, c.unsubscribe_token as token, p.email, p.full_name,
             array_agg(sent.listing_id) as listing_ids
      from cleared c
      join sent on sent.saved_search_id = c.id
      join profiles p on p.id = c.user_id
      group by c.id, c.name, c.query, c.unsubscribe_token, p.email, p.full_name`);
    return { locked: searches.length, claimed };
  });
}

interface ListingRow extends Record<string, unknown> {
  id: string;
  title: string;
  listing_type: AlertListing["listingType"];
  price: string | number;
  location_city: string;
  location_region: string;
}

/** The listings a batch of mails names, newest first, in one query. */
async function listingsOf(ids: string[], publicOnly = false): Promise<Map<string, AlertListing & { created: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<ListingRow & { created_at: Date | string }>(sql`
    select id, title, listing_type, price, location_city, location_region, created_at
    from pet_listings where id = any(${uuidArray(ids)}) ${publicOnly ? sql`and ${isPublicListingRow()}` : sql``}`);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        listingType: r.listing_type,
        price: Number(r.price),
        city: r.location_city,
        region: r.location_region,
        created: new Date(r.created_at).getTime(),
      },
    ]),
  );
}

/** Gives a failed mail's matches back to its search (they are sent at the next run). */
async function giveBack(searchId: string, listingIds: string[]): Promise<void> {
  const ids = uuidArray(listingIds);
  await transaction(async () => {
    await queryRows(sql`update search_alert_matches set sent_at = null where saved_search_id = ${searchId} and listing_id = any(${ids})`);
    await queryRows(sql`update saved_searches set pending_since = coalesce(pending_since, now()) where id = ${searchId}`);
  });
}

/** Mails written at once by one process: the files' writes overlap while the next mail is built. */
export const MAIL_CONCURRENCY = 8;

/** "Subito" mails claimed per transaction. */
export const MAIL_BATCH_SIZE = 200;

interface QueuedMail extends Record<string, unknown> {
  id: string;
  created_at: Date | string;
  listing_ids: string[];
  total: number;
  search_id: string;
  name: string;
  query: string;
  token: string;
  email: string;
  full_name: string;
}

/** The outbox name of a queued mail: the same for every attempt (decision 0098). */
function queuedMailName(mail: QueuedMail): string {
  return `${new Date(mail.created_at).toISOString().replace(/[:.]/g, "-")}-avviso-${mail.id}`;
}

/** Writes the "Subito" mails the matcher queued, every batch until none is left to this process. */
async function writeQueuedMails(counts: SendCounts): Promise<void> {
  const base = config().publicUrl;
  // A mail that cannot be sent (SMTP away) stays queued, and is not claimed again in this run.
  const failed: string[] = [];
  for (;;) {
    const claimed = await transaction(async () => {
      const mails = await queryRows<QueuedMail>(sql`
        select m.id, m.created_at, m.listing_ids, m.total, s.id as search_id, s.name, s.query, s.unsubscribe_token as token,
               p.email, p.full_name
        from alert_mails m
        join saved_searches s on s.id = m.saved_search_id
        join profiles p on p.id = s.user_id
        where ${failed.length ? sql`m.id <> all(${uuidArray(failed)})` : sql`true`}
        order by m.created_at
        limit ${MAIL_BATCH_SIZE}
        for update of m skip locked`);
      if (mails.length === 0) return 0;
      const listings = await listingsOf([...new Set(mails.flatMap((m) => m.listing_ids))], true);
      const done: string[] = [];
      const write = async (queued: QueuedMail) => {
        const found = queued.listing_ids.flatMap((id) => listings.get(id) ?? []);
        if (found.length > 0) {
          const mail = alertMail(base, {
            mode: "instant",
            email: queued.email,
            fullName: queued.full_name,
            searchName: queued.name,
            searchPath: searchPath(queued.query),
            token: queued.token,
            listings: found,
            total: queued.total - (queued.listing_ids.length - found.length),
          });
          try {
            await sendMail({ ...mail, name: queuedMailName(queued) });
            counts.mails++;
            counts.listings += found.length;
          } catch (error) {
            logger.error({ err: error, search: queued.search_id }, "ricerca salvata: avviso non inviato");
            failed.push(queued.id);
            return;
          }
        }
        done.push(queued.id);
      };
      for (let i = 0; i < mails.length; i += MAIL_CONCURRENCY) await Promise.all(mails.slice(i, i + MAIL_CONCURRENCY).map(write));
      if (done.length) {
        await queryRows(sql`delete from alert_mails where id = any(${uuidArray(done)})`);
        await queryRows(sql`update saved_searches set last_sent_at = now() where id = any(${uuidArray([...new Set(mails.filter((m) => done.includes(m.id)).map((m) => m.search_id))])})`);
      }
      return mails.length;
    });
    if (claimed < MAIL_BATCH_SIZE) break;
  }
  counts.failed += failed.length;
}

export interface SendCounts {
  mails: number;
  listings: number;
  failed: number;
}

/** Sends every alert due now of one kind ("Subito": the queued mails; "Ogni giorno" from 8:00). */
export async function sendDueAlerts(mode: Mode, now = new Date()): Promise<SendCounts> {
  const counts: SendCounts = { mails: 0, listings: 0, failed: 0 };
  if (mode === "instant") {
    await writeQueuedMails(counts);
    return counts;
  }
  const digest = mode === "daily" ? digestInstant(now) : null;
  if (mode === "daily" && !digest) return counts;
  const base = config().publicUrl;
  const failed: { id: string; listingIds: string[] }[] = [];

  const send = async (search: ClaimedSearch, listings: Map<string, AlertListing & { created: number }>) => {
    const found = search.listing_ids.flatMap((id) => listings.get(id) ?? []).sort((a, b) => b.created - a.created);
    if (found.length === 0) return;
    const mail = alertMail(base, {
      mode,
      email: search.email,
      fullName: search.full_name,
      searchName: search.name,
      searchPath: searchPath(search.query),
      token: search.token,
      listings: found,
    });
    try {
      await sendMail(mail);
      counts.mails++;
      counts.listings += found.length;
    } catch (error) {
      logger.error({ err: error, search: search.id }, "ricerca salvata: avviso non inviato");
      failed.push({ id: search.id, listingIds: search.listing_ids });
    }
  };

  // The next batch is claimed in the database while this one's mails are written (decision 0098):
  // the claim is the database's work, the mails this process's, and a burst needs both at once.
  const claim = (): Promise<Claim> => {
    const claiming = claimBatch(mode, now, digest);
    // Awaited below; a failure meanwhile is not an unhandled rejection.
    claiming.catch(() => {});
    return claiming;
  };
  let next: Promise<Claim> | undefined = claim();
  while (next) {
    const { locked, claimed }: Claim = await next;
    const listings = await listingsOf([...new Set(claimed.flatMap((c) => c.listing_ids))]);
    next = locked < SEND_BATCH_SIZE ? undefined : claim();
    for (let i = 0; i < claimed.length; i += MAIL_CONCURRENCY) {
      await Promise.all(claimed.slice(i, i + MAIL_CONCURRENCY).map((search) => send(search, listings)));
    }
  }
  // Given back only now: within this run they would be claimed again at once, and fail again.
  for (const f of failed) {
    counts.failed++;
    await giveBack(f.id, f.listingIds).catch((error: unknown) => logger.error({ err: error, search: f.id }, "ricerca salvata: avviso non restituito"));
  }
  return counts;
}
