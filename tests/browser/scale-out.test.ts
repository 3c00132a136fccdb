// Zampa as several processes behind a load balancer: three server processes on one PostgreSQL and
// one S3-compatible server (s3rver, signature-checking), behind nginx round robin, checked through
// HTTP (issue 20, decisions 0069-0072). Needs TEST_DATABASE_URL (a PostgreSQL server, where it makes
// its own database) and nginx; .ci/run provides both.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initAuth } from "~/accounts/auth.server";
import { readConfig, setConfig } from "~/config.server";
import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { SseParser, type SseMessage } from "~/ai/sse";
import { apiUsageLog, articles, contestSubmissions, contestVotes, conversationMessages, conversations, petListings, profiles, publishingLogs } from "~/db/schema";
import { messageSent } from "~/messages/events.server";
import { listenForMessages } from "~/messages/live.server";
import { createAccount, type TestAccount } from "../accounts";
import { cookieFrom } from "../cookies";
import { startFakeAiServer, type FakeAiServer } from "../fake-ai-server";
import { createArticle, createCategory, createContest, createListingRow, createSubmission } from "../factories";
import { freePort, hasNginx, startAppProcess, startNginx, stopAppProcess, type AppProcess, type Balancer } from "../../harness/load-balancer";
import { startS3Server, type TestS3Server } from "../../harness/s3-server";

const serverUrl = process.env.TEST_DATABASE_URL;
const AUTH_SECRET = "scale-out-secret-0123456789abcdefghijklmnop";
const PASSWORD = "Cuccioli-2026";
const VOTERS = 50;
const DUE_ARTICLES = 12;
const AI_DAILY_LIMIT = 3;

let dbName = "";
let database: Database;
let s3: TestS3Server;
let ai: FakeAiServer;
let apps: AppProcess[] = [];
let balancer: Balancer;
let voters: TestAccount[] = [];
let admin: TestAccount;
let entries: string[] = [];
let contestId = "";
let categorySlug = "";
const dueArticleIds: string[] = [];

