// Who is making this request, read on the server from the session cookie.
import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, isNull, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { APIError } from "better-auth/api";
import { db } from "~/db/client.server";
import { profiles, sessions } from "~/db/schema";
import { auth } from "./auth.server";
import { loginPathFor } from "~/lib/return-path";
import type { Role } from "./permissions";

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  role: Role;
}

// Both the plain and the __Secure- prefixed cookie names end with this.
const SESSION_COOKIE = "better-auth.session_token=";

/** Cheap test, without touching the database: could this request be signed in? */
export function hasSessionCookie(request: Request): boolean {
  return hasSessionCookieIn(request.headers.get("cookie"));
}

/** The same, from the Cookie header's value. */
export function hasSessionCookieIn(cookieHeader: string | null | undefined): boolean {
  return cookieHeader?.includes(SESSION_COOKIE) ?? false;
}

/**
 * A page's loaders (root, layout, page) each ask who is there, with the same Request: a read is
 * answered once per request. Only for reads: an action may change the role it would remember.
 */
const askedBy = new WeakMap<Request, Promise<CurrentUser | null>>();

export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpCurrentUser(request);
  let answer = askedBy.get(request);
  if (!answer) {
    answer = lookUpCurrentUser(request);
    askedBy.set(request, answer);
  }
  return answer;
}

/**
 * The cookies that reading the session asks the browser to change: a refreshed session's new expiry
 * (better-auth `updateAge`), or the removal of a cookie whose session is gone, expired or forged.
 * Reading the session happens inside a loader, whose result cannot carry headers for the whole
 * page: the HTTP layer runs the page inside `withSessionCookies`, which adds them to the response.
 */
const pendingCookies = new AsyncLocalStorage<string[]>();

/** Runs render (a whole request) and adds to its response the cookies that reading the session set. */
export async function withSessionCookies(render: () => Promise<Response>): Promise<Response> {
  const cookies: string[] = [];
  const response = await pendingCookies.run(cookies, render);
  if (cookies.length === 0) return response;
  // An action that signed in or out has set the session cookie itself: its word is the last one.
  if (response.headers.getSetCookie().some((c) => c.includes(SESSION_COOKIE))) return response;
  const add = (headers: Headers) => {
    for (const cookie of new Set(cookies)) headers.append("set-cookie", cookie);
  };
  try {
    add(response.headers);
    return response;
  } catch {
    // Immutable headers (Response.redirect): a copy.
    const headers = new Headers(response.headers);
    add(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** The session cookies this request carries, by name (plain or __Secure- prefixed). */
function sessionCookieNames(request: Request): string[] {
  const names: string[] = [];
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const name = part.split("=")[0]?.trim() ?? "";
    if (/^(__Secure-)?better-auth\.(session_token|session_data|dont_remember)$/.test(name)) names.push(name);
  }
  return names;
}

/** Set-Cookie values that remove every session cookie the request carries. */
export function clearingCookies(request: Request): string[] {
  return sessionCookieNames(request).map(
    (name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`,
  );
}

/**
 * The session of the request, as better-auth reads it (and refreshes it once `updateAge` has
 * passed), or null; any cookie change is queued for the response. A cookie that names no valid
 * session (revoked, expired, deleted account, bad signature) is removed, so that the visitor is
 * simply signed out instead of carrying a dead cookie to every page.
 */
export async function readSession(request: Request) {
  let result: { headers: Headers; response: Awaited<ReturnType<ReturnType<typeof auth>["api"]["getSession"]>> } | null;
  try {
    result = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  } catch (error) {
    // better-auth answers 401 when the session vanished while it was refreshing it.
    if (!(error instanceof APIError)) throw error;
    result = null;
  }
  const set = result?.headers.getSetCookie() ?? [];
  const session = result?.response ?? null;
  const cookies = session ? set : [...set, ...clearingCookies(request)];
  pendingCookies.getStore()?.push(...cookies);
  return { session, cookies };
}

/**
 * A session's last activity (shown in the profile's list) is written at most this often: a page
 * view a quarter of an hour after the last recorded one costs one small UPDATE, the ones in between
 * nothing. better-auth itself writes updated_at only when it extends the session (once a day).
 */
export const ACTIVITY_RESOLUTION_SECONDS = 15 * 60;

async function touchSession(sessionId: string, updatedAt: Date): Promise<void> {
  if (Date.now() - updatedAt.getTime() < ACTIVITY_RESOLUTION_SECONDS * 1000) return;
  // The WHERE makes a concurrent request's identical update a no-op.
  await db()
    .update(sessions)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(and(eq(sessions.id, sessionId), sql`${sessions.updatedAt} < clock_timestamp() - make_interval(secs => ${ACTIVITY_RESOLUTION_SECONDS})`));
}

async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
  const { session } = await readSession(request);
  if (!session) return null;
  await touchSession(session.session.id, new Date(session.session.updatedAt));
  const [profile] = await db()
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, role: profiles.role })
    .from(profiles)
    // A suspended account is signed out (decision 0110): its sessions are deleted with the
    // suspension, and one opened at that very moment is not honoured either.
    .where(and(eq(profiles.id, session.user.id), isNull(profiles.suspendedAt)))
    .limit(1);
  return profile ?? null;
}

/**
 * Signed-in routes: visitors are sent to /login before anything else is read, with the way back to
 * the page they asked for (decision 0092).
 */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(loginPathFor(request));
  return user;
}
