// Provider ids of the sign-in methods, shared by the better-auth configuration and the account
// pages (no imports here, so auth.server.ts can use them without a cycle).

/** better-auth's provider id of an e-mail and password account. */
export const PASSWORD_PROVIDER_ID = "credential";
/** The provider id under which the OpenID Connect provider of OIDC_ISSUER is configured. */
export const OIDC_PROVIDER_ID = "oidc";
/** Where better-auth sends the browser back after a failed single sign-on (with ?error=<code>). */
export const SSO_ERROR_PATH = "/login";
