// Photo contests: what the public and a signed-in user may read and do (browse, detail, enter,
// vote, own entries, dashboard figures). Every rule and permission of the contests lives here and
// in moderation.server.ts (the admins' side); routes only parse the request and render.
import { can } from "~/accounts/permissions";
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { isEmailVerified } from "~/accounts/recovery.server";
import { RECOVERY_MESSAGES } from "~/accounts/recovery-messages";
import { USER_MODERATION_MESSAGES } from "~/accounts/moderation-texts";
import { isSuspended } from "~/accounts/suspension.server";
import type { CurrentUser } from "~/accounts/session.server";
import { firstError } from "~/accounts/validation";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { db, transaction } from "~/db/client.server";
import { contestSubmissions, contestVotes, contests, petListings, profiles } from "~/db/schema";
import { ImageRejected } from "~/images/process-image.server";
import { storeContestPhoto, type UploadedFile } from "~/images/store-images.server";
import { CONTEST_STATUSES, PET_TYPES, SUBMISSION_STATUSES, type CONTEST_PET_TYPES } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { isUuid } from "~/lib/ids";
import { CONTEST_MESSAGES as M, CONTEST_WINNERS, contestEntrySchema, isInProgress } from "./validation";
import { fail, type Result } from "~/lib/result";
import { isVisibleEntryRow } from "./visibility.server";

export { isInProgress } from "./validation";
export type { UploadedFile } from "~/images/store-images.server";

export type ContestStatus = (typeof CONTEST_STATUSES.values)[number];
export type SubmissionStatus = (typeof SUBMISSION_STATUSES.values)[number];
export type ContestPetType = (typeof CONTEST_PET_TYPES)[number];



/** Contest statuses the public sees; drafts exist only in the back office. */
const PUBLIC_STATUSES: ContestStatus[] = ["active", "ended"];

// --- Contests ------------------------------------------------------------------------------------

/** A contest's own columns, as every page (the back office's too) reads them. */
export const contestColumns = {
  id: contests.id,
  title: contests.title,
  description: contests.description,
  prizeDescription: contests.prizeDescription,
  rules: contests.rules,
  startDate: contests.startDate,
  endDate: contests.endDate,
  status: contests.status,
  maxSubmissionsPerUser: contests.maxSubmissionsPerUser,
};

type ContestRow = {
  id: string;
  title: string;
  description: string;
  prizeDescription: string | null;
  rules: string | null;
  startDate: Date;
  endDate: Date;
  status: ContestStatus;
  maxSubmissionsPerUser: number;
};

export interface Contest extends ContestRow {
  statusLabel: string;
  /** Active and now between start and end (both included): entries and votes are accepted. */
  inProgress: boolean;
  /** Ended status, or active with its end passed: the ranking is final (winners, "Vedi Risultati"). */
  closed: boolean;
}

function withPhase<T extends ContestRow>(row: T, now: Date): T & Omit<Contest, keyof ContestRow> {
  return {
    ...row,
    statusLabel: CONTEST_STATUSES.labels[row.status],
    inProgress: isInProgress(row, now),
    closed: row.status === "ended" || (row.status === "active" && now.getTime() > row.endDate.getTime()),
  };
}

export interface ContestCard extends Contest {
  /** Approved entries. */
  submissionsCount: number;
  /** Votes on the approved entries (the sum of their votes_count). */
  votesCount: number;
}

/** /contests: active and ended contests, newest start first, with their approved entries and votes. */
export async function listContests(now: Date = new Date()): Promise<ContestCard[]> {
  const rows = await memoize("contests:list", [CACHE_TAGS.contests], () =>
    db()
      .select({
        ...contestColumns,
        submissionsCount: sql<number>`count(${contestSubmissions.id})::int`,
        votesCount: sql<number>`coalesce(sum(${contestSubmissions.votesCount}), 0)::int`,
      })
      .from(contests)
      .leftJoin(contestSubmissions, and(eq(contestSubmissions.contestId, contests.id), isVisibleEntryRow()))
      .where(inArray(contests.status, PUBLIC_STATUSES))
      .groupBy(contests.id)
      .orderBy(desc(contests.startDate), desc(contests.id)),
  );
  // The phase depends on the clock, not on the data: computed on each read, never memoized.
  return rows.map((row) => withPhase(row, now));
}

