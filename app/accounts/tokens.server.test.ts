import { createLocalJWKSet, createRemoteJWKSet, customFetch, jwtVerify, SignJWT, generateKeyPair, decodeProtectedHeader } from "jose";
import { describe, expect } from "vitest";
import { config } from "~/config.server";
import { loader as wellKnownJwks } from "~/routes/well-known.jwks";
import { createAccount, requestAs } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { auth } from "./auth.server";
import { publicKeys, tokenFor } from "./tokens.server";

const ORIGIN = new URL(config().publicUrl).origin;

/** The keys as another service fetches them: over HTTP at /.well-known/jwks.json (the route's answer). */
function remoteKeys() {
  return createRemoteJWKSet(new URL(`${ORIGIN}/.well-known/jwks.json`), {
    [customFetch]: async (url: string) => {
      expect(new URL(url).pathname).toBe("/.well-known/jwks.json");
      return wellKnownJwks();
    },
  });
}

describe("tokens for other services", () => {
  itDb("a signed-in user's token is verified with the published keys: EdDSA, Zampa as issuer and audience", async () => {
    const account = await createAccount({ fullName: "Marta Neri" });
    const token = await tokenFor(requestAs(account));
    expect(token).toEqual(expect.any(String));
    expect(decodeProtectedHeader(token!).alg).toBe("EdDSA");
    const { payload } = await jwtVerify(token!, remoteKeys(), { issuer: ORIGIN, audience: ORIGIN });
    expect(payload).toMatchObject({ sub: account.id, email: account.email, name: "Marta Neri" });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    // The account row's other fields are not in it.
    expect(payload).not.toHaveProperty("emailVerified");
  });

  itDb("the keys are served over HTTP at /api/auth/jwks, the same set as /.well-known/jwks.json", async () => {
    const response = await auth().handler(new Request(`${ORIGIN}/api/auth/jwks`));
    expect(response.status).toBe(200);
    const served = (await response.json()) as { keys: { kty: string; crv: string; d?: string }[] };
    expect(served).toEqual(await publicKeys());
    expect(served.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
    // Only public halves.
    expect(served.keys.every((key) => key.d === undefined)).toBe(true);
  });

  itDb("the signed-in browser gets its token at /api/auth/token; a visitor gets 401", async () => {
    const account = await createAccount();
    const response = await auth().handler(requestAs(account, `${ORIGIN}/api/auth/token`));
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const { payload } = await jwtVerify(token, createLocalJWKSet(await publicKeys()), { issuer: ORIGIN, audience: ORIGIN });
    expect(payload.sub).toBe(account.id);
    expect((await auth().handler(requestAs(null, `${ORIGIN}/api/auth/token`))).status).toBe(401);
    expect(await tokenFor(requestAs(null))).toBeNull();
  });

  itDb("refuses a tampered token, one signed with another key, and one for another audience", async () => {
    const account = await createAccount();
    const token = (await tokenFor(requestAs(account)))!;
    const keys = createLocalJWKSet(await publicKeys());
    const [header, body, signature] = token.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), sub: "altro" })).toString("base64url");
    await expect(jwtVerify(`${header}.${forgedBody}.${signature}`, keys)).rejects.toThrow();
    const stranger = await generateKeyPair("EdDSA");
    const kid = decodeProtectedHeader(token).kid!;
    const foreign = await new SignJWT({ sub: account.id }).setProtectedHeader({ alg: "EdDSA", kid }).setIssuer(ORIGIN).setAudience(ORIGIN).setExpirationTime("5m").sign(stranger.privateKey);
    await expect(jwtVerify(foreign, keys)).rejects.toThrow();
    await expect(jwtVerify(token, keys, { issuer: ORIGIN, audience: "https://altro.example" })).rejects.toThrow();
  });

  itDb("a session closed meanwhile gets no new token", async () => {
    const account = await createAccount();
    await auth().api.signOut({ headers: requestAs(account).headers });
    expect(await tokenFor(requestAs(account))).toBeNull();
  });
});
