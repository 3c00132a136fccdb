// What the GDPR gives a signed-in person over their own account (decision 0061): a copy of
// everything Zampa holds about them (art. 15 and 20), and erasure (art. 17) at once instead of the
// 30 days the terms allow. Only the session's own user is ever read or erased: no id comes from a
// form.
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { db, queryRows, transaction } from "~/db/client.server";
import {
  accounts,
  apiUsageLog,
  articles,
  contactMessages,
  contestSubmissions,
  contests,
  contestVotes,
  emailChanges,
  listingAppeals,
  listingFavourites,
  savedSearches,
  listingReports,
  petListings,
  profiles,
  sessions,
  twoFactorPhones,
  users,
} from "~/db/schema";
import { deleteStoredImages } from "~/images/store-images.server";
import { logger } from "~/lib/logger.server";
import { conversationChanged } from "~/messages/events.server";
import { exportConversations } from "~/messages/export.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { auth, authErrorMessage } from "./auth.server";
import { ACCOUNT_DELETION_MESSAGES as M, DELETION_CONFIRMATION } from "./gdpr-validation";
import { requireRecentAuth } from "./reauth.server";
import type { CurrentUser } from "./session.server";

/** The lock role changes take (admin.server.ts): "the last administrator" is counted by one at a time. */
const ADMINS_LOCK = sql`pg_advisory_xact_lock(hashtext('zampa:profiles:role'))`;

