// better-auth, configured for Zampa: e-mail and password accounts in our PostgreSQL schema,
// sessions in httpOnly SameSite=Lax cookies (Secure behind HTTPS), e-mails through the one mailer.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth, jwt } from "better-auth/plugins";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, dbProxy } from "~/db/client.server";
import { accounts, appSecrets, jwks, sessions, twoFactors, users, verifications } from "~/db/schema";
import { sendMail, type Mail } from "~/mail/mailer.server";
import { logger } from "~/lib/logger.server";
import { hit, type Limit } from "~/lib/rate-limit.server";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { isCommonPassword } from "./common-passwords";
import { sendTwoFactorSms, TWO_FACTOR_SMS_MINUTES } from "./two-factor-sms.server";
import { ACCOUNT_MESSAGES as M, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";
import { EMAIL_CHANGE_PATHS, voidAccountLinks } from "./email-change.server";
import { OIDC_PROVIDER_ID, SSO_ERROR_PATH } from "./sso-config";
import { isEmailChangeToken, passwordResetMail, RESET_LINK_TTL_SECONDS, verificationMail } from "./recovery-mail.server";
import { firstError, fullNameSchema, signUpConsentSchema } from "./validation";
import { beginSignIn, signInAccount, signInFailed, signInNotCounted, signInSucceeded } from "./sign-in-throttle.server";
import { SIGN_IN_CODE_PATH, TWO_FACTOR_COOKIE_MAX_AGE } from "./two-factor-messages";
import { USER_MODERATION_MESSAGES } from "./moderation-texts";
import { isSuspended } from "./suspension.server";

/** Set by the HTTP server from the socket (or the trusted proxy); any value sent by a client is replaced. */
export { CLIENT_IP_HEADER } from "./client-ip";
import { CLIENT_IP_HEADER } from "./client-ip";

/** The sign-in's limits (decision 0074): per (account, address) pair, per address for failures only. */
export { signInLimits } from "./sign-in-throttle.server";

/**
 * New accounts from one client address (decision 0036): enough for a family or an office, a wall for
 * anyone making throwaway accounts (to vote, to send mail).
 */
export function signUpLimits(): { perAddressHour: Limit; perAddressDay: Limit } {
  const { signUpsPerHour, signUpsPerDay } = config();
  return {
    perAddressHour: { max: signUpsPerHour, windowSeconds: 60 * 60 },
    perAddressDay: { max: signUpsPerDay, windowSeconds: 24 * 60 * 60 },
  };
}

/** better-auth's path of the public keys (JWKS) that verify Zampa's tokens: /api/auth/jwks. */
export const JWKS_PATH = "/jwks";
/** Lifetime of a token for other services: short, as it cannot be revoked before it expires. */
export const TOKEN_TTL = "15m";

/**
 * better-auth's paths that Zampa's pages call over HTTP: only the link that confirms a new account's
 * e-mail address. Sign-up, sign-in, sign-out and the session are called on the server (auth().api.*,
 * from accounts.server.ts, session.server.ts), which `disabledPaths` does not affect; the e-mail
 * change is Zampa's own (email-change.server.ts, decision 0077).
 */
export const HTTP_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/verify-email",
  // Tokens for other services (decision 0060): the public keys, which those services fetch, and the
  // signed-in browser's token (GET, with the session cookie; no CORS, so no other site reads it).
  JWKS_PATH,
  "/token",
]);

/**
 * Every other path of better-auth 1.7, answered 404 over HTTP. `disabledPaths` compares exact paths,
 * so the two with a parameter (/callback/:id, /reset-password/:token) and any path a later version
 * adds are refused by the first hook below instead.
 */
export const DISABLED_AUTH_PATHS = [
  "/sign-up/email",
  "/sign-in/email",
  "/sign-in/social",
  "/sign-out",
  "/get-session",
  "/list-sessions",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/update-session",
  "/update-user",
  "/change-email",
  "/change-password",
  "/verify-password",
  "/delete-user",
  "/delete-user/callback",
  // Password recovery and the verification resend (decision 0058) are called on the server by
  // app/accounts/recovery.server.ts, which throttles them; the reset link leads to Zampa's own page.
  "/request-password-reset",
  "/reset-password",
  "/send-verification-email",
  "/link-social",
  "/list-accounts",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/account-info",
  "/ok",
  "/error",
  // Two-factor (decision 0059): the profile and the sign-in's second step call these on the server.
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
];