/** Drafts are not public: not found for everyone but the admins (who may preview them). */
function canSeeContest(contest: Pick<ContestRow, "status">, viewer: CurrentUser | null): boolean {
  return contest.status !== "draft" || can(viewer?.role, "contests.manage");
}

/** The columns every view of an entry reads (contest page, own entries, moderation). */
export const entryColumns = {
  id: contestSubmissions.id,
  title: contestSubmissions.title,
  description: contestSubmissions.description,
  petName: contestSubmissions.petName,
  petType: contestSubmissions.petType,
  imageUrl: contestSubmissions.imageUrl,
  votes: contestSubmissions.votesCount,
  createdAt: contestSubmissions.createdAt,
};

/** An entry as every view shows it. */
export interface EntryFields {
  id: string;
  title: string;
  description: string | null;
  petName: string;
  petType: ContestPetType;
  petTypeLabel: string;
  imageUrl: string;
  votes: number;
  createdAt: Date;
}

export interface ContestEntry extends EntryFields {
  /** The submitter's full name (profiles.full_name). */
  authorName: string;
  /** Position in the ranking: votes descending, the earlier entry first on a tie. */
  rank: number;
  /** One of the first three of a closed contest, with at least one vote. */
  isWinner: boolean;
}

export interface ContestViewer {
  /** Ids of the shown entries this viewer has voted. */
  votedIds: string[];
  /** Ids of the shown entries that are this viewer's own (they cannot vote them). */
  ownIds: string[];
  /** This viewer's entries in this contest, in any status (they count toward the limit). */
  submitted: number;
  /** Entries this viewer may still send to this contest. */
  remaining: number;
}

export interface ContestDetail {
  contest: Contest;
  /** Approved entries only, ranked. */
  entries: ContestEntry[];
  /** A closed contest's first three entries with votes, in order; empty otherwise. */
  winners: ContestEntry[];
  /** null for a visitor. */
  viewer: ContestViewer | null;
}

async function loadContest(id: string) {
  const [contest] = await db().select(contestColumns).from(contests).where(eq(contests.id, id)).limit(1);
  if (!contest) return null;
  const entries = await db()
    .select({ ...entryColumns, userId: contestSubmissions.userId, authorName: profiles.fullName })
    .from(contestSubmissions)
    .innerJoin(profiles, eq(profiles.id, contestSubmissions.userId))
    .where(and(eq(contestSubmissions.contestId, id), isVisibleEntryRow()))
    .orderBy(desc(contestSubmissions.votesCount), asc(contestSubmissions.createdAt), asc(contestSubmissions.id));
  return { contest, entries };
}

/** The contest page, or null ("Concorso non trovato") for a malformed, unknown or hidden id. */
export async function getContest(id: string, viewer: CurrentUser | null, now: Date = new Date()): Promise<ContestDetail | null> {
  if (!isUuid(id)) return null;
  const loaded = await memoize(`contests:one:${id.toLowerCase()}`, [CACHE_TAGS.contests], () => loadContest(id));
  if (!loaded || !canSeeContest(loaded.contest, viewer)) return null;
  const contest = withPhase(loaded.contest, now);
  // Submitters' ids stay on the server: the page only learns which entries are the viewer's.
  const entries: ContestEntry[] = loaded.entries.map(({ userId: _userId, ...entry }, index) => ({
    ...entry,
    petTypeLabel: PET_TYPES.labels[entry.petType],
    rank: index + 1,
    isWinner: contest.closed && index < CONTEST_WINNERS && entry.votes > 0,
  }));

  let viewerInfo: ContestViewer | null = null;
  if (viewer) {
    const voted = await db()
      .select({ id: contestVotes.submissionId })
      .from(contestVotes)
      .innerJoin(contestSubmissions, eq(contestSubmissions.id, contestVotes.submissionId))
      .where(and(eq(contestVotes.userId, viewer.id), eq(contestSubmissions.contestId, contest.id)));
    const submitted = await entriesBy(contest.id, viewer.id);
    const shown = new Set(entries.map((e) => e.id));
    viewerInfo = {
      votedIds: voted.map((v) => v.id).filter((v) => shown.has(v)),
      ownIds: loaded.entries.filter((e) => e.userId === viewer.id).map((e) => e.id),
      submitted,
      remaining: Math.max(0, contest.maxSubmissionsPerUser - submitted),
    };
  }
  return { contest, entries, winners: entries.filter((e) => e.isWinner), viewer: viewerInfo };
}