/** The export's file name: the site and the day. */
export function exportFileName(now = new Date()): string {
  return `zampa-i-miei-dati-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Everything about the user, as one JSON-ready object: account and profile, sign-in methods,
 * sessions, listings (with their image URLs and statement of reasons) and appeals, reports they sent, contest entries and votes, contact
 * messages sent from their address, private conversations with their messages, favourite listings, AI requests and articles authored (administrators). Never a
 * password hash, a session token or an OAuth token.
 */
export async function exportAccountData(user: CurrentUser) {
  const email = user.email.toLowerCase();
  const [account] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, user.id));
  const [profile] = await db()
    .select({
      fullName: profiles.fullName,
      role: profiles.role,
      avatarUrl: profiles.avatarUrl,
      messageMail: profiles.messageMail,
      // A suspension by the administrators (decision 0110): when and why, as the person was told.
      suspendedAt: profiles.suspendedAt,
      suspendedReason: profiles.suspendedReason,
      createdAt: profiles.createdAt,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  const [phone] = await db()
    .select({ phone: twoFactorPhones.phone, verifiedAt: twoFactorPhones.verifiedAt })
    .from(twoFactorPhones)
    .where(eq(twoFactorPhones.userId, user.id));
  const [signInMethods, activeSessions, addressChanges, listings, reports, entries, votes, messages, aiRequests, authored, appeals, conversations, favourites, searches] = await Promise.all([
    db()
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
      .from(accounts)
      .where(eq(accounts.userId, user.id)),
    db()
      .select({ createdAt: sessions.createdAt, lastActivity: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    // The e-mail changes asked for (decision 0077), without their links' hashes.
    db()
      .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail, state: emailChanges.state, createdAt: emailChanges.createdAt, expiresAt: emailChanges.expiresAt, endedAt: emailChanges.endedAt })
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id))
      .orderBy(emailChanges.createdAt),
    db()
      .select({
        id: petListings.id,
        title: petListings.title,
        description: petListings.description,
        petType: petListings.petType,
        breed: petListings.breed,
        age: petListings.age,
        gender: petListings.gender,
        listingType: petListings.listingType,
        price: petListings.price,
        locationAddress: petListings.locationAddress,
        locationCity: petListings.locationCity,
        locationRegion: petListings.locationRegion,
        locationLat: petListings.locationLat,
        locationLng: petListings.locationLng,
        contactName: petListings.contactName,
        contactPhone: petListings.contactPhone,
        contactEmail: petListings.contactEmail,
        images: petListings.images,
        status: petListings.status,
        availability: petListings.availability,
        suspensionRule: petListings.suspensionRule,
        suspensionReason: petListings.suspensionReason,
        suspendedAt: petListings.suspendedAt,
        // What the law asks of the ad (decision 0085): the seller's own data among it.
        identificationCode: petListings.identificationCode,
        identificationIsMother: petListings.identificationIsMother,
        codeOnRequest: petListings.codeOnRequest,
        birthDate: petListings.birthDate,
        birthMonthOnly: petListings.birthMonthOnly,
        healthCertificate: petListings.healthCertificate,
        sellerType: petListings.sellerType,
        sellerName: petListings.sellerName,
        vatNumber: petListings.vatNumber,
        breederCode: petListings.breederCode,
        fiscalCode: petListings.fiscalCode,
        pedigree: petListings.pedigree,
        citesNumber: petListings.citesNumber,
        legalCompletedAt: petListings.legalCompletedAt,
        createdAt: petListings.createdAt,
        updatedAt: petListings.updatedAt,
      })
      .from(petListings)
      .where(eq(petListings.userId, user.id)),
    db()
      .select({
        listingId: listingReports.listingId,
        reporterName: listingReports.reporterName,
        reporterEmail: listingReports.reporterEmail,
        reason: listingReports.reason,
        description: listingReports.description,
        status: listingReports.status,
        createdAt: listingReports.createdAt,
      })
      .from(listingReports)
      .where(or(eq(listingReports.reporterUserId, user.id), sql`lower(${listingReports.reporterEmail}) = ${email}`)),
    db()
      .select({
        id: contestSubmissions.id,
        contest: contests.title,
        title: contestSubmissions.title,
        description: contestSubmissions.description,
        petName: contestSubmissions.petName,
        petType: contestSubmissions.petType,
        imageUrl: contestSubmissions.imageUrl,
        status: contestSubmissions.status,
        votes: contestSubmissions.votesCount,
        createdAt: contestSubmissions.createdAt,
      })
      .from(contestSubmissions)
      .innerJoin(contests, eq(contests.id, contestSubmissions.contestId))
      .where(eq(contestSubmissions.userId, user.id)),
    db()
      .select({ entryId: contestVotes.submissionId, entry: contestSubmissions.title, createdAt: contestVotes.createdAt })
      .from(contestVotes)
      .innerJoin(contestSubmissions, eq(contestSubmissions.id, contestVotes.submissionId))
      .where(eq(contestVotes.userId, user.id)),
    db()
      .select({ name: contactMessages.name, email: contactMessages.email, subject: contactMessages.subject, message: contactMessages.message, createdAt: contactMessages.createdAt })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${email}`),
    db()
      .select({ type: apiUsageLog.requestType, status: apiUsageLog.status, totalTokens: apiUsageLog.totalTokens, createdAt: apiUsageLog.createdAt })
      .from(apiUsageLog)
      .where(eq(apiUsageLog.userId, user.id)),
    db().select({ id: articles.id, title: articles.title, slug: articles.slug, status: articles.status }).from(articles).where(eq(articles.authorId, user.id)),
    // Appeals against suspensions (decision 0087), with the outcome and the note the owner was sent.
    db()
      .select({
        listingId: listingAppeals.listingId,
        text: listingAppeals.text,
        status: listingAppeals.status,
        createdAt: listingAppeals.createdAt,
        decidedAt: listingAppeals.decidedAt,
        adminNote: listingAppeals.adminNote,
      })
      .from(listingAppeals)
      .where(eq(listingAppeals.userId, user.id)),
    // Private conversations (decision 0091): the listing, the other person's first name, every message.
    exportConversations(user.id),
    // Favourite listings (decision 0092): which, and since when.
    db()
      .select({ listingId: listingFavourites.listingId, title: petListings.title, createdAt: listingFavourites.createdAt })
      .from(listingFavourites)
      .innerJoin(petListings, eq(petListings.id, listingFavourites.listingId))
      .where(eq(listingFavourites.userId, user.id))
      .orderBy(desc(listingFavourites.createdAt)),
    // Saved searches and their alerts (decision 0097): the criteria, the choice, the last mail (not
    // the unsubscribe token, a key rather than data about the person).
    db()
      .select({
        name: savedSearches.name,
        query: savedSearches.query,
        alert: savedSearches.alert,
        createdAt: savedSearches.createdAt,
        lastSentAt: savedSearches.lastSentAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id))
      .orderBy(desc(savedSearches.createdAt)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: account ? { ...account, ...(profile ?? {}), secondFactorPhone: phone ?? null } : null,
    signInMethods,
    sessions: activeSessions,
    emailChanges: addressChanges,
    listings,
    reports,
    contestEntries: entries,
    votes,
    contactMessages: messages,
    aiRequests,
    articlesAuthored: authored,
    appeals,
    conversations,
    favourites,
    savedSearches: searches,
  };
}

