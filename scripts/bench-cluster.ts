// `npm run bench -- --cluster`: Zampa as many processes (issue 20, decisions 0069-0072).
//
// Load: a mix of public pages, listing searches and signed-in dashboard reads for --duration (60 s)
// at --connections (64), through nginx to two processes on PostgreSQL, then the same on the embedded
// database (one process). Every request carries a browser's headers (Accept-Encoding, user agent).
// Faults (PostgreSQL, two processes, s3rver for the photos): `kill -9` of one process during a burst of
// listing creations and votes, then what the database holds; then PostgreSQL restarted under load,
// with /readyz watched. The faults restart the machine's PostgreSQL: run them on a quiet machine.
//
//   node scripts/bench.ts --cluster [--skip-build] [--duration=60s] [--connections=64] [--cluster-parts=load,faults]
//
// Erasable TypeScript only (the pinned Node runs it directly).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { readdirSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { build } from "./build.ts";
import { freePort, hasNginx, startAppProcess, startNginx, stopAppProcess, type AppProcess } from "../harness/load-balancer.ts";
import { startS3Server } from "../harness/s3-server.ts";
import type { ClusterOptions } from "./bench/args.ts";
import { findExecutable, out, root, sleep, step } from "./bench/common.ts";
import { benchFetch } from "./bench/http.ts";
import { openBenchDatabase } from "./bench/listings.ts";
import { DEMO_USER, listingForm, makePhoto } from "./bench/publish.ts";
import { formatInt, formatMs, table } from "./bench/report.ts";
import { errorsText, runWrk, type WrkResult } from "./bench/wrk.ts";

const execFileAsync = promisify(execFile);
const SERVER_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const MIX_LUA = path.join(root, "scripts/bench-mix.lua");
/** Copies of the demo listings added before measuring, so that searches read a catalogue, not a page. */
const LISTING_COPIES = 400;
const APP_ENV = { RATE_LIMITS: "off", SIGN_INS_PER_IP: "1000", LOG_LEVEL: "warn" };

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

