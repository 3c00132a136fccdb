// Everything the server does once before it answers: open and migrate the database, prepare
// accounts, bootstrap the administrator, load the demo content on an empty database, keep the
// embedded database's planner statistics fresh; then, in the background, hash the photos of listings
// published before their hashes existed. And the start banner's facts (decision 0099).
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { ensureAdmin } from "~/accounts/accounts.server";
import { serveBackups } from "~/backup/socket.server";
import { listenForInvalidations } from "~/cache/cache.server";
import { initAuth } from "~/accounts/auth.server";
import { config } from "~/config.server";
import { ADVISORY_LOCKS, db, getDatabase, openDatabase, setDatabase } from "~/db/client.server";
import { accounts, users } from "~/db/schema";
import { keepStatisticsFresh } from "~/db/statistics.server";
import { startScheduler, type Scheduler } from "~/jobs/scheduler.server";
import { stopViewCounting } from "~/listings/views.server";
import { logger } from "~/lib/logger.server";
import { smtpServer, type StartBanner } from "~/lib/start-banner";
import { outboxDir } from "~/mail/mailer.server";
import { keepNewFilesPrivate } from "~/lib/private-files.server";
import { listenForMessages } from "~/messages/live.server";
import { startPhotoHashBackfill } from "~/listings/photo-duplicates.server";
import { DEMO_PASSWORD, demoUsers } from "~/seed/data/users";
import { DEMO_ADMIN, seedDemoContent, shouldSeed } from "~/seed/seed.server";
import { checkStorage, StorageCheckError } from "~/storage/storage.server";

let started: Promise<void> | undefined;

/**
 * A storage that refuses the configured keys or has no such bucket will not get better by waiting:
 * the server does not start, and says why. One that is only unreachable now (the object store
 * restarting) does not stop the start; /readyz reports it until it answers.
 */
async function refuseUnusableStorage(): Promise<void> {
  try {
    await checkStorage();
  } catch (error) {
    if (error instanceof StorageCheckError && !error.lasting) {
      logger.warn({ storage: error.message }, "archivio dei caricamenti non raggiungibile per ora");
      return;
    }
    throw new Error(`Archivio dei caricamenti non utilizzabile: ${(error as Error).message}`, { cause: error });
  }
}

/** Idempotent: the first call starts everything, later calls wait for the same work. */
export function ready(): Promise<void> {
  started ??= start().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

let stopListening: (() => Promise<void>) | undefined;
let stopMessages: (() => Promise<void>) | undefined;
let stopBackups: (() => Promise<void>) | undefined;
let stopStatistics: (() => void) | undefined;
let scheduler: Scheduler | undefined;
let photoBackfill: { stop: () => Promise<void> } | undefined;

/** Closes what start() opened (the embedded database must be closed to flush its files). */
export async function shutdown(): Promise<void> {
  if (!started) return;
  await started.catch(() => {});
  // A publishing run in progress finishes before the database closes under it.
  await scheduler?.stop();
  scheduler = undefined;
  await photoBackfill?.stop();
  photoBackfill = undefined;
  // The listing views gathered in memory are written while the database is still there.
  await stopViewCounting();
  await stopListening?.();
  await stopMessages?.();
  stopMessages = undefined;
  await stopBackups?.();
  stopBackups = undefined;
  stopStatistics?.();
  await getDatabase().close();
  setDatabase(undefined);
  started = undefined;
}

/**
 * The administrator of ADMIN_EMAIL/ADMIN_PASSWORD first, then the demo content on an empty
 * database. The demo content reuses an account that already has one of its e-mails (the
 * administrator just created, when ADMIN_EMAIL is the demo administrator's): that account keeps
 * its password and role (decision 0038).
 */
export async function prepareAccountsAndContent(
  cfg: Pick<ReturnType<typeof config>, "adminEmail" | "adminPassword" | "seedDemo">,
): Promise<void> {
  if (cfg.adminEmail && cfg.adminPassword) {
    const outcome = await ensureAdmin(cfg.adminEmail, cfg.adminPassword);
    const text = { created: "creato", promoted: "promosso ad amministratore", unchanged: "già amministratore" }[outcome];
    logger.info({ email: cfg.adminEmail }, `amministratore ${text}`);
  } else if (cfg.adminEmail || cfg.adminPassword) {
    logger.warn("ADMIN_EMAIL e ADMIN_PASSWORD vanno impostati insieme: nessun amministratore creato");
  }

  if (await shouldSeed(cfg.seedDemo)) {
    const t1 = performance.now();
    await seedDemoContent();
    logger.info({ ms: Math.round(performance.now() - t1) }, "contenuti demo caricati");
  }
}

/** Whether `password` opens the account of `email` (false: no such account, or another password). */
async function passwordOpens(email: string, password: string): Promise<boolean> {
  const [row] = await db()
    .select({ hash: accounts.password })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(users.email, email), eq(accounts.providerId, "credential")))
    .limit(1);
  return row?.hash ? verifyPassword({ hash: row.hash, password }).catch(() => false) : false;
}

