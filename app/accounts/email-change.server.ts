// Changing an account's e-mail address (decision 0077): Zampa's own flow, not better-auth's
// stateless links. A request stores one row with the SHA-256 of two random tokens: the confirmation
// link goes to the new address, and a notice with a cancellation link goes at once to the current
// one. One request pending per account: a new one replaces the older, a link works once, and every
// link is bound to the address the account had when it was sent.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, lt, ne, sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { emailChanges, users, verifications } from "~/db/schema";
import type { EMAIL_CHANGE_STATES } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { hit, type Limit } from "~/lib/rate-limit.server";
import { fail, type Result } from "~/lib/result";
import { sendMail, type Mail } from "~/mail/mailer.server";
import { EMAIL_CHANGE_PATHS, EMAIL_LINK_MESSAGES, type EmailLinkKind, PROFILE_MESSAGES as M } from "./profile-validation";
import { tokenLink } from "./recovery-mail.server";

/**
 * Confirmation mails of an e-mail change, the one mail an account can have sent to an address of
 * its choosing: per account (the profile form's limit), and per recipient address, so that many
 * accounts cannot flood one stranger's inbox.
 */
export const EMAIL_CHANGE_LIMITS = {
  perAccount: { max: 5, windowSeconds: 60 * 60 },
  perAddress: { max: 3, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

/** Validity of both links of an e-mail change (seconds). */
export const EMAIL_CHANGE_LINK_TTL_SECONDS = 60 * 60 * 24;

/** Finished requests are kept this long, so that an old link says why it no longer works; then deleted. */
const KEEP_FINISHED_DAYS = 30;

export { EMAIL_CHANGE_PATHS, type EmailLinkKind };

type State = (typeof EMAIL_CHANGE_STATES)[number];
/** Why a link cannot be used: its request's state, or expired, or no request has it. */
export type LinkRefusal = Exclude<State, "pending"> | "expired" | "unknown";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const linkTo = (kind: EmailLinkKind, token: string) => tokenLink(EMAIL_CHANGE_PATHS[kind], token);

/** To the new address: no text the account chose (not even its name), as the address may be anyone's. */
export function confirmationMail(to: string, token: string): Mail {
  return {
    to,
    subject: "Conferma il tuo nuovo indirizzo email su Zampa",
    text: `Ciao,\n\nhai chiesto di usare questo indirizzo email per il tuo account Zampa. Per confermarlo apri questo link (valido per 24 ore e utilizzabile una sola volta):\n${linkTo("confirm", token)}\n\nFinché non lo confermi, il tuo account continua a usare l'indirizzo precedente. Se non hai chiesto tu questa modifica, ignora questo messaggio.\n\nIl team di Zampa`,
  };
}

/** To the account's current address, at once: what was asked, and how to withdraw it. */
export function noticeMail(to: string, newEmail: string, token: string): Mail {
  const recovery = new URL("/forgot-password", config().publicUrl).href;
  return {
    to,
    subject: "Richiesta di cambio dell'indirizzo email del tuo account Zampa",
    text: `Ciao,\n\nè stato chiesto di cambiare l'indirizzo email del tuo account Zampa da questo indirizzo a:\n${newEmail}\n\nIl cambio avviene solo se viene aperto il link che abbiamo inviato a quell'indirizzo (valido per 24 ore); fino ad allora l'account continua a usare questo.\n\nSe l'indirizzo è sbagliato o non hai chiesto tu il cambio, annullalo con questo link:\n${linkTo("cancel", token)}\n\nSe non sei stato tu, cambia anche la password: qualcuno potrebbe avere accesso al tuo account. Puoi reimpostarla da qui:\n${recovery}\n\nIl team di Zampa`,
  };
}

/** Takes one hit of each limit, in order; false at the first one that is exceeded. */
async function within(limits: [key: string, limit: Limit][]): Promise<boolean> {
  for (const [key, limit] of limits) if (!(await hit(key, limit)).allowed) return false;
  return true;
}

/**
 * Asks for the account's address to become `newEmail` (already checked: valid, not another
 * account's). Replaces any pending request, so its links stop working, then mails the new address
 * its confirmation link and the current address the notice. A mail that does not leave voids the
 * request (502).
 */
export async function requestEmailChange(userId: string, newEmail: string): Promise<Result> {
  const to = newEmail.trim().toLowerCase();
  const allowed = await within([
    [`email-change:user:${userId}`, EMAIL_CHANGE_LIMITS.perAccount],
    [`email-change:to:${to}`, EMAIL_CHANGE_LIMITS.perAddress],
  ]);
  if (!allowed) return fail(429, M.emailChangeTooMany);

  const confirmToken = randomBytes(32).toString("base64url");
  const cancelToken = randomBytes(32).toString("base64url");
  const request = await transaction(async (tx) => {
    // The account's row, locked: two requests of one account (a double click) follow each other.
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!account) return null;
    const now = new Date();
    await tx
      .update(emailChanges)
      .set({ state: "replaced", endedAt: now })
      .where(and(eq(emailChanges.userId, userId), eq(emailChanges.state, "pending")));
    await tx.delete(emailChanges).where(lt(emailChanges.expiresAt, new Date(now.getTime() - KEEP_FINISHED_DAYS * 86_400_000)));
    const [row] = await tx
      .insert(emailChanges)
      .values({
        userId,
        oldEmail: account.email.toLowerCase(),
        newEmail: to,
        confirmHash: hashOf(confirmToken),
        cancelHash: hashOf(cancelToken),
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LINK_TTL_SECONDS * 1000),
      })
      .returning({ id: emailChanges.id, oldEmail: emailChanges.oldEmail });
    return row!;
  });
  if (!request) return fail(404, M.profileError);

  try {
    await sendMail(confirmationMail(to, confirmToken));
    await sendMail(noticeMail(request.oldEmail, to, cancelToken));
  } catch (error) {
    logger.error({ err: error, userId }, "cambio email: messaggi non inviati");
    await db()
      .update(emailChanges)
      .set({ state: "voided", endedAt: new Date() })
      .where(and(eq(emailChanges.id, request.id), eq(emailChanges.state, "pending")));
    return fail(502, M.profileError);
  }
  return { ok: true };
}

