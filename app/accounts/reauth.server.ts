// Reauthentication (decision 0059): before a sensitive change (e-mail, password, two-factor,
// account deletion) the person must have proved who they are in this session within the last 10
// minutes: at sign-in, with the password, or with a code of their authenticator app. The time is
// sessions.authenticated_at, in the database, so every process sees the same answer.
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hit, reset } from "~/lib/rate-limit.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { auth } from "./auth.server";
import type { CurrentUser } from "./session.server";
import { CODE_CHECK_LIMIT, REAUTH_WINDOW_SECONDS, TWO_FACTOR_MESSAGES as M } from "./two-factor-messages";
import { checkTotpCode, codeKey } from "./two-factor-codes.server";

export interface SessionState {
  token: string;
  userId: string;
  aal: "aal1" | "aal2";
  authenticatedAt: Date;
  /** authenticated within REAUTH_WINDOW_SECONDS, by the database's clock */
  fresh: boolean;
}

/** The session behind this request, with Zampa's own columns; null when signed out. */
export async function sessionState(request: Request): Promise<SessionState | null> {
  const session = await auth().api.getSession({ headers: request.headers });
  if (!session) return null;
  const [row] = await db()
    .select({
      aal: sessions.aal,
      authenticatedAt: sessions.authenticatedAt,
      fresh: sql<boolean>`${sessions.authenticatedAt} > clock_timestamp() - make_interval(secs => ${REAUTH_WINDOW_SECONDS})`,
    })
    .from(sessions)
    .where(eq(sessions.token, session.session.token))
    .limit(1);
  if (!row) return null;
  return { token: session.session.token, userId: session.user.id, aal: row.aal === "aal2" ? "aal2" : "aal1", authenticatedAt: row.authenticatedAt, fresh: row.fresh };
}

/**
 * The check every sensitive change makes first (the profile's e-mail, password and two-factor
 * forms; the GDPR account deletion): 403 with an Italian message unless this session proved its
 * identity within 10 minutes. Returns the session's user id.
 */
export async function requireRecentAuth(request: Request): Promise<Result<{ userId: string }>> {
  const state = await sessionState(request);
  if (!state) return fail(401, M.signInExpired);
  if (!state.fresh) return fail(403, M.reauthRequired);
  return { ok: true, userId: state.userId };
}

/** Marks the session with this token as just authenticated (and at aal2 when a second factor was checked). */
export async function markAuthenticated(token: string, secondFactor: boolean): Promise<void> {
  await db()
    .update(sessions)
    .set({ authenticatedAt: sql`clock_timestamp()`, ...(secondFactor ? { aal: "aal2" } : {}) })
    .where(eq(sessions.token, token));
}

/**
 * "Conferma la tua identità": the account's password, or a current code of its authenticator app.
 * Throttled per account with the other code checks. On success the session is fresh for 10 minutes.
 */
export async function confirmIdentity(user: CurrentUser, request: Request, input: Record<string, unknown>): Promise<Result<{ message: string }>> {
  const password = typeof input.password === "string" ? input.password : "";
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  if (!password && !code) return fail(400, M.identityRequired);
  const state = await sessionState(request);
  if (!state || state.userId !== user.id) return fail(401, M.signInExpired);
  if (!(await hit(codeKey(user.id), CODE_CHECK_LIMIT)).allowed) return fail(429, M.tooManyCodes);
  if (password) {
    try {
      await auth().api.verifyPassword({ body: { password }, headers: request.headers });
    } catch (error) {
      logger.debug({ err: error }, "riautenticazione: password rifiutata");
      return fail(400, M.passwordWrong);
    }
  } else {
    const checked = await checkTotpCode(user.id, code, () => auth().api.verifyTOTP({ body: { code }, headers: request.headers }));
    if (!checked.ok) return checked;
  }
  await reset(codeKey(user.id));
  await markAuthenticated(state.token, false);
  return { ok: true, message: M.reauthDone };
}

/**
 * The profile's own sensitive forms: a new password, or a new e-mail address, need a recent
 * identity check (a name change alone does not). Null when the change may go ahead.
 */
export async function refuseStaleChange(user: CurrentUser, request: Request, intent: unknown, form: Record<string, unknown>): Promise<Failure | null> {
  const emailChange = intent === "profile" && typeof form.email === "string" && form.email.trim().toLowerCase() !== user.email.toLowerCase();
  if (intent !== "password" && !emailChange) return null;
  const recent = await requireRecentAuth(request);
  return recent.ok ? null : recent;
}
