// A person in the back office (/admin/users/:id, decision 0110): what they have on the site, and
// the administrator's three decisions about them — suspend, reinstate, erase. Administrators only
// ("users.manage"): every function starts with refuseWithout. Each decision and its activity-log
// record are written in one transaction; the person is mailed after the commit.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit } from "~/audit/record.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, queryRows, transaction, type Db } from "~/db/client.server";
import { accounts, contestSubmissions, contests, petListings, profiles, sessions, twoFactorPhones, users } from "~/db/schema";
import { LISTING_STATUSES, REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS, ROLES, SUBMISSION_STATUSES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { sendMail } from "~/mail/mailer.server";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import type { ListingStatus } from "~/listings/visibility";
import { eraseAccount } from "./gdpr.server";
import { FULL_NAME_MAX_LENGTH } from "./messages";
import { erasureFormSchema, PERSON_PAGE_LATEST, suspensionFormSchema, USER_MODERATION_MESSAGES as M } from "./moderation-texts";
import type { Role } from "./permissions";
import type { CurrentUser } from "./session.server";
import { OIDC_PROVIDER_ID, PASSWORD_PROVIDER_ID } from "./sso-config";
import { ssoProviderName } from "./sso.server";
import { firstError } from "./validation";

/** The lock role changes and erasures take (admin.server.ts, gdpr.server.ts): one decision about roles at a time. */
const ADMINS_LOCK = sql`pg_advisory_xact_lock(hashtext('zampa:profiles:role'))`;

export interface PersonSuspension {
  at: Date;
  reason: string;
  byName: string | null;
}

export interface PersonOverview {
  account: {
    id: string;
    fullName: string;
    email: string;
    role: Role;
    roleLabel: string;
    createdAt: Date;
    emailVerified: boolean;
    /** "Email e password", the single sign-on provider's name… */
    signInMethods: string[];
    twoFactor: boolean;
    smsCodes: boolean;
    /** the latest page view of any open session (recorded every 15 minutes at most) */
    lastActivity: Date | null;
    /** when the newest open session began */
    lastSignIn: Date | null;
    openSessions: number;
  };
  suspension: PersonSuspension | null;
  listings: { total: number; byStatus: { status: ListingStatus; label: string; count: number }[]; latest: { id: string; title: string; status: ListingStatus; statusLabel: string; createdAt: Date }[] };
  entries: { total: number; latest: { id: string; title: string; contestId: string; contestTitle: string; statusLabel: string; createdAt: Date }[] };
  reportsMade: { total: number; latest: ReportLine[] };
  reportsReceived: { total: number; latest: ReportLine[] };
  conversationsReported: { total: number; latest: ReportLine[] };
}

export interface ReportLine {
  id: string;
  subjectLabel: string;
  reasonLabel: string;
  statusLabel: string;
  createdAt: Date;
  /** the listing's title, or the conversation's listing's */
  title: string | null;
  listingId: string | null;
  conversationId: string | null;
}

type ReportRow = {
  id: string;
  subject: keyof typeof REPORT_SUBJECTS.labels;
  reason: keyof typeof REPORT_REASONS.labels;
  status: keyof typeof REPORT_STATUSES.labels;
  created_at: Date | string;
  title: string | null;
  listing_id: string | null;
  conversation_id: string | null;
};

function reportLine(row: ReportRow): ReportLine {
  return {
    id: row.id,
    subjectLabel: REPORT_SUBJECTS.labels[row.subject],
    reasonLabel: REPORT_REASONS.labels[row.reason],
    statusLabel: REPORT_STATUSES.labels[row.status],
    createdAt: new Date(row.created_at),
    title: row.title,
    listingId: row.listing_id,
    conversationId: row.conversation_id,
  };
}

function methodLabel(providerId: string): string {
  if (providerId === PASSWORD_PROVIDER_ID) return "Email e password";
  if (providerId === OIDC_PROVIDER_ID) return `Accesso con ${ssoProviderName() ?? "provider esterno (OpenID Connect)"}`;
  return providerId;
}

// Every read below is an indexed lookup by the person (profiles' key, the owner index of the
// listings, the entries' user index, the reports' reporter and reported-person indexes, the
// conversations' two participant indexes), bounded to PERSON_PAGE_LATEST rows and a count: the page
// costs the same with 100,000 accounts as with ten.
const reportColumns = sql`r.id, r.subject, r.reason, r.status, r.created_at, r.listing_id, r.conversation_id`;

/** The person's page: the account, its sign-in methods and activity, and what it has on the site. */
export async function personOverview(actor: CurrentUser | null, id: string): Promise<Result<PersonOverview>> {
  const refused = refuseWithout(actor, "users.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [person] = await db()
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      email: users.email,
      role: profiles.role,
      createdAt: profiles.createdAt,
      emailVerified: users.emailVerified,
      twoFactor: users.twoFactorEnabled,
      suspendedAt: profiles.suspendedAt,
      suspendedReason: profiles.suspendedReason,
      suspendedBy: profiles.suspendedBy,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, id))
    .limit(1);
  if (!person) return fail(404, M.notFound);
  const latest = PERSON_PAGE_LATEST;

  const [methods, [phone], [activity], listingCounts, latestListings, [entryCount], latestEntries, [madeCount], made, [receivedCount], received, [conversationCount], conversationReports, [suspender]] =
    await Promise.all([
      db().select({ provider: accounts.providerId }).from(accounts).where(eq(accounts.userId, id)),
      db().select({ verifiedAt: twoFactorPhones.verifiedAt }).from(twoFactorPhones).where(eq(twoFactorPhones.userId, id)),
      db()
        .select({ lastActivity: sql<Date | null>`max(${sessions.updatedAt})`, lastSignIn: sql<Date | null>`max(${sessions.createdAt})`, open: count() })
        .from(sessions)
        .where(and(eq(sessions.userId, id), sql`${sessions.expiresAt} > now()`)),
      db().select({ status: petListings.status, n: count() }).from(petListings).where(eq(petListings.userId, id)).groupBy(petListings.status),
      db()
        .select({ id: petListings.id, title: petListings.title, status: petListings.status, createdAt: petListings.createdAt })
        .from(petListings)
        .where(eq(petListings.userId, id))
        .orderBy(desc(petListings.createdAt), desc(petListings.id))
        .limit(latest),
      db().select({ n: count() }).from(contestSubmissions).where(eq(contestSubmissions.userId, id)),
      db()
        .select({
          id: contestSubmissions.id,
          title: contestSubmissions.title,
          status: contestSubmissions.status,
          createdAt: contestSubmissions.createdAt,
          contestId: contests.id,
          contestTitle: contests.title,
        })
        .from(contestSubmissions)
        .innerJoin(contests, eq(contests.id, contestSubmissions.contestId))
        .where(eq(contestSubmissions.userId, id))
        .orderBy(desc(contestSubmissions.createdAt), desc(contestSubmissions.id))
        .limit(latest),
      queryRows<{ n: number }>(sql`select count(*)::int as n from listing_reports where reporter_user_id = ${id}`),
      queryRows<ReportRow>(sql`
        select ${reportColumns}, coalesce(l.title, c.listing_title) as title
        from listing_reports r
        left join pet_listings l on l.id = r.listing_id
        left join conversations c on c.id = r.conversation_id
        where r.reporter_user_id = ${id}
        order by r.created_at desc limit ${latest}`),
      // Received: reports about the person's listings, and conversation reports naming the person.
      queryRows<{ n: number }>(sql`
        select count(*)::int as n from (
          select r.id from pet_listings l join listing_reports r on r.listing_id = l.id where l.user_id = ${id}
          union
          select r.id from listing_reports r where r.reported_user_id = ${id}
        ) received`),
      queryRows<ReportRow>(sql`
        select * from (
          select ${reportColumns}, l.title as title
          from pet_listings l join listing_reports r on r.listing_id = l.id
          where l.user_id = ${id}
          union
          select ${reportColumns}, c.listing_title as title
          from listing_reports r left join conversations c on c.id = r.conversation_id
          where r.reported_user_id = ${id}
        ) received
        order by created_at desc limit ${latest}`),
      // The person's conversations (either side) that someone reported.
      queryRows<{ n: number }>(sql`
        select count(*)::int as n
        from conversations c join listing_reports r on r.conversation_id = c.id
        where c.owner_id = ${id} or c.asker_id = ${id}`),
      queryRows<ReportRow>(sql`
        select ${reportColumns}, c.listing_title as title
        from conversations c join listing_reports r on r.conversation_id = c.id
        where c.owner_id = ${id} or c.asker_id = ${id}
        order by r.created_at desc limit ${latest}`),
      person.suspendedBy
        ? db().select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, person.suspendedBy)).limit(1)
        : Promise.resolve([] as { fullName: string }[]),
    ]);

  const byStatus = LISTING_STATUSES.values
    .map((status) => ({ status, label: LISTING_STATUSES.labels[status], count: listingCounts.find((row) => row.status === status)?.n ?? 0 }))
    .filter((row) => row.count > 0);
  return {
    ok: true,
    account: {
      id: person.id,
      fullName: person.fullName,
      email: person.email,
      role: person.role,
      roleLabel: ROLES.labels[person.role],
      createdAt: person.createdAt,
      emailVerified: person.emailVerified,
      signInMethods: [...new Set(methods.map((row) => methodLabel(row.provider)))],
      twoFactor: person.twoFactor,
      smsCodes: Boolean(phone?.verifiedAt),
      lastActivity: activity?.lastActivity ? new Date(activity.lastActivity) : null,
      lastSignIn: activity?.lastSignIn ? new Date(activity.lastSignIn) : null,
      openSessions: activity?.open ?? 0,
    },
    suspension:
      person.suspendedAt && person.suspendedReason !== null ? { at: person.suspendedAt, reason: person.suspendedReason, byName: suspender?.fullName ?? null } : null,
    listings: {
      total: byStatus.reduce((sum, row) => sum + row.count, 0),
      byStatus,
      latest: latestListings.map((row) => ({ ...row, statusLabel: LISTING_STATUSES.labels[row.status] })),
    },
    entries: {
      total: entryCount?.n ?? 0,
      latest: latestEntries.map((row) => ({
        id: row.id,
        title: row.title,
        contestId: row.contestId,
        contestTitle: row.contestTitle,
        statusLabel: SUBMISSION_STATUSES.labels[row.status],
        createdAt: row.createdAt,
      })),
    },
    reportsMade: { total: madeCount?.n ?? 0, latest: made.map(reportLine) },
    reportsReceived: { total: receivedCount?.n ?? 0, latest: received.map(reportLine) },
    conversationsReported: { total: conversationCount?.n ?? 0, latest: conversationReports.map(reportLine) },
  };
}

