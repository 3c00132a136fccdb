// Listings' 60 days online (decision 0093), on the job clock (app/jobs/scheduler.server.ts): the
// owner is mailed 7 days before the end, once, and the listing closes when the day has come unless
// renewed. Both steps claim their rows like publishDueArticles (decision 0046): locked in batches
// with FOR UPDATE SKIP LOCKED and marked in the same transaction, so several processes ticking
// together never mail or close a listing twice.
import { sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { queryRows, transaction } from "~/db/client.server";
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { sendMail } from "~/mail/mailer.server";
import { EXPIRY_NOTICE_DAYS, EXPIRY_TEXTS } from "./expiry";

/** Rows claimed per transaction: a backlog is worked through in short transactions. */
export const EXPIRY_BATCH_SIZE = 100;

export interface ExpiryCounts {
  notified: number;
  closed: number;
}

interface DueNotice extends Record<string, unknown> {
  id: string;
  title: string;
  email: string;
  full_name: string;
  expires_at: Date | string;
}

function noticeText(row: DueNotice): string {
  const base = config().publicUrl;
  const name = row.full_name.trim().split(/\s+/)[0] ?? "";
  const date = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeZone: "Europe/Rome" }).format(new Date(row.expires_at));
  return (
    `${name ? `Ciao ${name},` : "Ciao,"}\n\n` +
    `il tuo annuncio «${row.title.replace(/\s+/g, " ").trim()}» resterà online fino al ${date}, poi sarà chiuso.\n\n` +
    `Se l'animale cerca ancora casa, rinnovalo con un clic dai tuoi annunci:\n${base}/dashboard/pet-listings\n\n` +
    "Se non serve più, non devi fare nulla.\n\nLa redazione di Zampa"
  );
}

/** One batch of listings due their notice, marked as mailed in the transaction that claims them. */
function claimNotices(): Promise<DueNotice[]> {
  return transaction(() =>
    queryRows<DueNotice>(sql`
      with due as (
        select id from pet_listings
        where status = 'active' and expiry_notified_at is null
          and expires_at <= now() + make_interval(days => ${EXPIRY_NOTICE_DAYS}) and expires_at > now()
        order by expires_at
        limit ${EXPIRY_BATCH_SIZE}
        for update skip locked
      )
      update pet_listings l set expiry_notified_at = now()
      from due, profiles p
      where l.id = due.id and p.id = l.user_id
      returning l.id, l.title, l.expires_at, p.email, p.full_name`),
  );
}

/**
 * Mails each owner whose active listing ends within 7 days, once. A mail that cannot be sent gives
 * its claim back, so the next tick tries again (a mail is never lost to a passing SMTP failure).
 */
export async function notifyExpiringListings(): Promise<number> {
  let notified = 0;
  const failed: string[] = [];
  for (;;) {
    const rows = await claimNotices();
    for (const row of rows) {
      try {
        await sendMail({ to: row.email, subject: EXPIRY_TEXTS.mailSubject, text: noticeText(row) });
        notified++;
      } catch (error) {
        logger.error({ err: error, id: row.id }, "annuncio: avviso di scadenza non inviato");
        failed.push(row.id);
      }
    }
    if (rows.length < EXPIRY_BATCH_SIZE) break;
  }
  // Given back only now: within this run they would be claimed again at once, and fail again.
  if (failed.length > 0) {
    const ids = sql.join(
      failed.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await queryRows(sql`update pet_listings set expiry_notified_at = null where id in (${ids})`).catch((error: unknown) =>
      logger.error({ err: error }, "annuncio: avvisi di scadenza non restituiti"),
    );
  }
  return notified;
}

/** Closes the active listings whose day has come ('closed', marked as closed by the clock). */
export async function closeExpiredListings(): Promise<number> {
  let closed = 0;
  for (;;) {
    const rows = await transaction(() =>
      queryRows<{ id: string }>(sql`
        with due as (
          select id from pet_listings
          where status = 'active' and expires_at <= now()
          order by expires_at
          limit ${EXPIRY_BATCH_SIZE}
          for update skip locked
        )
        update pet_listings l set status = 'closed', expired_at = now()
        from due where l.id = due.id
        returning l.id`),
    );
    closed += rows.length;
    if (rows.length < EXPIRY_BATCH_SIZE) break;
  }
  if (closed > 0) await invalidate(CACHE_TAGS.listings);
  return closed;
}

/** One run of the expiry job (hourly housekeeping): the notices due, then the listings past their day. */
export async function runListingExpiry(): Promise<ExpiryCounts> {
  const notified = await notifyExpiringListings();
  const closed = await closeExpiredListings();
  return { notified, closed };
}