/**
 * The OpenID provider sends the browser back to /api/auth/callback/oidc (decision 0060): the one
 * callback served over HTTP, and only while single sign-on is configured.
 */
function isSsoCallback(path: string, params: unknown): boolean {
  return path === "/callback/:id" && (params as { id?: unknown } | undefined)?.id === OIDC_PROVIDER_ID && config().oidc !== undefined;
}

/** Codes of Zampa's own refusals in the hooks; each carries its Italian message. */
export const ZAMPA_AUTH_CODES = {
  passwordTooCommon: "PASSWORD_TOO_COMMON",
  tooManyAttempts: "TOO_MANY_ATTEMPTS",
  invalidName: "INVALID_NAME",
  consentRequired: "CONSENT_REQUIRED",
  tooManySignUps: "TOO_MANY_SIGN_UPS",
  accountSuspended: "ACCOUNT_SUSPENDED",
} as const;
const C = ZAMPA_AUTH_CODES;

/** The full name of a sign-up or an update, by the forms' rule; refused with its Italian message. */
function checkedName(value: unknown): string {
  const parsed = fullNameSchema.safeParse(value);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { message: firstError(parsed.error), code: C.invalidName });
  return parsed.data;
}

/** Takes one hit of each limit, in order; refuses (429) at the first one that is exceeded. */
async function within(limits: [key: string, limit: Limit][], message: string, code: string): Promise<void> {
  for (const [key, limit] of limits) {
    if (!(await hit(key, limit)).allowed) throw new APIError("TOO_MANY_REQUESTS", { message, code });
  }
}

const PASSWORD_PATHS: Record<string, string> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
};