export type AccountDeletion = Result<{ message: string }>;

/** Whether the account signs in with a password (the deletion form then asks for it). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [credential] = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)));
  return credential !== undefined;
}

/**
 * Erases the account at once: after the password is confirmed (reauthentication) and the
 * confirmation word typed. In one transaction: the account with its sessions, sign-in methods,
 * profile, listings, entries and votes (the votes' entries counted again), the contact messages
 * from its address, pending verification codes and throttling counters; reports the person sent
 * about others' listings are kept for moderation with name and e-mail removed; articles and AI
 * request figures stay without their author. Then the stored photos are deleted (their URLs answer
 * 404). The last administrator cannot delete their account.
 */
export async function deleteOwnAccount(user: CurrentUser, fields: Record<string, string>, request: Request): Promise<AccountDeletion> {
  if ((fields.confirmation ?? "").trim().toUpperCase() !== DELETION_CONFIRMATION) return fail(400, M.confirmationRequired);
  // Reauthentication: the password typed here, always (even right after signing in). An account
  // without a password (single sign-on only) needs an identity check of the last 10 minutes
  // instead, made with a two-factor code on the profile (decision 0059).
  if (await hasPassword(user.id)) {
    if (!fields.password) return fail(400, M.passwordRequired);
    try {
      await auth().api.verifyPassword({ body: { password: fields.password }, headers: request.headers });
    } catch (error) {
      logger.info({ user: user.id, reason: authErrorMessage(error) }, "eliminazione account: password non confermata");
      return fail(403, M.wrongPassword);
    }
  } else {
    const recent = await requireRecentAuth(request);
    if (!recent.ok || recent.userId !== user.id) return fail(recent.ok ? 403 : recent.status, recent.ok ? M.wrongPassword : recent.error);
  }

  const erased = await eraseAccount(user.id, { lastAdmin: M.lastAdmin });
  if (!erased.ok) return erased;
  logger.info({ user: user.id }, "account eliminato su richiesta dell'utente");
  return { ok: true, message: M.deleted };
}

/** The account as the erasure finds it, under the administrators' lock. */
export interface ErasedAccount {
  id: string;
  email: string;
  fullName: string;
  role: CurrentUser["role"];
}

/**
 * The erasure itself (GDPR art. 17), whoever asks for it: the person (deleteOwnAccount) or an
 * administrator from the person's page (app/accounts/moderation.server.ts, decision 0110). In one
 * transaction: the account with its sessions, sign-in methods, profile, listings, entries and votes
 * (the votes' entries counted again), the contact messages from its address, pending verification
 * codes and throttling counters; reports the person sent about others' listings are kept for
 * moderation with name and e-mail removed; articles and AI request figures stay without their
 * author. `before` runs first in the same transaction, with the account as found (an
 * administrator's erasure records itself there, so the record and the erasure are kept together);
 * a refusal it returns erases nothing. Then the stored photos are deleted (their URLs answer 404).
 * The last administrator is never erased (`lastAdmin` is the refusal's text).
 */
