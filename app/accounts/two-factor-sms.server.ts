// The text message that carries a two-factor code (better-auth's twoFactor OTP, decision 0059).
// Kept apart from two-factor.server.ts, which calls auth(): auth.server.ts imports this module.
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { twoFactorPhones } from "~/db/schema";
import { sendSms } from "~/sms/sms.server";

/** How long an SMS code stays valid (minutes). */
export const TWO_FACTOR_SMS_MINUTES = 5;

/**
 * Sends the code to the account's phone: the verified one, or the one being enrolled (whose first
 * code proves it). No phone: nothing is sent (the pages offer SMS only when there is one).
 */
export async function sendTwoFactorSms({ user, otp }: { user: { id: string }; otp: string }): Promise<void> {
  const [row] = await db().select({ phone: twoFactorPhones.phone }).from(twoFactorPhones).where(eq(twoFactorPhones.userId, user.id)).limit(1);
  if (!row) return;
  await sendSms({
    to: row.phone,
    text: `Zampa: il tuo codice di verifica è ${otp}. Vale ${TWO_FACTOR_SMS_MINUTES} minuti. Non condividerlo con nessuno.`,
  });
}
