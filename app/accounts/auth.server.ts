// better-auth, configured for Zampa: e-mail and password accounts in our PostgreSQL schema,
// sessions in httpOnly SameSite=Lax cookies (Secure behind HTTPS), e-mails through the one mailer.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { verifyJWT } from "better-auth/crypto";
import { and, eq, ne } from "drizzle-orm";
import { config } from "~/config.server";
import { db, dbProxy } from "~/db/client.server";
import { accounts, appSecrets, sessions, users, verifications } from "~/db/schema";
import { sendMail, type Mail } from "~/mail/mailer.server";
import { logger } from "~/lib/logger.server";
import { hit, reset } from "~/lib/rate-limit.server";
import { isCommonPassword } from "./common-passwords";
import { ACCOUNT_MESSAGES as M, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";
import { EMAIL_CONFIRMED_PATH } from "./profile-validation";

/** Set by the HTTP server from the socket (or the trusted proxy); any value sent by a client is replaced. */
export const CLIENT_IP_HEADER = "x-zampa-client-ip";

export const LOGIN_LIMITS = {
  perIp: { max: 30, windowSeconds: 15 * 60 },
  perAccount: { max: 10, windowSeconds: 15 * 60 },
} as const;

const PASSWORD_PATHS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Validity of the link that confirms a new e-mail address (seconds). */
export const EMAIL_CHANGE_LINK_TTL_SECONDS = 60 * 60 * 24;

// better-auth sends its e-mails "in the background or awaited" and swallows a failure; a caller
// that must tell the user the mail did not leave runs the call inside trackAuthMail.
const authMail = new AsyncLocalStorage<{ error?: unknown }>();

/** Runs fn (a better-auth call) and reports the error of an e-mail it failed to send, if any. */
export async function trackAuthMail<T>(fn: () => Promise<T>): Promise<{ value: T; mailError: unknown }> {
  const store: { error?: unknown } = {};
  const value = await authMail.run(store, fn);
  return { value, mailError: store.error };
}

async function sendAuthMail(mail: Mail): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    const store = authMail.getStore();
    if (store) store.error = error;
    throw error;
  }
}

/** The session-signing secret: AUTH_SECRET, or one generated once and shared through the database. */
async function loadSecret(): Promise<string> {
  const fromEnv = config().authSecret;
  if (fromEnv) return fromEnv;
  await db()
    .insert(appSecrets)
    .values({ name: "auth", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db().select().from(appSecrets).limit(1);
  if (!row) throw new Error("auth secret missing");
  return row.value;
}

function createAuth(secret: string) {
  const { publicUrl } = config();
  return betterAuth({
    appName: "Zampa",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [new URL(publicUrl).origin],
    database: drizzleAdapter(dbProxy, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Accounts are not asked to verify their address at sign-up, so better-auth's endpoint that
    // (re)sends a verification e-mail to any unverified address is not offered over HTTP.
    disabledPaths: ["/send-verification-email"],
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
    // Our own limiter lives in the database so that every process shares it (see hooks below).
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Reimposta la tua password su Zampa",
          text: `Ciao ${user.name},\n\nper scegliere una nuova password apri questo link:\n${url}\n\nSe non hai chiesto tu di reimpostare la password, ignora questo messaggio.\n\nIl team di Zampa`,
        });
      },
    },
    // E-mail change (decision 0026): with changeEmail enabled and no sendChangeEmailConfirmation,
    // better-auth 1.7 signs a "change-email-verification" token and sends the link to the NEW
    // address, whether or not the current one is verified; following it
    // (/api/auth/verify-email) writes users.email, and the database trigger copies it to the profile.
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_CHANGE_LINK_TTL_SECONDS,
      // Called only by the change-e-mail flow: `user.email` is the new address.
      sendVerificationEmail: async ({ user, url }) => {
        await sendAuthMail({
          to: user.email,
          subject: "Conferma il tuo nuovo indirizzo email su Zampa",
          text: `Ciao ${user.name},\n\nhai chiesto di usare questo indirizzo email per il tuo account Zampa. Per confermarlo apri questo link (valido per 24 ore):\n${url}\n\nFinché non lo confermi, il tuo account continua a usare l'indirizzo precedente. Se non hai chiesto tu questa modifica, ignora questo messaggio.\n\nIl team di Zampa`,
        });
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const field = PASSWORD_PATHS[ctx.path];
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (field) {
          const password = body[field];
          if (typeof password === "string" && isCommonPassword(password)) {
            throw new APIError("BAD_REQUEST", { message: M.passwordTooCommon, code: "PASSWORD_TOO_COMMON" });
          }
        }
        if (ctx.path === "/verify-email") await refuseTakenEmail(ctx.query?.token, ctx.context.secret, ctx.redirect);
        if (ctx.path === "/sign-in/email") {
          const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
          const [byIp, byAccount] = await Promise.all([
            hit(`login:ip:${ip}`, LOGIN_LIMITS.perIp),
            hit(`login:account:${email}`, LOGIN_LIMITS.perAccount),
          ]);
          if (!byIp.allowed || !byAccount.allowed) {
            throw new APIError("TOO_MANY_REQUESTS", { message: M.tooManyAttempts, code: "TOO_MANY_ATTEMPTS" });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A successful sign-in clears the account's failed attempts (the per-IP count stays).
        const signedIn = ctx.context.newSession;
        if (ctx.path === "/sign-in/email" && signedIn) await reset(`login:account:${signedIn.user.email.toLowerCase()}`);
      }),
    },
  });
}

/**
 * A confirmation link for an address that another account has taken since the link was sent: back
 * to the profile page with an error, instead of better-auth failing on the unique constraint.
 */
async function refuseTakenEmail(token: unknown, secret: string, redirect: (url: string) => unknown): Promise<void> {
  if (typeof token !== "string") return;
  const payload = await verifyJWT<{ updateTo?: unknown; userId?: unknown }>(token, secret);
  if (typeof payload?.updateTo !== "string" || typeof payload.userId !== "string") return;
  const [other] = await db()
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, payload.updateTo), ne(users.id, payload.userId)))
    .limit(1);
  if (other) throw redirect(`${EMAIL_CONFIRMED_PATH}&error=EMAIL_TAKEN`);
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

export async function initAuth(): Promise<Auth> {
  instance = createAuth(await loadSecret());
  return instance;
}

export function auth(): Auth {
  if (!instance) throw new Error("Auth not initialised: call ready() first");
  return instance;
}

/** better-auth's error code (USER_ALREADY_EXISTS, …), if the error is one of its own. */
export function authErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/** Italian text for an error from better-auth (by its code), for the forms. */
export function authErrorMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return M.emailTaken;
    case "INVALID_EMAIL":
      return M.emailInvalid;
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
      return M.invalidCredentials;
    case "PASSWORD_TOO_SHORT":
      return M.passwordTooShort;
    case "PASSWORD_TOO_LONG":
      return M.passwordTooLong;
    case "PASSWORD_TOO_COMMON":
      return M.passwordTooCommon;
    case "TOO_MANY_ATTEMPTS":
      return M.tooManyAttempts;
    default:
      return M.genericError;
  }
}