export interface PendingEmailChange {
  newEmail: string;
  createdAt: Date;
  expiresAt: Date;
}

/** The account's request still waiting for its link, if any (for the profile page). */
export async function pendingEmailChange(userId: string): Promise<PendingEmailChange | null> {
  const [row] = await db()
    .select({ newEmail: emailChanges.newEmail, createdAt: emailChanges.createdAt, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.state, "pending"), gt(emailChanges.expiresAt, sql`now()`)))
    .limit(1);
  return row ?? null;
}

/** Withdraws the account's pending request from the profile (signed in); its links stop working. */
export async function cancelOwnEmailChange(userId: string): Promise<Result<{ message: string }>> {
  const ended = await db()
    .update(emailChanges)
    .set({ state: "cancelled", endedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.state, "pending"), gt(emailChanges.expiresAt, sql`now()`)))
    .returning({ id: emailChanges.id });
  if (ended.length === 0) return fail(409, M.noPendingEmailChange);
  return { ok: true, message: M.emailChangeCancelled };
}

const hashColumn = (kind: EmailLinkKind) => (kind === "confirm" ? emailChanges.confirmHash : emailChanges.cancelHash);

/** A link's request, locked when `lock` (inside a transaction), or why it cannot be used. */
async function findLink(kind: EmailLinkKind, token: unknown, lock: boolean) {
  if (typeof token !== "string" || token.length === 0 || token.length > 200) return { refusal: "unknown" as const };
  const query = db().select().from(emailChanges).where(eq(hashColumn(kind), hashOf(token))).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return { refusal: "unknown" as const };
  if (row.state !== "pending") return { refusal: row.state, row };
  if (row.expiresAt.getTime() <= Date.now()) return { refusal: "expired" as const, row };
  return { row };
}

