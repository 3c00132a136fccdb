// The saved searches' alert matcher (decision 0097). A listing that becomes public is queued by a
// trigger (drizzle/0031); each run claims a batch of the queue with FOR UPDATE SKIP LOCKED and, in
// the same transaction, deletes it and records every (person, listing) it matches, once: the
// primary key of search_alert_matches makes a second match of the same listing for the same person
// (another of their searches, another process, a listing queued again) a no-op. A process that dies
// mid-batch rolls back: the listings are queued again for the next run.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, transaction } from "~/db/client.server";
import { LISTING_AGE_BANDS } from "~/lib/enums";
import { ageBandDates } from "~/listings/browse-filters.server";
import { publicPositionInBox } from "~/listings/public-position.server";
import { isPublicListingRow } from "~/listings/visibility.server";

/** Listings matched per transaction: a burst is worked through in short transactions. */
export const MATCH_BATCH_SIZE = 200;

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
 * One batch: the queued listings claimed and removed from the queue, their matches recorded, and
 * the searches that gained one marked as waiting for a mail (locked in id order: two processes
 * marking overlapping searches wait for each other instead of deadlocking).
 *
 * The searches a listing can meet are found by the 8 combinations of its pet type, listing type and
 * region with '' (a criterion left open), each one equality probe of saved_searches_match_idx on
 * all three columns (decision 0098: a condition `in (x, '')` per column let the planner use the
 * first column only, and test a quarter of all searches for every listing). Every touched search
 * is written, even one already waiting: the update's own row lock, taken after waiting for a
 * sender that claimed the search meanwhile, reads the sender's committed pending_since = null and
 * marks it again (decision 0098: writing only the rows a locking subquery saw as not waiting left
 * the matches of a search the sender had just cleared unsent).
 */
async function matchBatch(now: Date, batchSize: number): Promise<MatchCounts> {
  return transaction(async () => {
    const [row] = await queryRows<{ listings: number; matches: number }>(sql`
      with batch as (
        delete from listing_alert_queue
        where listing_id in (
          select listing_id from listing_alert_queue order by queued_at, listing_id limit ${batchSize} for update skip locked
        )
        returning listing_id
      ),
      found as (
        select distinct on (s.user_id, pet_listings.id) s.user_id, pet_listings.id as listing_id, s.id as saved_search_id
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
      recorded as (
        insert into search_alert_matches (user_id, listing_id, saved_search_id)
        select user_id, listing_id, saved_search_id from found
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
      select (select count(*) from batch)::int as listings, (select count(*) from recorded)::int as matches,
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

/** Forgets the announcements older than ANNOUNCED_KEEP_DAYS (hourly housekeeping), in locked batches. */
export async function purgeAnnouncedMatches(now = new Date()): Promise<number> {
  let purged = 0;
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
