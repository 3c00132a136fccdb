// The first line of every back-office function: only an administrator gets further. Pages are
// guarded by the admin layout's loader (a redirect to /login); domain functions check again, so an
// action posted directly, or a function called from elsewhere, is refused the same way.
import type { CurrentUser } from "~/accounts/session.server";
import { fail, type Failure } from "~/lib/result";

export const ADMIN_ACCESS_MESSAGES = {
  mustSignIn: "Devi effettuare il login per continuare",
  adminOnly: "Solo gli amministratori possono eseguire questa operazione",
} as const;

/** 401 for a visitor, 403 for a signed-in user who is not an admin, null for an admin. */
export function refuseNonAdmin(actor: CurrentUser | null): Failure | null {
  if (!actor) return fail(401, ADMIN_ACCESS_MESSAGES.mustSignIn);
  if (actor.role !== "admin") return fail(403, ADMIN_ACCESS_MESSAGES.adminOnly);
  return null;
}

/** Narrows an actor that passed refuseNonAdmin. */
export type AdminActor = CurrentUser & { role: "admin" };