// --- Entering a contest --------------------------------------------------------------------------

/** Why this contest takes no entry now, or null when it does. */
function entryRefusal(contest: Pick<ContestRow, "status" | "startDate" | "endDate">, now: Date) {
  if (contest.status === "ended") return fail(409, M.ended);
  if (contest.status !== "active") return fail(409, M.notOpen);
  if (now.getTime() < contest.startDate.getTime()) return fail(409, M.notStarted);
  if (now.getTime() > contest.endDate.getTime()) return fail(409, M.ended);
  return null;
}

async function entriesBy(contestId: string, userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(contestSubmissions)
    .where(and(eq(contestSubmissions.contestId, contestId), eq(contestSubmissions.userId, userId)));
  return row?.n ?? 0;
}

/**
 * Sends an entry (stored as pending until an admin approves it). Every rule is checked here,
 * whatever the browser did; when one fails nothing is stored, no row and no file. Every entry of
 * the user in this contest counts toward max_submissions_per_user, pending, approved or rejected
 * (decision 0025); the count and the insert run under a lock per (contest, user), so simultaneous
 * submits cannot exceed it.
 */
export async function submitEntry(
  user: CurrentUser | null,
  contestId: string,
  fields: Record<string, unknown>,
  files: UploadedFile[],
): Promise<Result<{ id: string; message: string }>> {
  if (!user) return fail(401, M.submitMustSignIn);
  // A suspended account publishes nothing (decision 0110); its entries would not be shown anyway.
  if (await isSuspended(user.id)) return fail(403, USER_MODERATION_MESSAGES.publishRefused);
  if (!isUuid(contestId)) return fail(404, M.notFound);
  const [contest] = await db().select(contestColumns).from(contests).where(eq(contests.id, contestId)).limit(1);
  if (!contest || !canSeeContest(contest, user)) return fail(404, M.notFound);
  const closed = entryRefusal(contest, new Date());
  if (closed) return closed;
  // Fair contests (decision 0058): entries only from accounts whose e-mail address is confirmed.
  if (!(await isEmailVerified(user.id))) return fail(403, RECOVERY_MESSAGES.mustVerifyToEnter);

  const parsed = contestEntrySchema.safeParse(fields);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const photos = files.filter((f) => f.data.length > 0 || f.name !== "");
  if (photos.length === 0) return fail(400, M.photoRequired);
  if (photos.length > 1) return fail(400, M.onePhoto);
  // Cheap early answer before the photo is processed; the real check is in the transaction below.
  if ((await entriesBy(contest.id, user.id)) >= contest.maxSubmissionsPerUser) {
    return fail(409, M.limitReached(contest.maxSubmissionsPerUser));
  }

  let photo: Awaited<ReturnType<typeof storeContestPhoto>>;
  try {
    photo = await storeContestPhoto(user, photos[0]!);
  } catch (error) {
    if (error instanceof ImageRejected) return fail(error.status, error.message);
    logger.error({ err: error }, "concorso: salvataggio foto non riuscito");
    return fail(500, M.submitError);
  }
  const removePhoto = () => photo.remove().catch((e: unknown) => logger.error({ err: e, url: photo.url }, "concorso: foto orfana non rimossa"));

  const input = parsed.data;
  let saved: Result<{ id: string; duplicate?: boolean }>;
  try {
    saved = await transaction(async (tx): Promise<Result<{ id: string; duplicate?: boolean }>> => {
      // One user's submits to one contest queue here; other users and contests are not held up.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contest-entry:${contest.id}:${user.id}`}))`);
      // Read again, locked against a concurrent change (an admin ending it, a new limit).
      const [current] = await tx
        .select({ status: contests.status, startDate: contests.startDate, endDate: contests.endDate, max: contests.maxSubmissionsPerUser })
        .from(contests)
        .where(eq(contests.id, contest.id))
        .for("share");
      if (!current) return fail(404, M.notFound);
      const refusal = entryRefusal(current, new Date());
      if (refusal) return refusal;
      // A double submit (the same entry again within ten minutes) is stored once: under the lock,
      // the second request finds the first one's row.
      const [duplicate] = await tx
        .select({ id: contestSubmissions.id })
        .from(contestSubmissions)
        .where(
          and(
            eq(contestSubmissions.contestId, contest.id),
            eq(contestSubmissions.userId, user.id),
            eq(contestSubmissions.title, input.title),
            eq(contestSubmissions.petName, input.petName),
            eq(contestSubmissions.petType, input.petType),
            gt(contestSubmissions.createdAt, sql`now() - interval '10 minutes'`),
          ),
        )
        .limit(1);
      if (duplicate) return { ok: true, id: duplicate.id, duplicate: true };
      if ((await entriesBy(contest.id, user.id)) >= current.max) return fail(409, M.limitReached(current.max));
      const [row] = await tx
        .insert(contestSubmissions)
        .values({
          contestId: contest.id,
          userId: user.id,
          title: input.title,
          description: input.description,
          petName: input.petName,
          petType: input.petType,
          imageUrl: photo.url,
          status: "pending",
        })
        .returning({ id: contestSubmissions.id });
      return { ok: true, id: row!.id };
    });
  } catch (error) {
    await removePhoto();
    logger.error({ err: error, contestId: contest.id }, "concorso: inserimento partecipazione non riuscito");
    return fail(500, M.submitError);
  }
  if (!saved.ok) {
    await removePhoto();
    return saved;
  }
  if (saved.duplicate) {
    await removePhoto();
    return { ok: true, id: saved.id, message: M.submitSuccess };
  }
  await invalidate(CACHE_TAGS.contests);
  return { ok: true, id: saved.id, message: M.submitSuccess };
}