/**
 * What the start banner says (app/lib/start-banner.ts): the address, the demo credentials at every
 * start where they still open the demo accounts (not only the start that loaded them), ADMIN_EMAIL's
 * administrator, where the e-mails go.
 */
export async function startBanner(url: string, cfg: Pick<ReturnType<typeof config>, "adminEmail" | "adminPassword" | "smtpUrl"> = config()): Promise<StartBanner> {
  const adminEmail = cfg.adminEmail?.toLowerCase();
  const demoAdmin = adminEmail !== DEMO_ADMIN.email && (await passwordOpens(DEMO_ADMIN.email, DEMO_PASSWORD)) ? { email: DEMO_ADMIN.email, password: DEMO_PASSWORD } : undefined;
  const someUser = demoUsers.find((user) => user.email !== adminEmail);
  const demoUser = someUser && (await passwordOpens(someUser.email, DEMO_PASSWORD)) ? { email: someUser.email, password: DEMO_PASSWORD } : undefined;
  // The command names DATA_DIR when the server was given another one than the default.
  const dataDir = config().dataDir;
  const shownDir = /^[\w./-]+$/.test(shortPath(dataDir)) ? shortPath(dataDir) : `'${shortPath(dataDir).replace(/'/g, `'\\''`)}'`;
  const command = dataDir === path.resolve("./data") ? "npm run outbox" : `DATA_DIR=${shownDir} npm run outbox`;
  return {
    url,
    ...(cfg.adminEmail && cfg.adminPassword ? { admin: cfg.adminEmail } : {}),
    ...(demoAdmin ? { demoAdmin } : {}),
    ...(demoUser ? { demoUser } : {}),
    mail: cfg.smtpUrl ? { smtp: smtpServer(cfg.smtpUrl) } : { outbox: shortPath(outboxDir()), command },
  };
}

/** A path below the current folder as a relative one (shorter to read and to copy). */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

async function start(): Promise<void> {
  const cfg = config();
  // The database, the outbox, uploads and the backup socket: the server's user's alone (decision 0079).
  keepNewFilesPrivate();
  const t0 = performance.now();
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  setDatabase(database);
  logger.info(
    { engine: database.engine, dataDir: cfg.databaseUrl ? undefined : cfg.dataDir, ms: Math.round(performance.now() - t0) },
    "database pronto e migrato",
  );
  await refuseUnusableStorage();
  const dump = database.dumpDataDir;
  if (dump && !cfg.databaseUrl) {
    // `npm run backup` cannot open the directory this process holds: it asks here (decision 0065).
    stopBackups = await serveBackups(cfg.dataDir, dump).catch((error: unknown) => {
      logger.warn({ err: error }, "backup dal server non disponibile: per npm run backup va fermato il server");
      return undefined;
    });
  }
  await initAuth();
  if (cfg.databaseUrl) {
    // Other processes' writes drop this process's cached pages and data too.
    stopListening = await listenForInvalidations(cfg.databaseUrl);
    // New private messages reach the pages open on every process (decision 0091).
    stopMessages = await listenForMessages(cfg.databaseUrl);
  }

  // Several processes starting together on one PostgreSQL: one prepares, the others then find it done.
  await database.exclusive(ADVISORY_LOCKS.startup, () => prepareAccountsAndContent(cfg));
  stopStatistics = await keepStatisticsFresh();
  // Scheduled articles that came due while no server ran are published now, then every minute.
  if (cfg.scheduler) scheduler = startScheduler();
  // Photos of listings published before their hashes existed, hashed while the server answers.
  photoBackfill = startPhotoHashBackfill();
}
