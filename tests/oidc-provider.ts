// A real OpenID Connect provider (oidc-provider) on loopback, for the single sign-on tests: discovery,
// authorization code with PKCE, signed ID tokens, userinfo. Who signs in is chosen by the test
// (`signInAs`): the provider's login and consent screens are completed at once for that person.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface ProviderUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The person who signs in at the next authorization request. */
  signInAs(user: ProviderUser): void;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT = { clientId: "zampa-test", clientSecret: "segreto-di-prova-0123456789" };

/** Starts the provider; `appUrl` is Zampa's public URL (its callback is the only redirect URI). */
export async function startOidcProvider(appUrl: string, port = 0): Promise<TestOidcProvider> {
  let current: ProviderUser | null = null;
  const accounts = new Map<string, ProviderUser>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT.clientId,
        client_secret: TEST_OIDC_CLIENT.clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/oidc`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ["chiave-cookie-di-prova"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const user = accounts.get(sub);
      return user ? { accountId: sub, claims: () => ({ ...user }) } : undefined;
    },
  });
  // The provider's own errors are part of the test's answer (a redirect with ?error=), not noise.
  provider.on("server_error", () => {});
  const handle = provider.callback();

  server.on("request", (req, res) => {
    // For tests in another process (the browser suite): POST /__login {user} chooses who signs in next.
    if (req.url === "/__login" && req.method === "POST") {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        current = JSON.parse(body) as ProviderUser;
        res.end("ok");
      });
      return;
    }
    if (!req.url?.startsWith("/interaction/")) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "login") {
        if (!current) throw new Error("signInAs() was not called");
        accounts.set(current.sub, current);
        await provider.interactionFinished(req, res, { login: { accountId: current.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
        new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
      if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(" "));
      if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    ...TEST_OIDC_CLIENT,
    signInAs: (user) => {
      current = user;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
