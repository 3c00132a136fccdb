// The signed-in user's sessions (one per device where they signed in): listed with the device, the
// place and the last activity, and closed one at a time or all but the current one. Every function
// takes the CurrentUser of the session: a user only sees and closes their own (decision 0060).
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { fail, type Result } from "~/lib/result";
import { readSession, type CurrentUser } from "./session.server";
import { SESSION_MESSAGES as M } from "./sessions-messages";

export interface SessionView {
  id: string;
  current: boolean;
  device: string;
  place: string;
  /** the address with its last part hidden, or null when not recorded */
  address: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPad/, "iPad"],
  [/iPhone|iPod/, "iPhone"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Firefox su Windows", from the User-Agent header; "Dispositivo sconosciuto" when it says nothing. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return M.unknownDevice;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} su ${system}`;
  return browser ?? system ?? M.unknownDevice;
}

function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^::ffff:/i, "");
  return (
    /^(127\.|10\.|192\.168\.|169\.254\.)/.test(ip) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ip) ||
    ip === "::1" ||
    /^f[cd][0-9a-f]{2}:/i.test(ip) ||
    /^fe80:/i.test(ip)
  );
}

/**
 * Where the session was opened. Zampa has no address-to-place database and sends addresses to no
 * outside service, so a public address is "sconosciuto"; a loopback or private one is the local
 * network (decision 0060).
 */
export function describePlace(address: string | null | undefined): string {
  if (!address || address === "unknown") return M.unknownPlace;
  return isPrivateAddress(address) ? M.localNetwork : M.unknownPlace;
}

/** The address with its host part hidden: 93.41.x.x, 2001:db8:… (enough to recognise a network). */
export function maskAddress(address: string | null | undefined): string | null {
  if (!address || address === "unknown") return null;
  const ip = address.replace(/^::ffff:/i, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(":")) {
    const groups = ip.split(":").filter(Boolean).slice(0, 2);
    return groups.length ? `${groups.join(":")}:…` : "…";
  }
  return null;
}

/** The session behind the request, if it is this user's (its id and token). */
async function currentSessionOf(user: CurrentUser, request: Request) {
  const { session } = await readSession(request);
  return session && session.user.id === user.id ? session.session : null;
}

/** The user's sessions that have not expired, the current one first, then by last activity. */
export async function listSessions(user: CurrentUser, request: Request): Promise<SessionView[]> {
  const current = await currentSessionOf(user, request);
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`clock_timestamp()`)))
    .orderBy(desc(sessions.updatedAt));
  const views = rows.map((row) => ({
    id: row.id,
    current: row.id === current?.id,
    device: describeDevice(row.userAgent),
    place: describePlace(row.ipAddress),
    address: maskAddress(row.ipAddress),
    signedInAt: row.createdAt,
    lastActiveAt: row.updatedAt,
  }));
  return views.sort((a, b) => Number(b.current) - Number(a.current));
}

const sessionIdSchema = z.uuid();

/** Closes one of the user's other sessions: that device is signed out at its next request. */
export async function revokeSession(user: CurrentUser, request: Request, sessionId: unknown): Promise<Result<{ message: string }>> {
  const parsed = sessionIdSchema.safeParse(sessionId);
  if (!parsed.success) return fail(400, M.invalidSession);
  const current = await currentSessionOf(user, request);
  if (!current) return fail(401, M.invalidSession);
  if (current.id === parsed.data) return fail(400, M.cannotRevokeCurrent);
  // The user's id in the WHERE: another account's session id closes nothing (and says so like a
  // missing one, revealing nothing).
  const deleted = await db()
    .delete(sessions)
    .where(and(eq(sessions.id, parsed.data), eq(sessions.userId, user.id)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) return fail(404, M.sessionNotFound);
  return { ok: true, message: M.sessionRevoked };
}

/** Closes every session of the user but the one making the request. */
export async function revokeOtherSessions(user: CurrentUser, request: Request): Promise<Result<{ message: string; count: number }>> {
  const current = await currentSessionOf(user, request);
  if (!current) return fail(401, M.invalidSession);
  const deleted = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), ne(sessions.id, current.id)))
    .returning({ id: sessions.id });
  return { ok: true, message: M.othersRevoked(deleted.length), count: deleted.length };
}