/** Validity of the link that confirms a new account's e-mail address (seconds). */
export const VERIFICATION_LINK_TTL_SECONDS = 60 * 60 * 24;

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
  const { publicUrl, oidc } = config();
  return betterAuth({
    appName: "Zampa",
    baseURL: publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [new URL(publicUrl).origin],
    database: drizzleAdapter(dbProxy, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, jwks, twoFactor: twoFactors },
      transaction: true,
    }),
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: publicUrl.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Over HTTP only what the pages use (see HTTP_AUTH_PATHS); the rules are in the hooks below,
    // which run for the server's own calls too.
    disabledPaths: DISABLED_AUTH_PATHS,
    plugins: [
      // Tokens another service can verify with the public keys (JWKS): EdDSA (Ed25519), issuer and
      // audience Zampa's public URL, subject the user's id (decision 0060).
      jwt({
        jwks: { jwksPath: JWKS_PATH, keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        jwt: {
          issuer: new URL(publicUrl).origin,
          audience: new URL(publicUrl).origin,
          expirationTime: TOKEN_TTL,
          // Who, not the whole account row: the id is the subject; name and e-mail for display.
          definePayload: ({ user }) => ({ email: user.email, name: user.name }),
        },
        // Not a token on every session read (each page): only when one is asked for (/token).
        disableSettingJwtHeader: true,
      }),
      // Single sign-on with the OpenID Connect provider of OIDC_ISSUER (discovery), when configured
      // (decision 0060). It signs in to an existing account only: one already linked, or one whose
      // verified e-mail the provider vouches for (verified too; better-auth's account linking with
      // requireLocalEmailVerified). New accounts are made by the sign-up form, with its consents.
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret || undefined,
                  scopes: ["openid", "email", "profile"],
                  requireIdTokenVerification: true,
                  disableImplicitSignUp: true,
                },
              ],
            }),
          ]
        : []),
      // Two-factor sign-in (decision 0059): TOTP with 10 single-use backup codes, and codes by SMS
      // (the plugin's OTP) to the phone of two_factor_phones. No "trusted device": every sign-in of
      // an account with a factor asks for a code. Reached only through Zampa's pages (server calls).
      twoFactor({
        issuer: "Zampa",
        backupCodeOptions: { amount: 10, storeBackupCodes: "encrypted" },
        otpOptions: { sendOTP: sendTwoFactorSms, period: TWO_FACTOR_SMS_MINUTES, storeOTP: "hashed", allowedAttempts: 5 },
        twoFactorCookieMaxAge: TWO_FACTOR_COOKIE_MAX_AGE,
      }),
    ],
    // A failed single sign-on comes back to the sign-in page with ?error=<code> (the /error page of
    // better-auth is not served).
    onAPIError: { errorURL: SSO_ERROR_PATH },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
    // Our own limiter lives in the database so that every process shares it (see hooks below).
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // A new, changed (e-mail) or removed account changes the admin counters and searches
    // (app/accounts/counts.server.ts, admin.server.ts).
    databaseHooks: {
      // A suspended account opens no session (decision 0110), whichever way it signs in: the
      // password (after the password was checked, so only its owner learns it is suspended), the
      // single sign-on callback, the second factor's code, a link that signs in.
      session: {
        create: {
          before: async (session) => {
            if (await isSuspended(session.userId)) throw new APIError("FORBIDDEN", { message: USER_MODERATION_MESSAGES.signInRefused, code: C.accountSuspended });
          },
        },
      },
      user: {
        create: { after: () => invalidate(CACHE_TAGS.accounts) },
        update: { after: () => invalidate(CACHE_TAGS.accounts) },
        delete: { after: () => invalidate(CACHE_TAGS.accounts) },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // No session at sign-up (decision 0075): the answer must not tell a new address from a
      // registered one, and with autoSignIn off better-auth answers a registered address like a new
      // one (a made-up account, the password hashed all the same); signUp sends the one mail.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      // Password recovery (decision 0058): a single-use link valid for one hour, to Zampa's own
      // page (/reset-password?token=…), so no better-auth path is opened over HTTP for it.
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        await sendAuthMail(passwordResetMail(user.email, token));
      },
      // A reset spends its own link; every other reset link and any pending e-mail change of the
      // account stop working too (decision 0078).
      onPasswordReset: ({ user }) => voidAccountLinks(user.id),
    },
    // E-mail change: Zampa's own flow with stored single-use links (decision 0077), not better-auth's
    // changeEmail, which stays off (its /change-email refuses).
    emailVerification: {
      // Verification at sign-up (decision 0058): the sign-up form's domain function asks for the
      // mail (signUp in accounts.server.ts, decision 0075), so the server's own sign-ups (the
      // administrator of ADMIN_EMAIL, fixtures) send none. The link is better-auth's /verify-email.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_TTL_SECONDS,
      sendVerificationEmail: async ({ user, url }) => {
        await sendAuthMail(verificationMail(user.email, url));
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Over HTTP, only the paths the pages use: this also covers the paths with a parameter and
        // any path a later version of better-auth adds, which disabledPaths cannot name.
        if (ctx.request && !HTTP_AUTH_PATHS.has(ctx.path) && !isSsoCallback(ctx.path, ctx.params)) throw new APIError("NOT_FOUND");
        const field = PASSWORD_PATHS[ctx.path];
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (field) {
          const password = body[field];
          if (typeof password === "string" && isCommonPassword(password)) {
            throw new APIError("BAD_REQUEST", { message: M.passwordTooCommon, code: C.passwordTooCommon });
          }
        }
        if (ctx.path === "/verify-email") await refuseEmailChangeToken(ctx.query?.token, ctx.context.secret, ctx.redirect);
        if (ctx.path === "/sign-up/email") return { context: { body: { ...body, name: await checkSignUp(body, ctx.request, ctx.headers) } } };
        if (ctx.path === "/update-user" && body.name !== undefined) return { context: { body: { ...body, name: checkedName(body.name) } } };
        if (ctx.path === "/sign-in/email") {
          const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          if (!(await beginSignIn(signInAccount(body.email), ip)).allowed) {
            throw new APIError("TOO_MANY_REQUESTS", { message: M.tooManyAttempts, code: C.tooManyAttempts });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-in/email") {
          const ip = ctx.headers?.get(CLIENT_IP_HEADER) ?? "unknown";
          const account = signInAccount((ctx.body as Record<string, unknown> | undefined)?.email);
          // Runs before the two-factor plugin's hook: a right password has its session here still.
          if (ctx.context.newSession) await signInSucceeded(account, ip);
          else if (authErrorCode(ctx.context.returned) === "INVALID_EMAIL_OR_PASSWORD") await signInFailed(account, ip);
          else await signInNotCounted(account, ip);
          return;
        }
        await requireSecondFactor(ctx);
      }),
    },
  });
}

