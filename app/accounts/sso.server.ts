// Single sign-on with the OpenID Connect provider configured by OIDC_ISSUER (decision 0060): the
// sign-in page starts it here, the provider sends the browser back to better-auth's callback
// (/api/auth/callback/oidc), which signs in to the linked account or links the account with the
// same verified e-mail, then comes back to "/" (or to /login?error=<code> when it cannot).
import { config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { auth, ZAMPA_AUTH_CODES } from "./auth.server";
import { USER_MODERATION_MESSAGES } from "./moderation-texts";
import { OIDC_PROVIDER_ID, SSO_ERROR_PATH } from "./sso-config";

/** The provider's name for the button ("Accedi con {name}"), or null when none is configured. */
export function ssoProviderName(): string | null {
  return config().oidc?.name ?? null;
}

export const SSO_MESSAGES = {
  unavailable: (name: string) => `Accesso con ${name} non disponibile in questo momento. Riprova più tardi o accedi con email e password.`,
  notConfigured: "L'accesso con un provider esterno non è attivo su questo sito.",
  notLinked: (name: string) =>
    `Esiste già un account Zampa con questa email, ma l'indirizzo non è ancora verificato: accedi con email e password, verifica l'indirizzo e poi potrai usare ${name}.`,
  noAccount: (name: string) =>
    `Nessun account Zampa è collegato a questo profilo ${name}. Registrati con il modulo (con la stessa email, verificata) e poi potrai accedere con ${name}.`,
  noEmail: (name: string) => `${name} non ci ha comunicato un indirizzo email verificato: non possiamo collegarlo a un account Zampa.`,
  failed: (name: string) => `Accesso con ${name} non riuscito. Riprova.`,
} as const;

/** Italian text for the ?error= code better-auth adds when single sign-on fails. */
export function ssoErrorMessage(code: string | null): string | null {
  const name = ssoProviderName();
  if (!code || !name) return null;
  switch (code) {
    case "account_not_linked":
      return SSO_MESSAGES.notLinked(name);
    case "signup_disabled":
      return SSO_MESSAGES.noAccount(name);
    case ZAMPA_AUTH_CODES.accountSuspended:
      return USER_MODERATION_MESSAGES.signInRefused;
    case "email_not_found":
    case "email_is_missing":
      return SSO_MESSAGES.noEmail(name);
    default:
      return SSO_MESSAGES.failed(name);
  }
}

/**
 * Starts the sign-in: the provider's authorization address (to redirect the browser to) and the
 * cookies that tie the answer to this browser (state, PKCE verifier).
 */
/**
 * Starts a sign-in at the provider; `back` (a same-site path, checked by safeReturnPath) is where
 * the callback lands once signed in (decision 0092), the home page otherwise.
 */
export async function startSso(request: Request, back: string | null = null): Promise<Result<{ url: string; headers: Headers }>> {
  const name = ssoProviderName();
  if (!name) return fail(404, SSO_MESSAGES.notConfigured);
  try {
    const { headers, response } = await auth().api.signInSocial({
      body: { provider: OIDC_PROVIDER_ID, callbackURL: back ?? "/", errorCallbackURL: SSO_ERROR_PATH, disableRedirect: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if (!response.url) return fail(503, SSO_MESSAGES.unavailable(name));
    const cookies = new Headers();
    for (const cookie of headers.getSetCookie()) cookies.append("set-cookie", cookie);
    return { ok: true, url: response.url, headers: cookies };
  } catch (error) {
    // Provider unreachable at start-up and now (discovery), or refused by better-auth.
    logger.warn({ err: error }, "single sign-on could not start");
    return fail(503, SSO_MESSAGES.unavailable(name));
  }
}
