// The removal of conversations nobody may read any more (issue 29, decision 0091): those of a
// listing deleted more than 30 days ago (the trigger of migration 0023 noted when), and those whose
// two participants have both erased their accounts. Run by the job clock (app/jobs) in short
// batches; each batch's rows are locked with SKIP LOCKED, so processes ticking together delete
// different rows and a crash leaves the rest for the next run. Messages go with their conversation
// (FK cascade); a report keeps its row, its conversation_id set null.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";

/** How long a deleted listing's conversations stay readable. */
export const DELETED_LISTING_DAYS = 30;
/** Conversations deleted per statement. */
export const PURGE_BATCH_SIZE = 500;

/** Deletes everything due, batch after batch; returns how many conversations went. */
export async function purgeConversations(options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? 100;
  const days = sql.raw(`interval '${DELETED_LISTING_DAYS} days'`);
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await queryRows<{ id: string }>(sql`
      delete from conversations where id in (
        select id from conversations
        where listing_deleted_at < now() - ${days} or (owner_id is null and asker_id is null)
        limit ${batchSize}
        for update skip locked
      )
      returning id
    `);
    total += deleted.length;
    if (deleted.length < batchSize) break;
  }
  return total;
}