// --- Voting --------------------------------------------------------------------------------------

/**
 * Adds the viewer's vote to an approved entry of a contest in progress, or removes it if there is
 * one. The entry's row is locked first, so every vote change on it runs one after the other: the
 * vote row and votes_count change in the same transaction and stay equal, whatever arrives at once.
 */
export async function toggleVote(viewer: CurrentUser | null, submissionId: string): Promise<Result<{ voted: boolean; votes: number }>> {
  if (!viewer) return fail(401, M.voteMustSignIn);
  if (!isUuid(submissionId)) return fail(404, M.entryNotFound);
  // Fair votes (decision 0058): a vote counts only from an account whose e-mail address is
  // confirmed, so throwaway sign-ups cannot vote.
  if (!(await isEmailVerified(viewer.id))) return fail(403, RECOVERY_MESSAGES.mustVerifyToVote);
  let result: Result<{ voted: boolean; votes: number }>;
  try {
    result = await transaction(async (tx): Promise<Result<{ voted: boolean; votes: number }>> => {
      const [entry] = await tx
        .select({
          userId: contestSubmissions.userId,
          status: contestSubmissions.status,
          visible: sql<boolean>`${isVisibleEntryRow()}`,
          votes: contestSubmissions.votesCount,
          contestStatus: contests.status,
          startDate: contests.startDate,
          endDate: contests.endDate,
        })
        .from(contestSubmissions)
        .innerJoin(contests, eq(contests.id, contestSubmissions.contestId))
        .where(eq(contestSubmissions.id, submissionId))
        .for("update", { of: contestSubmissions });
      if (!entry || entry.contestStatus === "draft") return fail(404, M.entryNotFound);
      if (entry.userId === viewer.id) return fail(403, M.voteOwn);
      if (!entry.visible) return fail(409, M.voteNotApproved);
      if (!isInProgress({ status: entry.contestStatus, startDate: entry.startDate, endDate: entry.endDate })) {
        return fail(409, M.votingClosed);
      }

      const counter = (delta: number) =>
        tx
          .update(contestSubmissions)
          // updated_at is the entry's own change (moderation), not each vote: left as it is.
          .set({ votesCount: sql`${contestSubmissions.votesCount} + ${delta}`, updatedAt: sql`${contestSubmissions.updatedAt}` })
          .where(eq(contestSubmissions.id, submissionId))
          .returning({ votes: contestSubmissions.votesCount });

      const removed = await tx
        .delete(contestVotes)
        .where(and(eq(contestVotes.submissionId, submissionId), eq(contestVotes.userId, viewer.id)))
        .returning({ id: contestVotes.id });
      if (removed.length > 0) {
        const [row] = await counter(-removed.length);
        return { ok: true, voted: false, votes: row!.votes };
      }
      const added = await tx
        .insert(contestVotes)
        .values({ submissionId, userId: viewer.id })
        .onConflictDoNothing({ target: [contestVotes.submissionId, contestVotes.userId] })
        .returning({ id: contestVotes.id });
      if (added.length === 0) return { ok: true, voted: true, votes: entry.votes };
      const [row] = await counter(1);
      return { ok: true, voted: true, votes: row!.votes };
    });
  } catch (error) {
    logger.error({ err: error, submissionId }, "concorso: voto non registrato");
    return fail(500, M.voteError);
  }
  if (result.ok) await invalidate(CACHE_TAGS.contests);
  return result;
}

