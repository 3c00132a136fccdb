// Starts the production server once for the browser suite, on a temporary data directory with
// the demo content and an administrator, and stops it at the end.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { initAuth } from "~/accounts/auth.server";
import { readConfig, setConfig } from "~/config.server";
import { openDatabase, setDatabase } from "~/db/client.server";
import { seedDemoContent } from "~/seed/seed.server";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../../server/node-flags";
import { startFakeAiServer } from "../fake-ai-server";
import { createAccount } from "../accounts";
import { startOidcProvider } from "../oidc-provider";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { E2E_ADMIN, E2E_METRICS_TOKEN, E2E_SSO_ACCOUNT } from "./e2e-accounts";
import { insertFixtures } from "./insert-fixtures";


declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** the fake AI server's root (POST /__control sets its mode) */
    aiControlUrl: string;
    /** the OpenID provider's issuer (POST /__login chooses who signs in next) */
    oidcIssuer: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`il server è terminato (codice ${child.exitCode})`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("il server non è diventato pronto in tempo");
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-e2e-"));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const root = path.resolve(import.meta.dirname, "../..");

  // Demo content and the suite's fixtures, written before the server opens the database.
  setConfig({ ...readConfig({ NODE_ENV: "test" }), dataDir, publicUrl: baseUrl });
  const database = await openDatabase({ dataDir });
  setDatabase(database);
  await initAuth();
  await seedDemoContent();
  await insertFixtures();
  const ssoAccount = await createAccount({ email: E2E_SSO_ACCOUNT.email, password: E2E_SSO_ACCOUNT.password, fullName: "Sara Single" });
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, ssoAccount.id));
  await database.close();
  setDatabase(undefined);

  // The AI provider the app talks to: an OpenAI-compatible fake, started before the app server.
  const fakeAi = await startFakeAiServer();
  // The OpenID provider of single sign-on, also started before the app (which reads its discovery).
  const oidc = await startOidcProvider(baseUrl);

  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, SERVER_ENTRY)], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      DATABASE_URL: "",
      // The suite signs many people up from this one address, more than a school class would in an
      // hour: sign-up is the one per-address wall that stays for everyone (decision 0076).
      SIGN_UPS_PER_HOUR: "1000",
      SIGN_UPS_PER_DAY: "1000",
      // The AI queue's real limits would make the suite wait 30 s between requests.
      AI_BASE_URL: fakeAi.baseUrl,
      AI_API_KEY: "chiave-di-prova",
      AI_MIN_INTERVAL_SECONDS: "0",
      AI_PER_MINUTE: "1000",
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_NAME: E2E_SSO_ACCOUNT.providerName,
      // Sign-in keeps its real limits (SIGN_INS_PER_IP unset): the whole suite, hundreds of people
      // signing in from 127.0.0.1, is the office behind one address that must not be locked out,
      // since right passwords cost the address nothing (decisions 0074, 0076).
      // The route classes are off: the suite's anonymous posts (sign-ups, hostile input, the admin
      // sweep's intruders) come far faster than an office's; that signed-in requests count per
      // account is tested in app/lib/rate-limit-classes.server.test.ts.
      RATE_LIMITS: "off",
      // /metrics exists only with a token (tests/browser/http.test.ts scrapes it).
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      ACCESS_LOG: "true",
      ...SERVER_ENV,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseUrl, child, 90_000);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("aiControlUrl", `http://127.0.0.1:${fakeAi.port}`);
  project.provide("oidcIssuer", oidc.issuer);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    await fakeAi.close();
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
