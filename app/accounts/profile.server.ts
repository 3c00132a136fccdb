// The signed-in user's own profile: what the profile page shows, name and e-mail changes, password
// changes. Every function takes the CurrentUser of the session, never an id from a form, so a
// user can only read and change their own account (decision 0026).
import { and, desc, eq, ne } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { db, transaction } from "~/db/client.server";
import { accounts, profiles, sessions, users } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { auth, authErrorMessage } from "./auth.server";
import { requestEmailChange, voidAccountLinks } from "./email-change.server";
import {
  emailChangeRequested,
  messageMailSchema,
  passwordChangeSchema,
  PROFILE_MESSAGES as M,
  profileSchema,
} from "./profile-validation";
import type { CurrentUser } from "./session.server";
import { firstError } from "./validation";
import { fail, type Result } from "~/lib/result";

export type ProfileResult = Result<{ message: string }>;

export interface ProfileInfo {
  fullName: string;
  email: string;
  createdAt: Date;
  /** whether a new private message is announced by e-mail (decision 0091) */
  messageMail: boolean;
  /** creation of the user's latest session, i.e. the latest sign-in; null if there is none */
  lastSignInAt: Date | null;
}

export async function getProfileInfo(user: CurrentUser): Promise<ProfileInfo | null> {
  const [row] = await db()
    .select({ fullName: profiles.fullName, email: users.email, createdAt: users.createdAt, messageMail: profiles.messageMail })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, user.id))
    .limit(1);
  if (!row) return null;
  const [latest] = await db()
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  return { ...row, lastSignInAt: latest?.createdAt ?? null };
}

/** The session behind this request, if it is the given user's. */
async function sessionOf(user: CurrentUser, request: Request) {
  const session = await auth().api.getSession({ headers: request.headers });
  return session && session.user.id === user.id ? session : null;
}

async function emailInUse(email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Saves the full name (account and profile together) and, when the e-mail differs, asks for the
 * change (email-change.server.ts): a link to the new address, a notice to the current one; the
 * e-mail changes only when the link is followed.
 */
export async function updateProfile(user: CurrentUser, input: Record<string, unknown>, request: Request): Promise<ProfileResult> {
  const parsed = profileSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const { fullName, email } = parsed.data;
  try {
    const [current] = await db()
      .select({ email: users.email, name: users.name, fullName: profiles.fullName })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, user.id))
      .limit(1);
    if (!current) return fail(404, M.profileError);
    const emailChange = email !== current.email.toLowerCase();

    // Every check before any change, so that a refused request changes nothing.
    if (emailChange) {
      if (await emailInUse(email, user.id)) return fail(422, M.emailTaken);
      if (!(await sessionOf(user, request))) return fail(401, M.profileError);
      const requested = await requestEmailChange(user.id, email);
      if (!requested.ok) return requested;
    }

    const nameChange = fullName !== current.fullName || fullName !== current.name;
    if (nameChange) {
      // As at sign-up, users.name and profiles.full_name carry the same (trimmed) name.
      await transaction(async (tx) => {
        await tx.update(users).set({ name: fullName }).where(eq(users.id, user.id));
        await tx.update(profiles).set({ fullName }).where(eq(profiles.id, user.id));
      });
      // The back office's user searches count names (app/accounts/admin.server.ts).
      await invalidate(CACHE_TAGS.accounts);
    }
    return { ok: true, message: emailChange ? emailChangeRequested(email, nameChange) : M.profileSaved };
  } catch (error) {
    return failure(error, M.profileError, "profilo: aggiornamento non riuscito");
  }
}

/** "Avvisami via email dei nuovi messaggi": the session's own profile only. */
export async function setMessageMail(user: CurrentUser, input: Record<string, unknown>): Promise<ProfileResult> {
  const parsed = messageMailSchema.safeParse(input);
  if (!parsed.success) return fail(400, M.messageMailError);
  try {
    const updated = await db()
      .update(profiles)
      .set({ messageMail: parsed.data.messageMail })
      .where(eq(profiles.id, user.id))
      .returning({ messageMail: profiles.messageMail });
    if (updated.length === 0) return fail(404, M.messageMailError);
    return { ok: true, message: parsed.data.messageMail ? M.messageMailOn : M.messageMailOff };
  } catch (error) {
    return failure(error, M.messageMailError, "profilo: preferenza email dei messaggi non salvata");
  }
}

/**
 * Sets a new password without asking for the current one (the spec's form has none), with the
 * rule of sign-up, and ends the user's other sessions; this one stays signed in. Reset links and a
 * pending e-mail change sent before stop working (decision 0078).
 */
export async function changePassword(user: CurrentUser, input: Record<string, unknown>, request: Request): Promise<ProfileResult> {
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  try {
    const session = await sessionOf(user, request);
    if (!session) return fail(401, M.passwordError);
    const hash = await (await auth().$context).password.hash(parsed.data.newPassword);
    await transaction(async (tx) => {
      const updated = await tx
        .update(accounts)
        .set({ password: hash })
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, "credential")))
        .returning({ id: accounts.id });
      if (updated.length === 0) {
        // No password yet (not possible with sign-up by e-mail, but cheap to handle): add one.
        await tx.insert(accounts).values({ userId: user.id, accountId: user.id, providerId: "credential", password: hash });
      }
      await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.token, session.session.token)));
      await voidAccountLinks(user.id);
    });
    return { ok: true, message: M.passwordSaved };
  } catch (error) {
    return failure(error, M.passwordError, "profilo: cambio password non riuscito");
  }
}

function failure(error: unknown, fallback: string, log: string): ProfileResult {
  const status = typeof (error as { statusCode?: unknown })?.statusCode === "number" ? (error as { statusCode: number }).statusCode : 500;
  if (status >= 500) {
    logger.error({ err: error }, log);
    return fail(500, fallback);
  }
  // A refusal from better-auth: its Italian text when we have one, else the form's fallback.
  const message = authErrorMessage(error);
  return fail(status, message === authErrorMessage(undefined) ? fallback : message);
}
