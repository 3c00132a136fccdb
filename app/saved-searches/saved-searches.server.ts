// Saved searches (issue 30, decision 0097): a person keeps a list query with a name and chooses how
// to be told of new matches. Every statement names the signed-in person's own rows: another
// person's search answers 404 as a search that does not exist, and nothing is changed.
import { randomBytes } from "node:crypto";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { alertMails, profiles, savedSearches, searchAlertMatches } from "~/db/schema";
import { SEARCH_ALERTS } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { fail, type Result } from "~/lib/result";
import { parseListingQuery } from "~/listings/browse-filters.server";
import { canonicalSearch, describeCriteria, matchColumns, searchPath } from "./criteria.server";
import { DEFAULT_SEARCH_ALERT, SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS as T, type SearchAlert } from "./texts";

function alertOf(value: unknown): SearchAlert | null {
  return (SEARCH_ALERTS.values as readonly unknown[]).includes(value) ? (value as SearchAlert) : null;
}

/** The name as typed, checked: trimmed, one line, not empty, not too long. */
function checkName(value: unknown): Result<{ name: string }> {
  const name = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  if (name === "") return fail(400, T.nameRequired);
  if ([...name].length > SAVED_SEARCH_LIMITS.nameLength) return fail(400, T.nameTooLong);
  return { ok: true, name };
}

/** A new unsubscribe secret: 24 random bytes, 32 URL-safe characters. */
function newToken(): string {
  return randomBytes(24).toString("base64url");
}

export const UNSUBSCRIBE_TOKEN = /^[A-Za-z0-9_-]{32}$/;

export interface SaveSearchInput {
  /** The list's query string as the page shows it (page and view are not kept). */
  query: string;
  name: unknown;
  alert?: unknown;
}

/**
 * Keeps the list's criteria under a name. The count is checked under a lock on the person's
 * profile row, so two tabs saving at once cannot pass the limit together; the same criteria saved
 * again (a double submit, a second tab) is refused with a message, not stored twice.
 */
export async function saveSearch(viewer: CurrentUser | null, input: SaveSearchInput): Promise<Result<{ id: string }>> {
  if (!viewer) return fail(401, T.mustSignIn);
  const named = checkName(input.name);
  if (!named.ok) return named;
  const alert = input.alert === undefined || input.alert === "" ? DEFAULT_SEARCH_ALERT : alertOf(input.alert);
  if (!alert) return fail(400, T.badAlert);
  const { filters, query } = canonicalSearch(new URLSearchParams(input.query));
  return transaction(async (tx) => {
    await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, viewer.id)).for("update");
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, viewer.id));
    const [same] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, viewer.id), eq(savedSearches.query, query)));
    if (same) return fail(409, T.duplicate);
    if ((kept?.n ?? 0) >= SAVED_SEARCH_LIMITS.perUser) return fail(409, T.tooMany);
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: viewer.id, name: named.name, query, alert, unsubscribeToken: newToken(), ...matchColumns(filters) })
      .returning({ id: savedSearches.id });
    return { ok: true, id: row!.id };
  });
}

export interface SavedSearchItem {
  id: string;
  name: string;
  alert: SearchAlert;
  /** The list's address of the search. */
  path: string;
  /** The criteria in words; empty for the whole list. */
  criteria: string[];
  createdAt: Date;
  lastSentAt: Date | null;
}

/** The person's searches, oldest first (the order they were made in stays put as they are edited). */
export async function listSavedSearches(userId: string): Promise<SavedSearchItem[]> {
  const rows = await db()
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      alert: savedSearches.alert,
      query: savedSearches.query,
      createdAt: savedSearches.createdAt,
      lastSentAt: savedSearches.lastSentAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    alert: row.alert,
    path: searchPath(row.query),
    criteria: describeCriteria(parseListingQuery(new URLSearchParams(row.query)).filters),
    createdAt: row.createdAt,
    lastSentAt: row.lastSentAt,
  }));
}

/** The person's own search, or the refusal that every other id gets. */
function ownSearch(viewer: CurrentUser | null, id: unknown): Result<{ id: string; userId: string }> {
  if (!viewer) return fail(401, T.mustSignIn);
  if (typeof id !== "string" || !isUuid(id)) return fail(404, T.notFound);
  return { ok: true, id, userId: viewer.id };
}