interface Queryable {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

/** The demo listings copied LISTING_COPIES times (same statement on both engines). */
async function addListings(client: Queryable): Promise<{ count: number; ids: string[] }> {
  const columns = (
    await client.query<{ name: string }>(
      "select column_name as name from information_schema.columns where table_name = 'pet_listings' and is_generated = 'NEVER' and column_name <> 'id' order by ordinal_position",
    )
  ).rows.map((r) => r.name);
  const select = columns.map((c) => (c === "title" ? `p.title || ' ' || g` : c === "created_at" ? `p.created_at - make_interval(mins => g)` : `p.${c}`));
  await client.query(
    `insert into pet_listings (${columns.join(", ")}) select ${select.join(", ")} from pet_listings p cross join generate_series(1, ${LISTING_COPIES}) g`,
  );
  await client.query("analyze pet_listings");
  const count = Number((await client.query<{ n: string }>("select count(*) as n from pet_listings")).rows[0]?.n ?? 0);
  const ids = (await client.query<{ id: string }>("select id from pet_listings where status = 'active' order by created_at desc limit 4")).rows.map((r) => r.id);
  return { count, ids };
}

async function signInAs(base: string, email: string, password: string): Promise<string> {
  const body = new URLSearchParams({ intent: "signin", email, password });
  const response = await benchFetch(`${base}/login`, { method: "POST", body, headers: { origin: base }, redirect: "manual" });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
  if (!cookie.includes("session_token")) throw new Error(`sign-in of ${email} answered HTTP ${response.status} without a session`);
  return cookie;
}

/** The request mix: 40 % public pages, 35 % listing searches, 25 % signed-in dashboard reads. */
async function writeMix(base: string, cookies: string[], listingIds: string[], dir: string): Promise<string> {
  const publicPages = ["/", "/articles", "/article/prime-settimane-con-il-cucciolo", "/category/cani", "/pet-listings", "/contests", ...listingIds.slice(0, 4).map((id) => `/pet-listing/${id}`)];
  const searches = [
    "/pet-listings?q=gatto",
    "/pet-listings?petType=dog&region=Lazio",
    "/pet-listings?q=labrador&listingType=adoption",
    "/pet-listings?petType=cat&page=2",
    "/pet-listings?region=Lombardia",
    "/pet-listings?listingType=sale&petType=dog",
    "/pet-listings?page=5",
  ];
  const dashboard = cookies.flatMap((cookie) => [`/dashboard\t${cookie}`, `/dashboard/pet-listings\t${cookie}`]);
  const lines: string[] = [];
  for (let i = 0; i < 100; i++) {
    if (i % 20 < 8) lines.push(publicPages[i % publicPages.length]!);
    else if (i % 20 < 15) lines.push(searches[i % searches.length]!);
    else lines.push(dashboard[i % dashboard.length]!);
  }
  // Every request of the mix answers 200 before it is measured.
  for (const line of new Set(lines)) {
    const [p, cookie] = line.split("\t");
    const response = await benchFetch(base + p, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${p} answered HTTP ${response.status} before the load`);
  }
  const file = path.join(dir, "mix.txt");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

interface LoadRow {
  label: string;
  wrk: WrkResult;
}

async function prepareSite(env: Record<string, string>, client: () => Promise<Queryable & { close(): Promise<void> }>): Promise<{ count: number; ids: string[] }> {
  // A first start loads the demo content; the catalogue is then grown while no server runs.
  const first = await startAppProcess(await freePort(), { ...APP_ENV, ...env, SEED_DEMO: "true" }, { quiet: true });
  await stopAppProcess(first);
  const db = await client();
  try {
    return await addListings(db);
  } finally {
    await db.close();
  }
}

async function load(options: ClusterOptions, wrk: string, dir: string): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const users = async (query: (text: string) => Promise<{ rows: { email: string }[] }>) =>
    (await query("select email from users where email like '%@zampa.test' and email <> 'admin@zampa.test' order by email limit 4")).rows.map((r) => r.email);

  // PostgreSQL: two processes behind nginx.
  const name = `zampa_bench_${Date.now()}`;
  await onServer(SERVER_URL, (c) => c.query(`create database "${name}"`));
  const url = databaseUrl(name);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-pg-"));
  try {
    step("cluster: PostgreSQL: demo content and a catalogue of listings…");
    const site = await prepareSite({ DATABASE_URL: url, DATA_DIR: dataDir }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return { query: <T,>(text: string) => c.query(text) as unknown as Promise<{ rows: T[] }>, close: () => c.end() };
    });
    step(`cluster: ${formatInt(site.count)} listings`);
    const ports = [await freePort(), await freePort()];
    const balancerPort = await freePort();
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    // The uploads folder is shared by the two processes here (no photos are written by the load).
    const env = { ...APP_ENV, DATABASE_URL: url, PUBLIC_URL: publicUrl, SEED_DEMO: "false" };
    const apps = await Promise.all(ports.map((port) => startAppProcess(port, env, { quiet: true })));
    const balancer = await startNginx(balancerPort, ports);
    try {
      const emails = await onServer(url, (c) => users((t) => c.query(t)));
      const cookies = await Promise.all(emails.map((email) => signInAs(publicUrl, email, DEMO_USER.password)));
      const mix = await writeMix(publicUrl, cookies, site.ids, dir);
      step(`cluster: warm-up, then ${options.duration} at ${options.connections} connections through nginx to 2 processes on PostgreSQL…`);
      const wrkOptions = { connections: options.connections, pathsFile: mix, timeout: "10s", script: MIX_LUA };
      await runWrk(wrk, publicUrl, "10s", wrkOptions);
      rows.push({ label: "2 processes, PostgreSQL, via nginx", wrk: await runWrk(wrk, publicUrl, options.duration, wrkOptions) });
    } finally {
      await balancer.stop();
      await Promise.all(apps.map(stopAppProcess));
      await onServer(SERVER_URL, (c) => c.query(`drop database if exists "${name}" with (force)`));
      rmSync(dataDir, { recursive: true, force: true });
    }
  } catch (error) {
    await onServer(SERVER_URL, (c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
    throw error;
  }

  // The embedded database: one process, no balancer.
  const embeddedDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-pglite-"));
  try {
    step("cluster: PGlite: demo content and a catalogue of listings…");
    const site = await prepareSite({ DATA_DIR: embeddedDir, DATABASE_URL: "" }, async () => {
      const c = await openBenchDatabase(embeddedDir);
      return { query: <T,>(text: string) => c.query<T>(text), close: () => c.close() };
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const app = await startAppProcess(port, { ...APP_ENV, DATA_DIR: embeddedDir, DATABASE_URL: "", PUBLIC_URL: base, SEED_DEMO: "false" }, { quiet: true });
    try {
      const cookies = [await signInAs(base, DEMO_USER.email, DEMO_USER.password)];
      const mix = await writeMix(base, cookies, site.ids, dir);
      step(`cluster: warm-up, then ${options.duration} at ${options.connections} connections to 1 process on PGlite…`);
      const wrkOptions = { connections: options.connections, pathsFile: mix, timeout: "10s", script: MIX_LUA };
      await runWrk(wrk, base, "10s", wrkOptions);
      rows.push({ label: "1 process, PGlite", wrk: await runWrk(wrk, base, options.duration, wrkOptions) });
    } finally {
      await stopAppProcess(app);
    }
  } finally {
    rmSync(embeddedDir, { recursive: true, force: true });
  }
  return rows;
}

interface FaultReport {
  lines: string[];
}

function postgresCluster(): { version: string; name: string } | undefined {
  try {
    const version = readdirSync("/etc/postgresql")[0];
    return version ? { version, name: "main" } : undefined;
  } catch {
    return undefined;
  }
}

async function faults(): Promise<FaultReport> {
  const lines: string[] = [];
  const name = `zampa_faults_${Date.now()}`;
  await onServer(SERVER_URL, (c) => c.query(`create database "${name}"`));
  const url = databaseUrl(name);
  const s3 = await startS3Server({ bucket: "zampa-faults" });
  const ports = [await freePort(), await freePort()];
  const balancerPort = await freePort();
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const env = {
    ...APP_ENV,
    DATABASE_URL: url,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: "true",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  };
  let apps: AppProcess[] = [];
  const balancer = { stop: async () => {} };
  try {
    apps = [await startAppProcess(ports[0]!, env, { quiet: true })];
    apps.push(await startAppProcess(ports[1]!, env, { quiet: true }));
    const nginx = await startNginx(balancerPort, ports);
    balancer.stop = () => nginx.stop();
    const voters = (await onServer(url, (c) => c.query<{ email: string; id: string }>("select email, id from users where email like '%@zampa.test' order by email limit 6"))).rows;
    const cookies = await Promise.all(voters.map((v) => signInAs(publicUrl, v.email, DEMO_USER.password)));
    const contest = (
      await onServer(url, (c) =>
        c.query<{ contest_id: string; id: string; user_id: string }>(
          "select s.contest_id, s.id, s.user_id from contest_submissions s join contests c on c.id = s.contest_id where s.status = 'approved' and c.status = 'active' and c.start_date <= now() and c.end_date > now() limit 4",
        ),
      )
    ).rows;
    if (contest.length === 0) throw new Error("no contest open for votes in the demo content");
    const photo = await makePhoto(7, 150_000);
    const breeds = (await (await benchFetch(`${publicUrl}/api/breeds?petType=cat`, { headers: { cookie: cookies[0]! } })).json()) as { breeds?: string[] };
    const breed = breeds.breeds?.[0] ?? "";

    // The burst: 8 loops for 12 s, each publishing a listing with a photo or voting; one process killed at 4 s.
    step("faults: a burst of listings and votes through nginx; kill -9 of one process after 4 s…");
    const created: string[] = [];
    let votesOk = 0;
    let failed = 0;
    const reasons = new Map<string, number>();
    let afterKillOk = 0;
    let killed = false;
    const started = Date.now();
    const loop = async (n: number) => {
      let i = 0;
      while (Date.now() - started < 12_000) {
        const who = (n + i) % cookies.length;
        const cookie = cookies[who]!;
        i++;
        try {
          if (i % 2 === 0) {
            const form = listingForm({ title: `Guasto ${n}-${i}: micio cerca casa`, petType: "cat", breed, description: "Gatto tranquillo, vaccinato, cerca una famiglia." }, [photo]);
            const response = await benchFetch(`${publicUrl}/api/pet-listings`, { method: "POST", body: form, headers: { origin: publicUrl, cookie } });
            const body = (await response.json().catch(() => ({}))) as { ok?: boolean; id?: string };
            if (response.status === 201 && body.id) {
              created.push(body.id);
              if (killed) afterKillOk++;
            } else {
              failed++;
              reasons.set(`listing HTTP ${response.status}`, (reasons.get(`listing HTTP ${response.status}`) ?? 0) + 1);
            }
          } else {
            // Nobody votes for their own entry (refused, and not what this measures).
            const others = contest.filter((e) => e.user_id !== voters[who]!.id);
            const entry = others[(n + i) % others.length]!;
            const response = await benchFetch(`${publicUrl}/contests/${entry.contest_id}`, {
              method: "POST",
              body: new URLSearchParams({ submissionId: entry.id }),
              headers: { origin: publicUrl, cookie },
              redirect: "manual",
            });
            await response.arrayBuffer();
            if (response.status === 200) {
              votesOk++;
              if (killed) afterKillOk++;
            } else {
              failed++;
              reasons.set(`vote HTTP ${response.status}`, (reasons.get(`vote HTTP ${response.status}`) ?? 0) + 1);
            }
          }
        } catch {
          failed++;
          reasons.set("no answer", (reasons.get("no answer") ?? 0) + 1);
        }
      }
    };
    const killer = (async () => {
      await sleep(4_000);
      apps[0]!.child.kill("SIGKILL");
      killed = true;
    })();
    await Promise.all([killer, ...Array.from({ length: 8 }, (_, n) => loop(n))]);
    const check = await onServer(url, async (c) => {
      const rows = (await c.query<{ id: string; images: string[] }>("select id, images from pet_listings where title like 'Guasto %'")).rows;
      const found = new Set(rows.map((r) => r.id));
      const missing = created.filter((id) => !found.has(id)).length;
      let withoutImages = 0;
      let imagesMissing = 0;
      for (const row of rows) {
        if (!row.images || row.images.length === 0) withoutImages++;
        for (const image of row.images ?? []) if ((await fetch(image, { method: "HEAD" })).status !== 200) imagesMissing++;
      }
      const counts = (
        await c.query<{ wrong: string }>(
          "select count(*) as wrong from contest_submissions s where s.votes_count <> (select count(*) from contest_votes v where v.submission_id = s.id)",
        )
      ).rows[0]!.wrong;
      return { rows: rows.length, missing, withoutImages, imagesMissing, wrongCounts: Number(counts) };
    });
    lines.push(
      `kill -9 during a burst (8 loops, 12 s, killed at 4 s): ${created.length} listings and ${votesOk} votes answered as done, ${failed} failed (${[...reasons].map(([why, n]) => `${why} ×${n}`).join(", ") || "none"}), ${afterKillOk} done after the kill`,
      `  database afterwards: ${check.rows} burst listings, ${check.missing} answered-as-done missing, ${check.withoutImages} without images, ${check.imagesMissing} images missing from the bucket, ${check.wrongCounts} entries whose vote count differs from their votes`,
    );

    // PostgreSQL restarted under load.
    const cluster = postgresCluster();
    if (!cluster) {
      lines.push("PostgreSQL restart: skipped (no local cluster in /etc/postgresql)");
    } else {
      step("faults: PostgreSQL restarted under load; /readyz watched on the surviving process…");
      const survivor = apps[1]!;
      const timeline: { t: number; ready: number }[] = [];
      let loadOk = 0;
      let loadFailed = 0;
      const t0 = Date.now();
      let stop = false;
      const watch = (async () => {
        while (!stop) {
          const status = await fetch(`${survivor.url}/readyz`, { signal: AbortSignal.timeout(3_000) }).then((r) => r.status, () => 0);
          timeline.push({ t: Date.now() - t0, ready: status });
          await sleep(200);
        }
      })();
      const traffic = Array.from({ length: 4 }, async (_, n) => {
        while (!stop) {
          const ok = await benchFetch(`${publicUrl}/dashboard`, { headers: { cookie: cookies[n % cookies.length]! }, redirect: "manual", signal: AbortSignal.timeout(5_000) }).then(
            async (r) => (await r.arrayBuffer(), r.status === 200),
            () => false,
          );
          if (ok) loadOk++;
          else loadFailed++;
          await sleep(20);
        }
      });
      await sleep(2_000);
      const restartAt = Date.now() - t0;
      // Not execFileSync: the watchers and the traffic must go on while PostgreSQL is down.
      await execFileAsync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, "restart"]);
      const upAt = Date.now() - t0;
      await sleep(8_000);
      stop = true;
      await Promise.all([watch, ...traffic]);
      const notReady = timeline.filter((e) => e.ready !== 200);
      const lastNotReady = notReady.at(-1)?.t;
      const readyAgain = timeline.find((e) => e.ready === 200 && lastNotReady !== undefined && e.t > lastNotReady)?.t;
      const dashboardAfter = await benchFetch(`${publicUrl}/dashboard`, { headers: { cookie: cookies[0]! }, redirect: "manual" }).then((r) => r.status);
      lines.push(
        `PostgreSQL restarted at ${formatMs(restartAt)} (back at ${formatMs(upAt)}): /readyz answered 503 ${notReady.length} times (from ${formatMs(notReady[0]?.t ?? 0)} to ${formatMs(lastNotReady ?? 0)}), 200 again at ${readyAgain === undefined ? "never" : formatMs(readyAgain)}`,
        `  signed-in reads meanwhile: ${loadOk} answered, ${loadFailed} failed; /dashboard afterwards: HTTP ${dashboardAfter}; the process was not restarted (pid ${survivor.child.pid}, alive: ${survivor.child.exitCode === null})`,
      );
    }
  } finally {
    await balancer.stop();
    await Promise.all(apps.map(stopAppProcess));
    await s3.close();
    await onServer(SERVER_URL, (c) => c.query(`drop database if exists "${name}" with (force)`)).catch(() => {});
  }
  return { lines };
}

export async function runCluster(options: ClusterOptions): Promise<number> {
  const wrk = findExecutable("wrk");
  if (!wrk) {
    console.error("wrk non trovato: apt-get install wrk");
    return 1;
  }
  if (!hasNginx()) {
    console.error("nginx non trovato: apt-get install nginx-light");
    return 1;
  }
  if (!options.skipBuild) {
    step("building…");
    build();
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-cluster-"));
  try {
    out(`Zampa cluster benchmark (${os.cpus().length} CPUs, ${options.duration} at ${options.connections} connections)`);
    if (options.parts.includes("load")) {
      const rows = await load(options, wrk, dir);
      out("");
      out("Load: 40 % public pages, 35 % listing searches, 25 % signed-in dashboard reads");
      out(
        table([
          ["setup", "req/s", "p50", "p95", "p99", "errors"],
          ...rows.map((r) => [r.label, formatInt(r.wrk.requestsPerSec), formatMs(r.wrk.p50), r.wrk.p95 === undefined ? "-" : formatMs(r.wrk.p95), formatMs(r.wrk.p99), errorsText(r.wrk)]),
        ]),
      );
    }
    if (options.parts.includes("faults")) {
      const report = await faults();
      out("");
      out("Faults");
      for (const line of report.lines) out(`  ${line}`);
    }
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