export async function eraseAccount(
  userId: string,
  { lastAdmin, before }: { lastAdmin: string; before?: (account: ErasedAccount) => Promise<Failure | null> },
): Promise<Result<{ account: ErasedAccount }>> {
  let photos: string[] = [];
  let touched: { id: string; other: string | null }[] = [];
  const outcome = await transaction(async (tx): Promise<Result<{ account: ErasedAccount }>> => {
    await tx.execute(sql`select ${ADMINS_LOCK}`);
    const [me] = await tx
      .select({ id: profiles.id, role: profiles.role, fullName: profiles.fullName, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(profiles.id, userId));
    if (!me) return fail(404, M.notFound);
    if (me.role === "admin") {
      const [admins] = await tx.select({ n: sql<number>`count(*)::int` }).from(profiles).where(eq(profiles.role, "admin"));
      if ((admins?.n ?? 0) <= 1) return fail(409, lastAdmin);
    }
    const refused = before ? await before(me) : null;
    if (refused) return refused;
    const email = me.email.toLowerCase();
    const listingImages = await tx.select({ images: petListings.images }).from(petListings).where(eq(petListings.userId, userId));
    const entryImages = await tx.select({ url: contestSubmissions.imageUrl }).from(contestSubmissions).where(eq(contestSubmissions.userId, userId));
    photos = [...listingImages.flatMap((row) => row.images), ...entryImages.map((row) => row.url)];

    // The entries this person voted for lose the vote: counted again once the votes are gone.
    const voted = await tx.select({ id: contestVotes.submissionId }).from(contestVotes).where(eq(contestVotes.userId, userId));
    await tx.delete(contestVotes).where(eq(contestVotes.userId, userId));
    if (voted.length) {
      await tx
        .update(contestSubmissions)
        .set({ votesCount: sql`(select count(*)::int from ${contestVotes} where ${contestVotes.submissionId} = ${contestSubmissions.id})` })
        .where(
          inArray(
            contestSubmissions.id,
            voted.map((row) => row.id),
          ),
        );
    }
    await tx
      .update(listingReports)
      .set({ reporterUserId: null, reporterName: M.erasedReporter, reporterEmail: "" })
      .where(or(eq(listingReports.reporterUserId, userId), sql`lower(${listingReports.reporterEmail}) = ${email}`));
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    // Codes and links still pending (better-auth keeps the user id in the value), and counters named after the address.
    await tx.execute(sql`delete from verifications where identifier = ${email} or value like ${`%${userId}%`}`);
    await tx.execute(sql`delete from rate_limits where right(key, ${email.length + 1}) = ${`:${email}`}`);
    // Conversations whose other person has already gone: nobody is left to read them (decision 0091).
    await tx.execute(sql`delete from conversations where (owner_id = ${userId} and asker_id is null) or (asker_id = ${userId} and owner_id is null)`);
    touched = await queryRows<{ id: string; other: string | null }>(
      sql`select id, case when owner_id = ${userId} then asker_id else owner_id end as other from conversations where owner_id = ${userId} or asker_id = ${userId}`,
    );
    // Cascades: sessions, accounts, profile → listings (and their change log), entries, messages sent;
    // the conversations stay for the other person, this side set null ("utente eliminato").
    await tx.delete(users).where(eq(users.id, userId));
    return { ok: true, account: me };
  });
  if (!outcome.ok) return outcome;

  await deleteStoredImages(photos).catch((error: unknown) => logger.error({ err: error, user: userId }, "eliminazione account: foto non eliminate"));
  await invalidate(CACHE_TAGS.accounts, CACHE_TAGS.listings, CACHE_TAGS.contests, CACHE_TAGS.reports);
  // The other people's open conversations now show "utente eliminato".
  for (const { id, other } of touched) await conversationChanged({ conversationId: id, userIds: [other] });
  return outcome;
}