// --- The user's own entries and dashboard --------------------------------------------------------

export interface OwnSubmission extends EntryFields {
  status: SubmissionStatus;
  statusLabel: string;
  contest: {
    id: string;
    title: string;
    status: ContestStatus;
    statusLabel: string;
    inProgress: boolean;
  };
}

/** The user's own entries in every status, newest first, with their contest (dashboard). */
export async function ownSubmissions(userId: string, now: Date = new Date()): Promise<OwnSubmission[]> {
  if (!isUuid(userId)) return [];
  const rows = await db()
    .select({
      ...entryColumns,
      status: contestSubmissions.status,
      contestId: contests.id,
      contestTitle: contests.title,
      contestStatus: contests.status,
      startDate: contests.startDate,
      endDate: contests.endDate,
    })
    .from(contestSubmissions)
    .innerJoin(contests, eq(contests.id, contestSubmissions.contestId))
    .where(eq(contestSubmissions.userId, userId))
    .orderBy(desc(contestSubmissions.createdAt), desc(contestSubmissions.id));
  return rows.map(({ contestId, contestTitle, contestStatus, startDate, endDate, ...row }) => ({
    ...row,
    petTypeLabel: PET_TYPES.labels[row.petType],
    statusLabel: SUBMISSION_STATUSES.labels[row.status],
    contest: {
      id: contestId,
      title: contestTitle,
      status: contestStatus,
      statusLabel: CONTEST_STATUSES.labels[contestStatus],
      inProgress: isInProgress({ status: contestStatus, startDate, endDate }, now),
    },
  }));
}

export type DashboardCounter = "listings" | "submissions" | "votes" | "pending";
/** Each figure, or null when it could not be loaded (the page shows "Statistiche non disponibili"). */
export type DashboardCounters = Record<DashboardCounter, number | null>;

/** Loads each figure on its own: one that fails is null and logged, the others still show. */
export async function settleFigures<K extends string>(
  loaders: Record<K, () => PromiseLike<number>>,
  context: Record<string, unknown> = {},
): Promise<Record<K, number | null>> {
  // One after the other: four indexed counts cost little, and a connection (or a transaction)
  // never has two queries in flight.
  const figures = {} as Record<K, number | null>;
  for (const key of Object.keys(loaders) as K[]) {
    try {
      figures[key] = await loaders[key]();
    } catch (error) {
      figures[key] = null;
      logger.error({ err: error, figure: key, ...context }, "dashboard: statistica non caricata");
    }
  }
  return figures;
}

async function single(query: PromiseLike<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** The four dashboard counters (DESIGN [3]) of this user's own data. */
export function dashboardCounters(userId: string): Promise<DashboardCounters> {
  const own = eq(contestSubmissions.userId, userId);
  return settleFigures<DashboardCounter>(
    {
      listings: () => single(db().select({ n: count() }).from(petListings).where(eq(petListings.userId, userId))),
      submissions: () => single(db().select({ n: count() }).from(contestSubmissions).where(own)),
      votes: () =>
        single(
          db()
            .select({ n: sql<number>`coalesce(sum(${contestSubmissions.votesCount}), 0)::int` })
            .from(contestSubmissions)
            .where(own),
        ),
      pending: () =>
        single(
          db()
            .select({ n: count() })
            .from(contestSubmissions)
            .where(and(own, eq(contestSubmissions.status, "pending"))),
        ),
    },
    { userId },
  );
}
