// Who is making this request, read on the server from the session cookie.
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { auth } from "./auth.server";
import { requireAdminSecondFactor } from "./two-factor.server";

export interface CurrentUser {
  id: string;
  email: string;
  fullName: string;
  role: "user" | "admin";
}

// Both the plain and the __Secure- prefixed cookie names end with this.
const SESSION_COOKIE = "better-auth.session_token=";

/** Cheap test, without touching the database: could this request be signed in? */
export function hasSessionCookie(request: Request): boolean {
  return request.headers.get("cookie")?.includes(SESSION_COOKIE) ?? false;
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

async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const [profile] = await db()
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  return profile ?? null;
}

/** Signed-in routes: visitors are sent to /login before anything else is read. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw redirect("/login");
  return user;
}

/** Every /admin path: visitors and non-admins are sent to /login before any admin data is read. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user || user.role !== "admin") throw redirect("/login");
  // REQUIRE_ADMIN_2FA: an administrator's session at aal2, or off to enrol (decision 0059).
  await requireAdminSecondFactor(request);
  return user;
}