export type ModerationDecision = Result<{ changed: boolean; message: string }>;

/** The checks both decisions share: the permission, the reason, the id, not oneself. */
function checkDecision(actor: CurrentUser | null, id: string, fields: Record<string, string>): Failure | { reason: string } {
  const refused = refuseWithout(actor, "users.manage");
  if (refused) return refused;
  const parsed = suspensionFormSchema.safeParse({ reason: fields.reason ?? "" });
  if (!parsed.success) return fail(400, firstError(parsed.error));
  if (!isUuid(id)) return fail(404, M.notFound);
  if (id === actor!.id) return fail(409, M.notYourself);
  return { reason: parsed.data.reason };
}

const label = (person: { fullName: string; email: string }) => `${person.fullName} <${person.email}>`;

/**
 * The person a suspension or reinstatement is about, their profile row locked for the decision,
 * under the lock role changes take too (nobody is made an administrator while being suspended).
 */
async function lockedPerson(tx: Db, id: string) {
  await tx.execute(sql`select ${ADMINS_LOCK}`);
  const [person] = await tx
    .select({ role: profiles.role, fullName: profiles.fullName, email: users.email, suspendedAt: profiles.suspendedAt, suspendedReason: profiles.suspendedReason })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, id))
    .for("update", { of: profiles });
  return person;
}

