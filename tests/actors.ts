// Who calls a domain function in a test, as the routes hand it over (the CurrentUser the session
// gives). The back office's functions check the role before anything else, so their tests need no
// account in the database for the caller.
import { can, type Permission } from "~/accounts/permissions";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";

export const ADMIN_ACTOR: CurrentUser = { id: "00000000-0000-4000-8000-000000000001", email: "admin@zampa.test", fullName: "Admin", role: "admin" };
export const USER_ACTOR: CurrentUser = { ...ADMIN_ACTOR, role: "user" };
export const EDITOR_ACTOR: CurrentUser = { ...ADMIN_ACTOR, id: "00000000-0000-4000-8000-000000000002", fullName: "Redattrice", role: "editor" };
export const MODERATOR_ACTOR: CurrentUser = { ...ADMIN_ACTOR, id: "00000000-0000-4000-8000-000000000003", fullName: "Moderatore", role: "moderator" };

/** Those a back-office function refuses, with its status and message: a visitor, then a signed-in user. */
export const REFUSED_ACTORS = [
  [null, 401, ADMIN_ACCESS_MESSAGES.mustSignIn],
  [USER_ACTOR, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
] as const;

/** An account (created by a test, or a row) signed in with `role`. */
export function asUser(account: { id: string; email: string }, role: CurrentUser["role"] = "user"): CurrentUser {
  return { id: account.id, email: account.email, fullName: "Utente Prova", role };
}

/**
 * Those a back-office function that needs `permission` refuses: a visitor, a signed-in user, and
 * the editor or moderator whose role does not hold it (decision 0107).
 */
export function refusedActors(permission: Permission): (readonly [CurrentUser | null, number, string])[] {
  const staff = [EDITOR_ACTOR, MODERATOR_ACTOR].filter((actor) => !can(actor.role, permission));
  return [...REFUSED_ACTORS, ...staff.map((actor) => [actor, 403, ADMIN_ACCESS_MESSAGES.notPermitted] as const)];
}
