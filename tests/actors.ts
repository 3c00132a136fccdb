// Who calls a domain function in a test, as the routes hand it over (the CurrentUser the session
// gives). The back office's functions check the role before anything else, so their tests need no
// account in the database for the caller.
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";

export const ADMIN_ACTOR: CurrentUser = { id: "00000000-0000-4000-8000-000000000001", email: "admin@zampa.test", fullName: "Admin", role: "admin" };
export const USER_ACTOR: CurrentUser = { ...ADMIN_ACTOR, role: "user" };

/** Those a back-office function refuses, with its status and message: a visitor, then a signed-in user. */
export const REFUSED_ACTORS = [
  [null, 401, ADMIN_ACCESS_MESSAGES.mustSignIn],
  [USER_ACTOR, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
] as const;

/** An account (created by a test, or a row) signed in with `role`. */
export function asUser(account: { id: string; email: string }, role: CurrentUser["role"] = "user"): CurrentUser {
  return { id: account.id, email: account.email, fullName: "Utente Prova", role };
}
