// Who may do what in the back office, and the messages of its refusals. Every request under /admin
// passes the gate first (app/admin/gate.server.ts, the admin layout's middleware: signed in, holding
// the permission of the area, the second factor when REQUIRE_ADMIN_2FA asks for it); domain
// functions ask again for the permission they need with refuseWithout, so a function called from
// elsewhere is refused the same way. Roles and permissions: app/accounts/permissions.ts.
import type { CurrentUser } from "~/accounts/session.server";
import { can, isStaff, type Permission, type StaffRole } from "~/accounts/permissions";
import { fail, type Failure } from "~/lib/result";
import { ADMIN_ACCESS_MESSAGES } from "./access-messages";

export { ADMIN_ACCESS_MESSAGES };

/** The refusal of an actor who does not hold a permission, or null when they do. */
export function refuseWithout(actor: CurrentUser | null, permission: Permission): Failure | null {
  if (!actor) return fail(401, ADMIN_ACCESS_MESSAGES.mustSignIn);
  if (can(actor.role, permission)) return null;
  return fail(403, isStaff(actor.role) ? ADMIN_ACCESS_MESSAGES.notPermitted : ADMIN_ACCESS_MESSAGES.adminOnly);
}

/**
 * Someone the gate let into the back office: a role that holds "backoffice.enter", with the address
 * the request came from (recorded with what they write, app/audit/record.server.ts).
 */
export type AdminActor = CurrentUser & { role: StaffRole; address: string | null };
