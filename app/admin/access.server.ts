// Who may use the back office, and the messages of its refusals. Every request under /admin passes
// the gate first (app/admin/gate.server.ts, the admin layout's middleware: signed in, an
// administrator, the second factor when REQUIRE_ADMIN_2FA asks for it); domain functions check the
// role again with refuseNonAdmin, so a function called from elsewhere is refused the same way.
import type { CurrentUser } from "~/accounts/session.server";
import { fail, type Failure } from "~/lib/result";
import { ADMIN_ACCESS_MESSAGES } from "./access-messages";

export { ADMIN_ACCESS_MESSAGES };

/** 401 for a visitor, 403 for a signed-in user who is not an admin, null for an admin. */
export function refuseNonAdmin(actor: CurrentUser | null): Failure | null {
  if (!actor) return fail(401, ADMIN_ACCESS_MESSAGES.mustSignIn);
  if (actor.role !== "admin") return fail(403, ADMIN_ACCESS_MESSAGES.adminOnly);
  return null;
}

/** Narrows an actor that passed refuseNonAdmin. */
export type AdminActor = CurrentUser & { role: "admin" };
