// The sign-in methods linked to the signed-in user's account (better-auth "accounts" rows): the
// e-mail and password, and the OpenID Connect provider of single sign-on. One can be unlinked while
// another remains: never the last, or nobody could sign in to the account again (decision 0060).
import { and, asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { accounts } from "~/db/schema";
import { fail, type Result } from "~/lib/result";
import type { CurrentUser } from "./session.server";
import { SESSION_MESSAGES as M } from "./sessions-messages";
import { OIDC_PROVIDER_ID, PASSWORD_PROVIDER_ID } from "./sso-config";

export { OIDC_PROVIDER_ID, PASSWORD_PROVIDER_ID };

export interface IdentityView {
  id: string;
  providerId: string;
  label: string;
  linkedAt: Date;
}

export function identityLabel(providerId: string): string {
  if (providerId === PASSWORD_PROVIDER_ID) return M.passwordMethod;
  if (providerId === OIDC_PROVIDER_ID) return config().oidc?.name ?? "OpenID Connect";
  return providerId;
}

export async function listIdentities(user: CurrentUser): Promise<IdentityView[]> {
  const rows = await db()
    .select({ id: accounts.id, providerId: accounts.providerId, linkedAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, user.id))
    // The password first, then by linking time (rows made in one transaction share their time).
    .orderBy(sql`${accounts.providerId} <> ${PASSWORD_PROVIDER_ID}`, asc(accounts.createdAt), asc(accounts.id));
  return rows.map((row) => ({ ...row, label: identityLabel(row.providerId) }));
}

const identityIdSchema = z.uuid();

/**
 * Unlinks one of the user's sign-in methods. The user's rows are locked first, so two requests that
 * each unlink one of the last two methods cannot both see "another remains".
 */
export async function unlinkIdentity(user: CurrentUser, identityId: unknown): Promise<Result<{ message: string }>> {
  const parsed = identityIdSchema.safeParse(identityId);
  if (!parsed.success) return fail(400, M.invalidIdentity);
  return transaction(async (tx) => {
    const linked = await tx
      .select({ id: accounts.id, providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, user.id))
      .for("update");
    const target = linked.find((row) => row.id === parsed.data);
    if (!target) return fail(404, M.identityNotFound);
    if (linked.length <= 1) return fail(400, M.lastIdentity);
    await tx.delete(accounts).where(and(eq(accounts.id, target.id), eq(accounts.userId, user.id)));
    return { ok: true as const, message: M.identityUnlinked(identityLabel(target.providerId)) };
  });
}
