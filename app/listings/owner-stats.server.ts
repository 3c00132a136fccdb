// What the owner's dashboard shows of each listing beside the contact reveals (decision 0093): its
// page views (listing_view_counts, app/listings/views.server.ts) and the conversations people
// opened about it (app/messages). One statement for the page's listings.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";

export interface ListingOwnerStats {
  views: number;
  conversations: number;
}

export async function ownerStatsOf(ids: string[]): Promise<Map<string, ListingOwnerStats>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; views: string | number; conversations: string | number }>(sql`
    select l.id, coalesce(v.views, 0) as views,
      (select count(*) from conversations c where c.listing_id = l.id and c.asker_id is not null) as conversations
    from pet_listings l left join listing_view_counts v on v.listing_id = l.id
    where l.id in (${list})`);
  return new Map(rows.map((r) => [r.id, { views: Number(r.views), conversations: Number(r.conversations) }]));
}
