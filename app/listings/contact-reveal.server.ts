// "Mostra numero" / "Mostra email" (issue 29, decision 0089): a listing's phone number or e-mail
// address handed to one signed-in person who asks, never printed in the page. Who may ask, how
// often (per account and per client address, in the database), and the owner's count of reveals.
import { can } from "~/accounts/permissions";
import { isbot } from "isbot";
import { eq, inArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { CLIENT_IP_HEADER } from "~/accounts/client-ip";
import { isEmailVerified } from "~/accounts/recovery.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { listingContactStats, petListings } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { hit, secondsLeft, type Limit } from "~/lib/rate-limit.server";
import { rateLimitKey } from "~/lib/rate-limit-classes.server";
import { waitText } from "~/lib/rate-limit-classes";
import { fail, type Failure, type Result } from "~/lib/result";
import { CONTACT_KINDS, REVEAL_MESSAGES as M, type ContactKind, type RevealAnswer } from "./contact-texts";
import { LISTING_MESSAGES } from "./validation";
import { isPublicListing } from "./visibility";

/** Who asks, as the HTTP layer saw them: the client address (x-zampa-client-ip) and the user agent. */
export interface RevealRequester {
  clientIp: string;
  userAgent: string;
}

export type RevealRefusal = Failure & { retryAfter?: number };
export type RevealResult = Result<{ kind: ContactKind; value: string }> | RevealRefusal;

export function requesterOf(request: Request): RevealRequester {
  return { clientIp: request.headers.get(CLIENT_IP_HEADER) ?? "unknown", userAgent: request.headers.get("user-agent") ?? "" };
}

/** A reveal's answer is for this person only, now: no cache may keep it (decision 0089). */
export const REVEAL_HEADERS = { "cache-control": "private, no-store" } as const;

/** The HTTP answer of a reveal (or of a form that could not be read), shared by the endpoint and the page's action. */
export function revealAnswer(result: RevealResult | Failure, kindValue: unknown): { status: number; headers: Record<string, string>; body: RevealAnswer } {
  if (result.ok) return { status: 200, headers: { ...REVEAL_HEADERS }, body: { ok: true, kind: result.kind, value: result.value } };
  const headers: Record<string, string> = { ...REVEAL_HEADERS };
  if ("retryAfter" in result && result.retryAfter !== undefined) headers["retry-after"] = String(result.retryAfter);
  return { status: result.status, headers, body: { ok: false, kind: parseContactKind(kindValue), error: result.error, signIn: result.status === 401 } };
}

/** A person asking twice for the same contact of the same listing within this time counts once for the owner. */
const COUNTED_ONCE_SECONDS = 24 * 60 * 60;

/** A crawler (or a client that says nothing of itself) is given no contact at all. */
export function isRobot(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

export function parseContactKind(value: unknown): ContactKind | null {
  return typeof value === "string" && (CONTACT_KINDS as readonly string[]).includes(value) ? (value as ContactKind) : null;
}

const revealKeys = {
  user: (userId: string) => rateLimitKey("reveals", "user", userId),
  ip: (ip: string) => rateLimitKey("reveals", "ip", ip),
  counted: (listingId: string, userId: string, kind: ContactKind) => `reveal:counted:${listingId}:${userId}:${kind}`,
};

/** Takes one hit of the account's budget and one of the address's; the longer wait when either is spent. */
async function takeRevealHits(userId: string, clientIp: string): Promise<number | null> {
  const limits = config().revealLimits;
  if (!limits) return null;
  const budgets: [string, Limit][] = [[revealKeys.user(userId), limits.perUser]];
  if (limits.perIp) budgets.push([revealKeys.ip(clientIp), limits.perIp]);
  const taken = await Promise.all(budgets.map(([key, limit]) => hit(key, limit)));
  const spent = budgets.filter((_, i) => !taken[i]!.allowed);
  if (spent.length === 0) return null;
  const waits = await Promise.all(spent.map(([key, limit]) => secondsLeft(key, limit)));
  return Math.max(1, ...waits);
}

/** Adds one reveal of `kind` to the listing's figures, in one statement (the first creates the row). */
async function countReveal(listingId: string, kind: ContactKind): Promise<void> {
  const column = kind === "phone" ? listingContactStats.phoneReveals : listingContactStats.emailReveals;
  await db()
    .insert(listingContactStats)
    .values({ listingId, phoneReveals: kind === "phone" ? 1 : 0, emailReveals: kind === "email" ? 1 : 0 })
    .onConflictDoUpdate({ target: listingContactStats.listingId, set: { [kind === "phone" ? "phoneReveals" : "emailReveals"]: sql`${column} + 1` } });
}

/**
 * The phone number or e-mail address of a listing, for `viewer`. Refused, with nothing counted:
 * a crawler (403), a visitor (401), a malformed kind (400), a listing this viewer may not see — not
 * public, unknown — (404, as the page), an account whose address is not confirmed (403), a "solo
 * messaggi" listing (409), a spent budget (429 with the wait). The owner and the admins, who see the
 * contacts on the page anyway, are answered without limits or counting.
 */
export async function revealContact(viewer: CurrentUser | null, listingId: string, kindValue: unknown, requester: RevealRequester): Promise<RevealResult> {
  if (isRobot(requester.userAgent)) return fail(403, M.notForRobots);
  if (!viewer) return fail(401, M.mustSignIn);
  const kind = parseContactKind(kindValue);
  if (!kind) return fail(400, M.badKind);
  if (!isUuid(listingId)) return fail(404, LISTING_MESSAGES.notFound);
  const [listing] = await db()
    .select({
      userId: petListings.userId,
      status: petListings.status,
      messagesOnly: petListings.messagesOnly,
      phone: petListings.contactPhone,
      email: petListings.contactEmail,
    })
    .from(petListings)
    .where(eq(petListings.id, listingId))
    .limit(1);
  const managing = listing !== undefined && (listing.userId === viewer.id || can(viewer.role, "listings.moderate"));
  if (!listing || (!isPublicListing(listing) && !managing)) return fail(404, LISTING_MESSAGES.notFound);
  const value = kind === "phone" ? listing.phone : listing.email;
  if (managing) return { ok: true, kind, value };

  if (!(await isEmailVerified(viewer.id))) return fail(403, M.mustVerify);
  // A "solo messaggi" listing, or one kept without this contact: nothing to reveal.
  if (listing.messagesOnly || value === "") return fail(409, M.messagesOnly);
  const wait = await takeRevealHits(viewer.id, requester.clientIp);
  if (wait !== null) return { ...fail(429, M.tooMany(waitText(wait))), retryAfter: wait };

  try {
    if ((await hit(revealKeys.counted(listingId, viewer.id, kind), { max: 1, windowSeconds: COUNTED_ONCE_SECONDS })).allowed) {
      await countReveal(listingId, kind);
    }
  } catch (error) {
    // Deleted between the read and the count: as if it had not been found.
    logger.warn({ err: error, listingId }, "contatto: conteggio non riuscito");
    return fail(404, LISTING_MESSAGES.notFound);
  }
  return { ok: true, kind, value };
}

export interface ContactStats {
  phoneReveals: number;
  emailReveals: number;
}

/** The reveal figures of these listings (the owner's dashboard); a listing never revealed is absent. */
export async function contactStatsOf(listingIds: readonly string[]): Promise<Map<string, ContactStats>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db().select().from(listingContactStats).where(inArray(listingContactStats.listingId, [...listingIds]));
  return new Map(rows.map((r) => [r.listingId, { phoneReveals: r.phoneReveals, emailReveals: r.emailReveals }]));
}
