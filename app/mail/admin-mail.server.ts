// The notices mailed to the back office's people (a contact message, a report): to every account
// whose role holds the permission that handles it (app/accounts/permissions.ts) — administrators,
// and moderators for what they moderate. What a notice is about is stored already and waits in the
// back office, so a send that fails is logged and the caller goes on.
import { inArray } from "drizzle-orm";
import { ROLE_PERMISSIONS, type Permission, type Role } from "~/accounts/permissions";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { sendMail, type Mail } from "./mailer.server";

function rolesHolding(permission: Permission): Role[] {
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => ROLE_PERMISSIONS[role].has(permission));
}

/** The addresses of the accounts that may handle what `permission` covers. */
export async function staffAddresses(permission: Permission): Promise<string[]> {
  const staff = await db().select({ email: profiles.email }).from(profiles).where(inArray(profiles.role, rolesHolding(permission)));
  return staff.map((person) => person.email);
}

/** Mails them, if there are any; a send that fails is logged with `failure`. */
export async function mailStaff(permission: Permission, mail: Omit<Mail, "to">, failure: string): Promise<void> {
  const to = await staffAddresses(permission);
  if (to.length === 0) return;
  try {
    await sendMail({ ...mail, to });
  } catch (error) {
    logger.error({ err: error }, failure);
  }
}
