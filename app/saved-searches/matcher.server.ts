// The saved searches' alert matcher (decisions 0097, 0098). A listing that becomes public is queued
// by a trigger (drizzle/0031); a pass claims the queued listings with FOR UPDATE SKIP LOCKED and, in
// the same transaction and statement, marks them matched (the queue row is kept: a listing is
// matched once, so a person is told of it once) and finds every (person, listing) pair, one search
// a pair (a "Subito" one first). The "Subito" pairs become one row of alert_mails per search (its
// newest listings and the count), written out by any process's mail writer (sender.server.ts);
// the "Ogni giorno" pairs wait in search_alert_matches for the 8:00 digest. A process that dies
// mid-pass rolls back: the listings wait for the next pass.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, transaction } from "~/db/client.server";
import { LISTING_AGE_BANDS } from "~/lib/enums";
import { ageBandDates } from "~/listings/browse-filters.server";
import { publicPositionInBox } from "~/listings/public-position.server";
import { isPublicListingRow } from "~/listings/visibility.server";
import { SAVED_SEARCH_LIMITS } from "./texts";

const ALERT_MAIL_LISTINGS = sql.raw(String(SAVED_SEARCH_LIMITS.listingsPerMail));

/**
 * Listings matched per pass. A "Subito" search gets one mail per pass that matches it, so a pass
 * takes whatever is queued (a burst of a thousand is one pass, one mail per search); the bound
 * keeps a pass's transaction finite if far more arrive at once.
 */
export const MATCH_BATCH_SIZE = 2_000;

/**
 * A listing's birth date within the search's age band, the list's bands (ageBandDates) computed for
 * `now`; no band matches a listing without a birth date, as on the list.
 */
function ageBandTest(now: Date): SQL {
  const cases = LISTING_AGE_BANDS.values.map((band) => {
    const { after, until } = ageBandDates(band, now);
    const parts = [after ? sql`pet_listings.birth_date > ${after}::date` : sql`true`, until ? sql`pet_listings.birth_date <= ${until}::date` : sql`true`];
    return sql`when ${band} then ${sql.join(parts, sql` and `)}`;
  });
  return sql`(s.age_band is null or case s.age_band ${sql.join(cases, sql` `)} else false end)`;
}

export interface MatchCounts {
  listings: number;
  matches: number;
}

/**
 * One pass over the queued listings claimed.
 *
 * The searches a listing can meet are found by the 8 combinations of its pet type, listing type and
 * region with '' (a criterion left open), each one equality probe of saved_searches_match_idx on
 * all three columns (decision 0098). The daily searches that gained a match are marked waiting on
 * every touched row, locked in id order (two passes wait for each other instead of deadlocking; the
 * update's own lock reads a sender's committed pending_since = null and marks it again).
 */