export type LinkCheck = { usable: true; newEmail: string; oldEmail: string } | { usable: false; status: number; error: string };

function refused(kind: EmailLinkKind, refusal: LinkRefusal): { usable: false; status: number; error: string } {
  // A token no request has may be mistyped (400); a spent one is gone for good (410).
  return { usable: false, status: refusal === "unknown" ? 400 : 410, error: EMAIL_LINK_MESSAGES[kind][refusal] };
}

/** Whether a link can still be used, for its page to offer the button or say why not. */
export async function checkEmailLink(kind: EmailLinkKind, token: unknown): Promise<LinkCheck> {
  const found = await findLink(kind, token, false);
  if (found.refusal) return refused(kind, found.refusal);
  return { usable: true, newEmail: found.row.newEmail, oldEmail: found.row.oldEmail };
}

/**
 * The confirmation link, followed: the account's address becomes the new one (confirmed, since the
 * link proved the mailbox), the database trigger copies it to the profile, and every other link of
 * the account (password reset links sent to the old address) stops working. Refused, changing
 * nothing, when the link is unknown, spent, replaced, expired, or the account's address is no longer
 * the one it was sent for.
 */
export async function confirmEmailChange(token: unknown): Promise<Result<{ message: string }>> {
  try {
    return await transaction(async () => {
      const found = await findLink("confirm", token, true);
      if (found.refusal) {
        const { status, error } = refused("confirm", found.refusal);
        return fail(status, error);
      }
      const { row } = found;
      const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, row.userId)).for("update");
      if (!account || account.email.toLowerCase() !== row.oldEmail) {
        // Cannot happen through Zampa's own changes (they void the pending request); kept as the rule.
        await db().update(emailChanges).set({ state: "voided", endedAt: new Date() }).where(eq(emailChanges.id, row.id));
        const { status, error } = refused("confirm", "voided");
        return fail(status, error);
      }
      const [taken] = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, row.newEmail), ne(users.id, row.userId)))
        .limit(1);
      if (taken) return fail(409, M.emailTakenMeanwhile);
      await db().update(users).set({ email: row.newEmail, emailVerified: true }).where(eq(users.id, row.userId));
      await db().update(emailChanges).set({ state: "confirmed", endedAt: new Date() }).where(eq(emailChanges.id, row.id));
      await voidResetLinks(row.userId);
      // The back office's counters and user searches (better-auth's user hook did this before).
      await invalidate(CACHE_TAGS.accounts);
      return { ok: true as const, message: M.emailConfirmed };
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) return fail(409, M.emailTakenMeanwhile);
    throw error;
  }
}

/** The cancellation link (sent to the old address), followed: the pending request ends, once. */
export async function cancelEmailChange(token: unknown): Promise<Result<{ message: string }>> {
  return transaction(async () => {
    const found = await findLink("cancel", token, true);
    if (found.refusal) {
      const { status, error } = refused("cancel", found.refusal);
      return fail(status, error);
    }
    await db().update(emailChanges).set({ state: "cancelled", endedAt: new Date() }).where(eq(emailChanges.id, found.row.id));
    return { ok: true as const, message: M.emailChangeCancelled };
  });
}

/** better-auth keeps a reset link as identifier `reset-password:<token>` with the user's id as value. */
async function voidResetLinks(userId: string): Promise<void> {
  await db()
    .delete(verifications)
    .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, userId)));
}

/**
 * After a password reset or change: no link sent before it still works, neither another reset link
 * nor a pending e-mail change (which someone with the old password may have asked for).
 */
export async function voidAccountLinks(userId: string): Promise<void> {
  await voidResetLinks(userId);
  await db()
    .update(emailChanges)
    .set({ state: "voided", endedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), eq(emailChanges.state, "pending")));
}
