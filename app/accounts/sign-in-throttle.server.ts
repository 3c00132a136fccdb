// Throttling of password sign-ins that cannot be turned against the account's owner (decision 0074).
// Failures are counted per (account, address) pair: ten wrong passwords for someone else's e-mail
// lock out only the address that typed them. Across addresses, an account that fails from many
// places is watched: addresses it has not signed in from lately get fewer tries and wait a moment,
// and the owner is told once a day, with the recovery link. A correct password from an address that
// has not been failing for the account always gets through; successes cost no address any budget
// (many people share one address behind a NAT). Counters live in the rate-limit table.
import { eq } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { hit, peek, release, reset, type Limit } from "~/lib/rate-limit.server";
import { sendMail } from "~/mail/mailer.server";
import { RATE_LIMIT_CLASSES } from "~/lib/rate-limit-classes";
import { failedSignInsMail } from "./account-notice-mail.server";

const WINDOW_SECONDS = RATE_LIMIT_CLASSES.signIn.perIp.windowSeconds;

export interface SignInLimits {
  /** failed attempts for one account from one address */
  perPair: Limit;
  /** the same, while the account is watched, from an address it has not signed in from lately */
  perPairWatched: Limit;
  /** failed attempts from one address, whatever the account (SIGN_INS_PER_IP) */
  perIp: Limit;
  /** distinct addresses failing for one account in the window that make it watched */
  watchedAfterAddresses: number;
  /** how long an address that signed in to an account counts as its own */
  knownAddressSeconds: number;
  /** the wait of an attempt on a watched account from an address it does not know */
  watchedDelayMs: number;
  /** one notice mail to the owner per this many seconds */
  noticeSeconds: number;
}

export function signInLimits(): SignInLimits {
  const perPair = RATE_LIMIT_CLASSES.signIn.perUser!;
  return {
    perPair,
    perPairWatched: { max: 3, windowSeconds: WINDOW_SECONDS },
    perIp: { max: config().signInsPerIp, windowSeconds: WINDOW_SECONDS },
    watchedAfterAddresses: 5,
    knownAddressSeconds: 30 * 24 * 60 * 60,
    watchedDelayMs: 1000,
    noticeSeconds: 24 * 60 * 60,
  };
}

/** The account key of a sign-in: its e-mail as better-auth stores it. */
export function signInAccount(email: unknown): string {
  return typeof email === "string" ? email.trim().toLowerCase() : "";
}

export const signInKeys = {
  pair: (account: string, ip: string) => `login:pair:${account}|${ip}`,
  ip: (ip: string) => `login:ip:${ip}`,
  failingAddresses: (account: string) => `login:failing-addresses:${account}`,
  known: (account: string, ip: string) => `login:known:${account}|${ip}`,
  notice: (account: string) => `login:notice:${account}`,
};

export type SignInCheck = { allowed: true } | { allowed: false };

/**
 * Before the password is checked: takes one hit of the pair and of the address (given back on
 * success), refuses when either budget is spent, and makes an attempt on a watched account from an
 * unknown address wait. An address that signed in to this account lately is never refused for the
 * address's failures on other accounts (its own pair budget still applies).
 */
export async function beginSignIn(account: string, ip: string): Promise<SignInCheck> {
  const limits = signInLimits();
  const k = signInKeys;
  const [failingAddresses, known] = await Promise.all([
    peek(k.failingAddresses(account), { max: 0, windowSeconds: WINDOW_SECONDS }),
    peek(k.known(account, ip), { max: 0, windowSeconds: limits.knownAddressSeconds }),
  ]);
  const watched = failingAddresses >= limits.watchedAfterAddresses && known === 0;
  const [pair, byIp] = await Promise.all([hit(k.pair(account, ip), watched ? limits.perPairWatched : limits.perPair), hit(k.ip(ip), limits.perIp)]);
  if (!pair.allowed || (!byIp.allowed && known === 0)) return { allowed: false };
  if (watched) await new Promise((resolve) => setTimeout(resolve, limits.watchedDelayMs));
  return { allowed: true };
}

/** The password was right (with or without a second factor to come): the attempt costs nothing. */
export async function signInSucceeded(account: string, ip: string): Promise<void> {
  const k = signInKeys;
  await Promise.all([
    reset(k.pair(account, ip)),
    release(k.ip(ip)),
    hit(k.known(account, ip), { max: Number.MAX_SAFE_INTEGER, windowSeconds: signInLimits().knownAddressSeconds }),
  ]);
}

/** Refused for another reason than the password (a malformed request): the attempt costs nothing. */
export async function signInNotCounted(account: string, ip: string): Promise<void> {
  await Promise.all([release(signInKeys.pair(account, ip)), release(signInKeys.ip(ip))]);
}

/**
 * A wrong password (the hits stay). The first failure of an address for this account counts it
 * among the account's failing addresses; when they reach the threshold the owner is told, once per
 * day, in the background (an unknown e-mail has no owner, and the answer must not wait for the mail).
 */
export async function signInFailed(account: string, ip: string): Promise<void> {
  const limits = signInLimits();
  const k = signInKeys;
  if ((await peek(k.pair(account, ip), limits.perPair)) !== 1) return;
  const addresses = await hit(k.failingAddresses(account), { max: limits.watchedAfterAddresses - 1, windowSeconds: WINDOW_SECONDS });
  if (addresses.count !== limits.watchedAfterAddresses) return;
  const notice = noticeOwner(account)
    .catch((err: unknown) => logger.error({ err }, "accesso: avviso al titolare non inviato"))
    .finally(() => notices.delete(notice));
  notices.add(notice);
}

const notices = new Set<Promise<void>>();

/** Waits for the notice mails being sent (tests read the outbox after them). */
export async function noticesSent(): Promise<void> {
  await Promise.all([...notices]);
}

async function noticeOwner(account: string): Promise<void> {
  const [owner] = await db().select({ email: users.email }).from(users).where(eq(users.email, account)).limit(1);
  if (!owner) return;
  if (!(await hit(signInKeys.notice(account), { max: 1, windowSeconds: signInLimits().noticeSeconds })).allowed) return;
  await sendMail(failedSignInsMail(owner.email));
}