const mine = (own: { id: string; userId: string }) => and(eq(savedSearches.id, own.id), eq(savedSearches.userId, own.userId));

export async function renameSearch(viewer: CurrentUser | null, id: unknown, name: unknown): Promise<Result> {
  const own = ownSearch(viewer, id);
  if (!own.ok) return own;
  const named = checkName(name);
  if (!named.ok) return named;
  const rows = await db().update(savedSearches).set({ name: named.name }).where(mine(own)).returning({ id: savedSearches.id });
  return rows.length ? { ok: true } : fail(404, T.notFound);
}

/**
 * Changes how the search alerts. Turned off, the matches still waiting for a mail are dropped (they
 * would never go out); switched between "Subito" and "Ogni giorno", they go with the new choice.
 */
export async function setSearchAlert(viewer: CurrentUser | null, id: unknown, alert: unknown): Promise<Result> {
  const own = ownSearch(viewer, id);
  if (!own.ok) return own;
  const chosen = alertOf(alert);
  if (!chosen) return fail(400, T.badAlert);
  return transaction(async (tx) => {
    const rows = await tx
      .update(savedSearches)
      .set(chosen === "none" ? { alert: chosen, pendingSince: null } : { alert: chosen })
      .where(mine(own))
      .returning({ id: savedSearches.id });
    if (!rows.length) return fail(404, T.notFound);
    if (chosen === "none") await dropWaitingMatches(own.id);
    return { ok: true };
  });
}

/** The matches and mails a search has waiting: dropped when its alerts are turned off. */
async function dropWaitingMatches(searchId: string) {
  await db()
    .delete(searchAlertMatches)
    .where(and(eq(searchAlertMatches.savedSearchId, searchId), isNull(searchAlertMatches.sentAt)));
  await db().delete(alertMails).where(eq(alertMails.savedSearchId, searchId));
}

export async function deleteSearch(viewer: CurrentUser | null, id: unknown): Promise<Result> {
  const own = ownSearch(viewer, id);
  if (!own.ok) return own;
  return transaction(async () => {
    // Its waiting matches go with it (the foreign key would only unlink them).
    const rows = await db().delete(savedSearches).where(mine(own)).returning({ id: savedSearches.id });
    if (!rows.length) return fail(404, T.notFound);
    await dropWaitingMatches(own.id);
    return { ok: true };
  });
}

/** The search a mail's unsubscribe link names, or null for a token that names none. */
export async function searchOfToken(token: unknown): Promise<{ name: string; alert: SearchAlert } | null> {
  if (typeof token !== "string" || !UNSUBSCRIBE_TOKEN.test(token)) return null;
  const [row] = await db()
    .select({ name: savedSearches.name, alert: savedSearches.alert })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token));
  return row ?? null;
}

/**
 * One-click unsubscribe (RFC 8058): the token alone turns the search's alerts off, without signing
 * in. Used again, it says so and changes nothing; a token that names no search is refused.
 */
export async function unsubscribeByToken(token: unknown): Promise<Result<{ name: string; already: boolean }>> {
  if (typeof token !== "string" || !UNSUBSCRIBE_TOKEN.test(token)) return fail(404, T.badToken);
  return transaction(async () => {
    const rows = await queryRows<{ id: string; name: string; was: SearchAlert }>(sql`
      update ${savedSearches} s set alert = 'none', pending_since = null, updated_at = now()
      from (select id, alert from ${savedSearches} where unsubscribe_token = ${token} for update) before
      where s.id = before.id
      returning s.id, s.name, before.alert as was`);
    const row = rows[0];
    if (!row) return fail(404, T.badToken);
    if (row.was !== "none") await dropWaitingMatches(row.id);
    return { ok: true, name: row.name, already: row.was === "none" };
  });
}

/** The person's saved search of exactly these criteria (canonical query), if they keep it. */
export async function savedSearchIdFor(userId: string, canonicalQuery: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, canonicalQuery)));
  return row?.id ?? null;
}
