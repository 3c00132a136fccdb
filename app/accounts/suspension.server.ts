// Whether an account is suspended by an administrator (decision 0110): asked by the sign-in (every
// way of opening a session), by the session read, and by publishing. Only the database here, so
// auth.server.ts can use it without a cycle.
import { and, eq, isNotNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { profiles } from "~/db/schema";

export async function isSuspended(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, userId), isNotNull(profiles.suspendedAt)))
    .limit(1);
  return row !== undefined;
}