/**
 * Suspends an account: it cannot sign in any more (every session ends now; a new one is refused by
 * the sign-in, auth.server.ts), its active listings are withheld from the site (status "withheld",
 * and a trigger keeps any listing of a suspended owner from becoming active), its contest entries
 * are no longer shown (the entries' rule, contests/visibility.server.ts), and it cannot publish.
 * The reason is mailed to the person. An administrator is not suspended (demote first: a
 * suspension must never lock the site's administrators out by one click), nor oneself. Suspending
 * a suspended account changes nothing (a double submit: one record, one mail).
 */
export async function suspendUser(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<ModerationDecision> {
  const checked = checkDecision(actor, id, fields);
  if ("ok" in checked) return checked;
  const { reason } = checked;
  let outcome: ModerationDecision & { person?: { email: string; fullName: string } };
  try {
    outcome = await transaction(async (tx) => {
      const person = await lockedPerson(tx, id);
      if (!person) return fail(404, M.notFound);
      if (person.suspendedAt) return { ok: true, changed: false, message: M.alreadySuspended };
      if (person.role === "admin") return fail(409, M.notAnAdmin);
      await tx
        .update(profiles)
        .set({ suspendedAt: sql`now()`, suspendedReason: reason, suspendedBy: actor!.id, updatedAt: sql`now()` })
        .where(eq(profiles.id, id));
      const withheld = await tx
        .update(petListings)
        .set({ status: "withheld", updatedAt: sql`now()` })
        .where(and(eq(petListings.userId, id), eq(petListings.status, "active")))
        .returning({ id: petListings.id });
      const ended = await tx.delete(sessions).where(eq(sessions.userId, id)).returning({ id: sessions.id });
      await recordAudit({
        actor: actor!,
        area: "users",
        action: "suspend",
        item: { id, label: label(person) },
        before: { suspended: false },
        after: { suspended: true, reason, listingsWithheld: withheld.length, sessionsEnded: ended.length },
      });
      return { ok: true, changed: true, message: M.suspended, person };
    });
  } catch (error) {
    logger.error({ err: error, userId: id }, "utenti: sospensione non riuscita");
    return fail(500, M.suspendError);
  }
  if (!outcome.ok || !outcome.changed || !outcome.person) return outcome;
  await invalidate(CACHE_TAGS.accounts, CACHE_TAGS.listings, CACHE_TAGS.contests);
  logger.info({ actorId: actor!.id, userId: id }, "utenti: account sospeso");
  await mailPerson(outcome.person, suspensionMail(outcome.person, reason));
  return { ok: true, changed: true, message: outcome.message };
}

/**
 * Reinstates a suspended account: it may sign in again, its withheld listings are active again
 * (those that were active when it was suspended; a listing suspended or closed stays so), its
 * entries are shown again. Mailed with the administrator's note.
 */
export async function reinstateUser(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<ModerationDecision> {
  const checked = checkDecision(actor, id, fields);
  if ("ok" in checked) return checked;
  const { reason } = checked;
  let outcome: ModerationDecision & { person?: { email: string; fullName: string } };
  try {
    outcome = await transaction(async (tx) => {
      const person = await lockedPerson(tx, id);
      if (!person) return fail(404, M.notFound);
      if (!person.suspendedAt) return { ok: true, changed: false, message: M.notSuspended };
      // The profile first: the listings' trigger reads it and lets them become active.
      await tx.update(profiles).set({ suspendedAt: null, suspendedReason: null, suspendedBy: null, updatedAt: sql`now()` }).where(eq(profiles.id, id));
      const restored = await tx
        .update(petListings)
        .set({ status: "active", updatedAt: sql`now()` })
        .where(and(eq(petListings.userId, id), eq(petListings.status, "withheld")))
        .returning({ id: petListings.id });
      await recordAudit({
        actor: actor!,
        area: "users",
        action: "reinstate",
        item: { id, label: label(person) },
        before: { suspended: true, reason: person.suspendedReason },
        after: { suspended: false, reason, listingsRestored: restored.length },
      });
      return { ok: true, changed: true, message: M.reinstated, person };
    });
  } catch (error) {
    logger.error({ err: error, userId: id }, "utenti: riattivazione non riuscita");
    return fail(500, M.reinstateError);
  }
  if (!outcome.ok || !outcome.changed || !outcome.person) return outcome;
  await invalidate(CACHE_TAGS.accounts, CACHE_TAGS.listings, CACHE_TAGS.contests);
  logger.info({ actorId: actor!.id, userId: id }, "utenti: account riattivato");
  await mailPerson(outcome.person, reinstatementMail(outcome.person, reason));
  return { ok: true, changed: true, message: outcome.message };
}

/**
 * Erases an account (GDPR art. 17) at an administrator's decision, with the person's own erasure
 * (gdpr.server.ts eraseAccount): after the confirmation word, never oneself, never the last
 * administrator. The activity-log record (which keeps the name) is written in the erasure's
 * transaction, before the rows go.
 */
export async function eraseUser(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "users.manage");
  if (refused) return refused;
  const parsed = erasureFormSchema.safeParse({ confirmation: fields.confirmation ?? "" });
  if (!parsed.success) return fail(400, firstError(parsed.error));
  if (!isUuid(id)) return fail(404, M.notFound);
  if (id === actor!.id) return fail(409, M.notYourself);
  try {
    const erased = await eraseAccount(id, {
      lastAdmin: M.lastAdmin,
      before: async (person) => {
        await recordAudit({
          actor: actor!,
          area: "users",
          action: "erase",
          item: { id, label: label(person) },
          before: { fullName: person.fullName, email: person.email, role: person.role },
          after: null,
        });
        return null;
      },
    });
    if (!erased.ok) return erased.status === 404 ? fail(404, M.notFound) : erased;
    logger.info({ actorId: actor!.id, userId: id }, "utenti: account eliminato da un amministratore");
    return { ok: true, message: M.erased(erased.account.fullName || erased.account.email) };
  } catch (error) {
    logger.error({ err: error, userId: id }, "utenti: eliminazione non riuscita");
    return fail(500, M.eraseError);
  }
}

// --- Mails ---------------------------------------------------------------------------------------

interface PersonMail {
  subject: string;
  text: string;
}

function greeting(person: { fullName: string }): string {
  const name = oneLine(person.fullName, FULL_NAME_MAX_LENGTH);
  return name ? `Ciao ${name},` : "Ciao,";
}

/** The suspension's mail: what it means, the reason (the administrator's words, quoted), how to ask. */
export function suspensionMail(person: { fullName: string }, reason: string): PersonMail {
  const base = config().publicUrl;
  return {
    subject: "Il tuo account Zampa è stato sospeso",
    text:
      `${greeting(person)}\n\nla redazione di Zampa ha sospeso il tuo account. Finché resta sospeso non puoi accedere, ` +
      `i tuoi annunci non sono visibili sul sito e le tue partecipazioni ai concorsi non sono mostrate.\n\n` +
      `Motivo della sospensione:\n${quotedBlock(reason)}\n\n` +
      `Se pensi che sia un errore o vuoi chiarimenti, scrivici dalla pagina Contatti: ${base}/contact\n` +
      `Indica l'indirizzo email del tuo account: ti risponderemo il prima possibile.\n\nLa redazione di Zampa`,
  };
}

export function reinstatementMail(person: { fullName: string }, note: string): PersonMail {
  const base = config().publicUrl;
  return {
    subject: "Il tuo account Zampa è di nuovo attivo",
    text:
      `${greeting(person)}\n\nla redazione di Zampa ha riattivato il tuo account: puoi di nuovo accedere, ` +
      `e i tuoi annunci che erano pubblicati sono di nuovo visibili.\n\n` +
      `Nota della redazione:\n${quotedBlock(note)}\n\nAccedi: ${base}/login\n\nLa redazione di Zampa`,
  };
}

async function mailPerson(person: { email: string }, mail: PersonMail): Promise<void> {
  try {
    await sendMail({ to: person.email, ...mail });
  } catch (error) {
    // The decision is saved: a mail that fails is only logged.
    logger.error({ err: error }, "utenti: e-mail alla persona non inviata");
  }
}