/** The password sign-ins the two-factor plugin itself turns into a pending sign-in. */
const PLUGIN_SIGN_IN_PATHS: ReadonlySet<string> = new Set(["/sign-in/email", "/sign-in/username", "/sign-in/phone-number"]);

type AfterHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Second factor on every way in (decision 0076). better-auth's two-factor plugin stops only the
 * password sign-ins above; any other request that arrives without the account's session and leaves
 * with a new one (the single sign-on callback, and whatever way in a later configuration or version
 * adds: a link that signs in, a sign-up) is turned into the same pending sign-in as the plugin's:
 * the session is deleted and its cookie cleared, the signed `two_factor` cookie names a verification
 * row holding the account's id (with the plugin's attempt counter), and the browser goes to the code
 * step (/login/codice), where verifySignInCode finishes it with the plugin's own endpoints. The
 * plugin's code endpoints (/two-factor/*) are the way out of that state, so they are left alone.
 */
async function requireSecondFactor(ctx: AfterHookContext): Promise<void> {
  const created = ctx.context.newSession;
  if (!created?.user.twoFactorEnabled) return;
  if (PLUGIN_SIGN_IN_PATHS.has(ctx.path) || ctx.path.startsWith("/two-factor/")) return;
  // A request that already held this account's session (a password change that renews it, an
  // e-mail change confirmed while signed in) is no way in: the session its endpoint read first, or
  // the one its cookie still names.
  if (ctx.context.session?.user.id === created.user.id) return;
  const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (previous) {
    if (previous === created.session.token) return;
    const held = await ctx.context.internalAdapter.findSession(previous);
    if (held?.user.id === created.user.id && new Date(held.session.expiresAt) > new Date()) return;
  }
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_COOKIE_MAX_AGE });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_COOKIE_MAX_AGE * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: created.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  throw ctx.redirect(SIGN_IN_CODE_PATH);
}

/**
 * The rules of the sign-up form, for every sign-up: the name always; the consent boxes and the
 * per-address limit whenever the sign-up is made for a client (over HTTP, or on the server with
 * the client's request headers). Only the server's own sign-ups (the administrator of ADMIN_EMAIL,
 * test fixtures) have no client. Returns the name to store.
 */
async function checkSignUp(body: Record<string, unknown>, request: Request | undefined, headers: Headers | undefined): Promise<string> {
  const name = checkedName(body.name);
  if (!request && !headers) return name;
  const consent = signUpConsentSchema.safeParse(body);
  if (!consent.success) throw new APIError("BAD_REQUEST", { message: firstError(consent.error), code: C.consentRequired });
  const ip = (request?.headers ?? headers)?.get(CLIENT_IP_HEADER) ?? "unknown";
  const limits = signUpLimits();
  await within(
    [
      [`signup:ip:hour:${ip}`, limits.perAddressHour],
      [`signup:ip:day:${ip}`, limits.perAddressDay],
    ],
    M.tooManySignUps,
    C.tooManySignUps,
  );
  return name;
}

/**
 * better-auth's own e-mail change links (stateless, replayable: decision 0077) are no longer made,
 * but one sent before may still be valid: it leads to Zampa's confirmation page, which says the link
 * is not valid, and changes nothing.
 */
async function refuseEmailChangeToken(token: unknown, secret: string, redirect: (url: string) => unknown): Promise<void> {
  if (typeof token === "string" && (await isEmailChangeToken(token, secret))) throw redirect(EMAIL_CHANGE_PATHS.confirm);
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
    case C.passwordTooCommon:
    case C.tooManyAttempts:
    case C.invalidName:
    case C.consentRequired:
    case C.tooManySignUps:
    case C.accountSuspended:
      // Zampa's own refusals carry their Italian message.
      return (error as APIError).message;
    default:
      return M.genericError;
  }
}
