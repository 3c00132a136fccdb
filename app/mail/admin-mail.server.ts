// The notices mailed to the site's administrators (a contact message, a report): to every account
// with the admin role. What a notice is about is stored already and waits in the back office, so a
// send that fails is logged and the caller goes on.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { sendMail, type Mail } from "./mailer.server";

/** The administrators' addresses. */
export async function adminAddresses(): Promise<string[]> {
  const admins = await db().select({ email: profiles.email }).from(profiles).where(eq(profiles.role, "admin"));
  return admins.map((admin) => admin.email);
}

/** Mails the administrators, if there are any; a send that fails is logged with `failure`. */
export async function mailAdmins(mail: Omit<Mail, "to">, failure: string): Promise<void> {
  const to = await adminAddresses();
  if (to.length === 0) return;
  try {
    await sendMail({ ...mail, to });
  } catch (error) {
    logger.error({ err: error }, failure);
  }
}
