// Tokens for other services (decision 0060): a signed-in user's short-lived JWT, signed with
// Zampa's EdDSA key, which another service verifies with the public keys (JWKS) without calling
// Zampa for each request.
import { APIError } from "better-auth/api";
import { auth } from "./auth.server";

export interface PublicKeySet {
  keys: { kid: string; kty: string; alg: string; crv?: string; x?: string }[];
}

/** The JWKS: the public half of every signing key still in use (made on first need). */
export async function publicKeys(): Promise<PublicKeySet> {
  return (await auth().api.getJwks()) as PublicKeySet;
}

/** A token for the user of the request's session; null when nobody is signed in. */
export async function tokenFor(request: Request): Promise<string | null> {
  try {
    const { token } = await auth().api.getToken({ headers: request.headers });
    return token;
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 401) return null;
    throw error;
  }
}