async function matchBatch(now: Date, batchSize: number): Promise<MatchCounts> {
  return transaction(async () => {
    const [row] = await queryRows<{ listings: number; matches: number }>(sql`
      with batch as (
        update listing_alert_queue set matched_at = now()
        where listing_id in (
          select listing_id from listing_alert_queue where matched_at is null
          order by queued_at limit ${batchSize} for update skip locked
        )
        returning listing_id
      ),
      found as (
        select distinct on (s.user_id, pet_listings.id) s.user_id, pet_listings.id as listing_id, s.id as saved_search_id,
               s.alert, pet_listings.created_at
        from batch
        join pet_listings on pet_listings.id = batch.listing_id
        cross join lateral (
          values (pet_listings.pet_type, pet_listings.listing_type, pet_listings.location_region),
                 (pet_listings.pet_type, pet_listings.listing_type, ''),
                 (pet_listings.pet_type, '', pet_listings.location_region),
                 (pet_listings.pet_type, '', ''),
                 ('', pet_listings.listing_type, pet_listings.location_region),
                 ('', pet_listings.listing_type, ''),
                 ('', '', pet_listings.location_region),
                 ('', '', '')
        ) as probe(pet_type, listing_type, region)
        join saved_searches s
          on s.alert <> 'none'
          and coalesce(s.pet_type, '') = probe.pet_type
          and coalesce(s.listing_type, '') = probe.listing_type
          and coalesce(s.region, '') = probe.region
        where ${isPublicListingRow()}
          and s.user_id <> pet_listings.user_id
          and (s.price_min is null or pet_listings.price >= s.price_min)
          and (s.price_max is null or pet_listings.price <= s.price_max)
          and (not s.with_photos or cardinality(pet_listings.images) > 0)
          and (s.words_text is null or pet_listings.search_vector @@ s.words)
          and ${ageBandTest(now)}
          and (s.area_south is null or ${publicPositionInBox(sql`pet_listings.location_lat`, sql`pet_listings.location_lng`, {
            south: sql`s.area_south`,
            west: sql`s.area_west`,
            north: sql`s.area_north`,
            east: sql`s.area_east`,
          })})
          and not exists (select 1 from user_blocks b where b.blocker_id = s.user_id and b.blocked_id = pet_listings.user_id)
        order by s.user_id, pet_listings.id, (s.alert = 'instant') desc, s.created_at, s.id
      ),
      mails as (
        insert into alert_mails (saved_search_id, listing_ids, total)
        select saved_search_id, (array_agg(listing_id order by created_at desc, listing_id desc))[1:${ALERT_MAIL_LISTINGS}], count(*)
        from found where alert = 'instant'
        group by saved_search_id
        returning total
      ),
      recorded as (
        insert into search_alert_matches (user_id, listing_id, saved_search_id)
        select user_id, listing_id, saved_search_id from found where alert = 'daily'
        on conflict do nothing
        returning saved_search_id
      ),
      waiting as (
        update saved_searches s set pending_since = coalesce(s.pending_since, now())
        from (
          select id from saved_searches where id in (select saved_search_id from recorded) order by id for update
        ) touched
        where s.id = touched.id
        returning s.id
      )
      select (select count(*) from batch)::int as listings,
             ((select coalesce(sum(total), 0) from mails) + (select count(*) from recorded))::int as matches,
             (select count(*) from waiting)::int as searches`);
    return { listings: row?.listings ?? 0, matches: row?.matches ?? 0 };
  });
}

/** Works through the queue (every batch, until it is empty or another process holds the rest). */
export async function matchQueuedListings({ now = new Date(), batchSize = MATCH_BATCH_SIZE }: { now?: Date; batchSize?: number } = {}): Promise<MatchCounts> {
  const total: MatchCounts = { listings: 0, matches: 0 };
  for (;;) {
    const counts = await matchBatch(now, batchSize);
    total.listings += counts.listings;
    total.matches += counts.matches;
    if (counts.listings < batchSize) return total;
  }
}

/**
 * How long an announcement is remembered: past it, a listing that comes back (renewed, reinstated)
 * may be announced again to the same person. Longer than a listing's 60 days online and a renewal.
 */
export const ANNOUNCED_KEEP_DAYS = 180;
const PURGE_BATCH_SIZE = 1_000;

/**
 * Forgets the announcements older than ANNOUNCED_KEEP_DAYS (hourly housekeeping), in locked
 * batches: the listings matched (their queue rows) and the digests' pairs sent.
 */
export async function purgeAnnouncedMatches(now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const rows = await queryRows<{ listing_id: string }>(sql`
      delete from listing_alert_queue
      where listing_id in (
        select listing_id from listing_alert_queue
        where matched_at < ${now.toISOString()}::timestamptz - make_interval(days => ${ANNOUNCED_KEEP_DAYS})
        limit ${PURGE_BATCH_SIZE}
        for update skip locked
      )
      returning listing_id`);
    purged += rows.length;
    if (rows.length < PURGE_BATCH_SIZE) break;
  }
  for (;;) {
    const rows = await queryRows<{ user_id: string }>(sql`
      delete from search_alert_matches
      where (user_id, listing_id) in (
        select user_id, listing_id from search_alert_matches
        where sent_at < ${now.toISOString()}::timestamptz - make_interval(days => ${ANNOUNCED_KEEP_DAYS})
        limit ${PURGE_BATCH_SIZE}
        for update skip locked
      )
      returning user_id`);
    purged += rows.length;
    if (rows.length < PURGE_BATCH_SIZE) return purged;
  }
}