function adminDatabaseUrl(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withServer(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * A form post as a browser sends it: to the public address (the balancer), whose origin it carries.
 * React Router refuses a form whose origin is not the host it was sent to.
 */
function post(url: string, body: BodyInit, cookie = "", headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", body, redirect: "manual", headers: { origin: balancer.url, cookie, ...headers } });
}

describe.skipIf(!serverUrl || !hasNginx())("three processes on one PostgreSQL and one S3 bucket, behind nginx", () => {
  beforeAll(async () => {
    dbName = `zampa_scale_${Date.now()}_${process.pid}`;
    await withServer(`create database "${dbName}"`);
    const databaseUrl = adminDatabaseUrl(dbName);

    // Accounts, a contest and due articles, written before the processes start (sessions signed with
    // the processes' AUTH_SECRET, so each works on any process).
    setConfig({ ...readConfig({ NODE_ENV: "test" }), databaseUrl, publicUrl: "http://127.0.0.1", authSecret: AUTH_SECRET });
    database = await openDatabase({ databaseUrl });
    setDatabase(database);
    await initAuth();
    admin = await createAccount({ role: "admin", verified: true, password: PASSWORD, email: `admin-${randomUUID()}@zampa.test` });
    // Made together: each is two scrypt hashes (a sign-up and a sign-in), which run on libuv's threads.
    voters = await Promise.all(Array.from({ length: VOTERS }, () => createAccount({ verified: true, password: PASSWORD })));
    const contest = await createContest();
    contestId = contest.id;
    entries = [(await createSubmission(contest.id, admin.id)).id, (await createSubmission(contest.id, admin.id)).id];
    const category = await createCategory();
    categorySlug = category.slug;
    for (let i = 0; i < DUE_ARTICLES; i++) {
      const article = await createArticle({ categoryId: category.id, status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: new Date(Date.now() - 60_000) });
      dueArticleIds.push(article.id);
    }

    s3 = await startS3Server();
    ai = await startFakeAiServer();
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: publicUrl,
      AUTH_SECRET,
      TRUST_PROXY: "true",
      SIGN_INS_PER_IP: "1000",
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: "chiave-di-prova",
      AI_DAILY_LIMIT: String(AI_DAILY_LIMIT),
      AI_PER_MINUTE: "1000",
      AI_MIN_INTERVAL_SECONDS: "0",
      SCHEDULER: "true",
      RATE_LIMITS: "off",
    };
    // Started together: they migrate, prepare and publish the due articles at the same moment.
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    apps = await Promise.all(ports.map((port) => startAppProcess(port, env)));
    balancer = await startNginx(balancerPort, ports);
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(apps.map(stopAppProcess));
    await ai?.close();
    await s3?.close();
    await database?.close();
    setDatabase(undefined);
    if (dbName) await withServer(`drop database if exists "${dbName}" with (force)`);
  }, 60_000);

  it("spreads requests over the processes, and a session made anywhere works on every one", async () => {
    const signIn = await post(`${balancer.url}/login`, new URLSearchParams({ intent: "signin", email: voters[1]!.email, password: PASSWORD }));
    expect(signIn.status, await signIn.clone().text()).toBe(302);
    const cookie = cookieFrom(signIn.headers);
    for (const app of apps) {
      const dashboard = await fetch(`${app.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
      expect(dashboard.status, app.url).toBe(200);
    }
    // Through the balancer, several requests in a row land on different processes and all know the visitor.
    for (let i = 0; i < 6; i++) expect((await fetch(`${balancer.url}/dashboard`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
  });

  it("publishes each due article exactly once, whichever process claimed it", async () => {
    await expect
      .poll(async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(articles).where(eq(articles.status, "published")))[0]!.n, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(DUE_ARTICLES);
    for (const id of dueArticleIds) {
      const logs = await database.db.select().from(publishingLogs).where(eq(publishingLogs.articleId, id));
      expect(logs.filter((l) => l.status === "success"), id).toHaveLength(1);
    }
  });

  it("shows a write made through one process at once on every process, cached anonymous pages included", async () => {
    // Every process has the list page cached for anonymous visitors.
    for (const app of apps) for (let i = 0; i < 2; i++) expect((await fetch(`${app.url}/pet-listings`)).status).toBe(200);

    const title = `Gattino ${randomUUID().slice(0, 8)} cerca casa`;
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg().toBuffer();
    const form = new FormData();
    const fields: Record<string, string> = {
      title,
      listingType: "adoption",
      petType: "cat",
      gender: "female",
      description: "Dolcissima gattina di tre mesi, abituata ai bambini.",
      city: "Milano",
      region: "Lombardia",
      address: "Via Dante 12",
      lat: "45.4654",
      lng: "9.1866",
      contactName: "Paola Verdi",
      contactPhone: "+39 333 1234567",
      contactEmail: voters[2]!.email,
      acceptPrivacy: "on",
      acceptTerms: "on",
      // What the law asks of a cat's listing (decision 0085).
      identificationCode: "380260000000321",
      birthDate: "2025-05-10",
      healthCertificate: "on",
      sellerType: "private",
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "micia.jpg");
    const created = await post(`${balancer.url}/create-pet-listing`, form, voters[2]!.cookie);
    expect(created.status, await created.clone().text()).toBeLessThan(400);

    // The answer has come: every process shows the new listing now, on the page it had cached.
    for (const app of apps) expect(await (await fetch(`${app.url}/pet-listings`)).text(), app.url).toContain(title);

    // Its photo went to the bucket, and is served from there (not from any process's disk).
    const [listing] = await database.db.select().from(petListings).where(eq(petListings.title, title));
    expect(listing).toBeDefined();
    const images = listing!.images as string[];
    expect(images.length).toBe(1);
    expect(images[0]!.startsWith(`${s3.publicUrl}/`)).toBe(true);
    const image = await fetch(images[0]!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    // The listing page names the same photo on every process.
    for (const app of apps) expect(await (await fetch(`${app.url}/pet-listing/${listing!.id}`)).text()).toContain(images[0]!);
  });

  it("counts 100 votes sent at once over the processes exactly", async () => {
    const votes = voters.flatMap((voter) => entries.map((entry) => ({ voter, entry })));
    expect(votes).toHaveLength(100);
    const answers = await Promise.all(votes.map(({ voter, entry }) => post(`${balancer.url}/contests/${contestId}`, new URLSearchParams({ submissionId: entry }), voter.cookie)));
    expect(answers.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    for (const entry of entries) {
      const [row] = await database.db.select({ votes: contestSubmissions.votesCount }).from(contestSubmissions).where(eq(contestSubmissions.id, entry));
      const [counted] = await database.db.select({ n: sql<number>`count(*)::int` }).from(contestVotes).where(eq(contestVotes.submissionId, entry));
      expect(row!.votes).toBe(VOTERS);
      expect(counted!.n).toBe(VOTERS);
    }
    // The contest page, on any process, shows the figure the database holds.
    const page = await (await fetch(`${apps[2]!.url}/contests/${contestId}`)).text();
    expect(page).toContain(`${VOTERS} voti`);
  });

  it("holds the AI daily limit for the sum of the processes", async () => {
    const body = JSON.stringify({ topic: "Cura del gatto anziano", category: categorySlug, keywords: ["gatto"], tone: "informative", length: "short" });
    const answers = await Promise.all(
      Array.from({ length: AI_DAILY_LIMIT + 4 }, () =>
        post(`${balancer.url}/admin/ai/generate-article`, body, admin.cookie, { "content-type": "application/json" }).then(async (r) => ({ status: r.status, text: await r.text() })),
      ),
    );
    const done = answers.filter((a) => a.status === 200 && a.text.includes("event: result"));
    expect(done).toHaveLength(AI_DAILY_LIMIT);
    const [logged] = await database.db.select({ n: sql<number>`count(*)::int` }).from(apiUsageLog).where(eq(apiUsageLog.status, "success"));
    expect(logged!.n).toBe(AI_DAILY_LIMIT);
    expect(ai.requests.filter((r) => r.kind === "article")).toHaveLength(AI_DAILY_LIMIT);
  });

  it("delivers a private message's news to the recipient's pages open on every process (decision 0091)", async () => {
    const owner = voters[4]!;
    const asker = voters[5]!;
    // No mail from this test process (its DATA_DIR is not a test's): the notice is turned off.
    await database.db.update(profiles).set({ messageMail: false }).where(eq(profiles.id, owner.id));
    const listing = await createListingRow(owner.id);
    const [conversation] = await database.db
      .insert(conversations)
      .values({ listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: asker.id, ownerUnread: 1 })
      .returning({ id: conversations.id });
    const [message] = await database.db
      .insert(conversationMessages)
      .values({ conversationId: conversation!.id, senderId: asker.id, body: "Ciao, è ancora disponibile?" })
      .returning({ id: conversationMessages.id });

    // The recipient's page open on each of the three processes; a visitor is refused.
    expect((await fetch(`${apps[0]!.url}/dashboard/messaggi/eventi`)).status).toBe(401);
    const aborts = apps.map(() => new AbortController());
    const streams = await Promise.all(
      apps.map((app, i) => fetch(`${app.url}/dashboard/messaggi/eventi`, { headers: { cookie: owner.cookie, accept: "text/event-stream" }, signal: aborts[i]!.signal })),
    );
    for (const stream of streams) {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("cache-control")).toBe("no-store");
    }
    const received = streams.map((stream) => firstEvent(stream, 5_000));
    // Each stream is subscribed once its "retry" line is out; a moment for the three to be listening.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Sent from a fourth process (this one, listening like the servers): NOTIFY carries it to them.
    const stop = await listenForMessages(adminDatabaseUrl(dbName));
    try {
      await messageSent({ conversationId: conversation!.id, messageId: message!.id, senderId: asker.id, recipientId: owner.id });
      const events = await Promise.all(received);
      for (const event of events) expect(event).toEqual({ event: "message", data: JSON.stringify({ conversationId: conversation!.id }) });
    } finally {
      for (const abort of aborts) abort.abort();
      await stop();
    }
  });
});

/** The first event of a server-sent events response (null after `timeoutMs`). */
async function firstEvent(response: Response, timeoutMs: number): Promise<SseMessage | null> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), timeout]);
      if (!chunk || chunk.done) return null;
      const [event] = parser.push(chunk.value);
      if (event) return event;
    }
  } catch {
    return null;
  } finally {
    void reader.cancel().catch(() => {});
  }
}
