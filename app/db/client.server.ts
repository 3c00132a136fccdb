// One PostgreSQL dialect on two engines: PGlite in-process (default, files in DATA_DIR/db) or a
// PostgreSQL server through a node-postgres pool (DATABASE_URL). Migrations in /drizzle are applied
// at start-up on both.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";
import { lockDataDir } from "./data-dir-lock.server";
import { makeTreePrivate, PRIVATE_DIR_MODE } from "~/lib/private-files.server";
import { EMBEDDED_OPTIONS, embeddedOptionsFor } from "./embedded-options";
import { logger as log } from "~/lib/logger.server";

const gzipAsync = promisify(gzip);

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  /** fn alone among the processes on this database (a session advisory lock on PostgreSQL; the embedded database has one process). */
  exclusive<T>(lock: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** a PostgreSQL server's pool: connections open, idle, and queries waiting for one (metrics) */
  pool?: () => { total: number; idle: number; waiting: number };
  /**
   * Embedded engine only: the data directory as a gzipped tarball, taken between two queries (so a
   * transaction in progress is left out, as after a crash) for the backup command (app/backup).
   */
  dumpDataDir?(): Promise<Blob>;
}

/** app/db → repository root → drizzle (the same depth from the source and from build/server). */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** The fixed advisory locks, in one place so that no two uses share a number. */
export const ADVISORY_LOCKS = {
  /** held while migrating, so that many processes starting together migrate once */
  migrations: 727_001,
  /** the demo content, loaded once on an empty database */
  seed: 727_002,
  /** the background hashing of listing photos stored before their hashes (decision 0086), one process at a time */
  photoHashes: 727_004,
  /** the start-up's accounts and content, prepared by one process at a time */
  startup: 727_003,
} as const;
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

export async function openDatabase(options: { databaseUrl?: string; dataDir?: string; migrationsDir?: string }): Promise<Database> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  // LOG_SQL=true prints every query (to find queries that should be memoized).
  const logger = process.env.LOG_SQL === "true";
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (a restart, a failover) is dropped by the pool and replaced
    // on the next query; unheard, its error would end the process.
    pool.on("error", (error) => log.warn({ err: error }, "PostgreSQL: connessione inattiva chiusa dal server, sarà sostituita"));
    const exclusive = async <T>(lock: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
      const holder = await pool.connect();
      // A checked-out client has no listener of its own (the pool's is for idle ones): a connection
      // the server ends while the lock is held (a restart, pg_terminate_backend) would otherwise
      // end the process with an unheard 'error'. The lock went with the session; fn goes on.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
        log.warn({ err: error, lock }, "PostgreSQL: connessione del lock consultivo chiusa dal server");
      };
      holder.on("error", onError);
      try {
        await holder.query("select pg_advisory_lock($1)", [lock]);
        return await fn(holder);
      } finally {
        if (!lost) await holder.query("select pg_advisory_unlock($1)", [lock]).catch(() => {});
        holder.off("error", onError);
        holder.release(lost);
      }
    };
    await exclusive(MIGRATION_LOCK, (client) => migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder }));
    return {
      db: drizzleNodePg({ client: pool, schema, logger }) as unknown as Db,
      engine: "postgres",
      exclusive,
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (!options.dataDir) return openEmbedded(undefined, migrationsFolder, logger);
  const dir = path.join(options.dataDir, "db");
  // Within one process a directory is opened once: the dev server evaluates this module again after
  // an edit, and a second PGlite on the same files would corrupt them (decision 0062).
  let opening = embeddedByDir.get(dir);
  if (!opening) {
    mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // DATA_DIR, its folders and the database's files are the server user's alone (decision 0079):
    // tightened before opening (an older install), after (PGlite makes its files world-writable)
    // and after closing (files made while it ran).
    makeTreePrivate(options.dataDir, 1);
    makeTreePrivate(dir);
    const release = lockDataDir(dir);
    opening = openEmbedded(dir, migrationsFolder, logger).then(
      (database) => {
        makeTreePrivate(dir);
        return {
          ...database,
          close: async () => {
            embeddedByDir.delete(dir);
            try {
              await database.close();
              makeTreePrivate(dir);
            } finally {
              release();
            }
          },
        };
      },
      (error: unknown) => {
        embeddedByDir.delete(dir);
        release();
        throw error;
      },
    );
    embeddedByDir.set(dir, opening);
  }
  return opening;
}

/** The embedded databases this process has open, by directory; kept on globalThis so a re-evaluated module finds them. */
const embeddedByDir: Map<string, Promise<Database>> = ((globalThis as { __zampaEmbedded?: Map<string, Promise<Database>> }).__zampaEmbedded ??= new Map());

async function openEmbedded(dir: string | undefined, migrationsFolder: string, logger: boolean): Promise<Database> {
  const client = await PGlite.create(dir, dir ? embeddedOptionsFor(dir) : EMBEDDED_OPTIONS);
  await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
  const db = drizzlePglite({ client, schema, logger });
  // Compressed here, after PGlite has released its query lock: the site waits only for the copy (decision 0065).
  const dumpDataDir = async () => {
    const tar = await client.dumpDataDir("none");
    return new Blob([new Uint8Array(await gzipAsync(new Uint8Array(await tar.arrayBuffer())))], { type: "application/gzip" });
  };
  return { db: db as unknown as Db, engine: "pglite", exclusive: (_lock, fn) => fn(), close: () => client.close(), dumpDataDir };
}

let root: Database | undefined;
const scoped = new AsyncLocalStorage<Db>();

export function setDatabase(database: Database | undefined): void {
  root = database;
}

export function getDatabase(): Database {
  if (!root) throw new Error("Database not initialised: call ready() first");
  return root;
}

/** The database handle for the current unit of work: a transaction when one is in scope. */
export function db(): Db {
  return scoped.getStore() ?? getDatabase().db;
}

/** Run fn with `db()` bound to the given handle (used by transactions and by test isolation). */
export function withDb<T>(handle: Db, fn: () => Promise<T>): Promise<T> {
  return scoped.run(handle, fn);
}

const commitCallbacks = new AsyncLocalStorage<(() => void | Promise<void>)[]>();

/**
 * A transaction whose handle is also what `db()` returns inside fn, so nested calls join it.
 * Callbacks registered with onCommit inside it run once the outermost one has committed, and the
 * transaction returns only when they have finished (so what they wait for happens before the answer).
 */
export async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
  const run = () => db().transaction((tx) => withDb(tx as unknown as Db, () => fn(tx as unknown as Db)));
  if (commitCallbacks.getStore()) return run();
  const queue: (() => void | Promise<void>)[] = [];
  const result = await commitCallbacks.run(queue, run);
  const pending = queue.map((callback) => callback()).filter((outcome) => outcome instanceof Promise);
  if (pending.length > 0) await Promise.all(pending);
  return result;
}

/** Run fn after the enclosing transaction() commits (not at all if it rolls back); if none, do nothing. */
export function onCommit(fn: () => void | Promise<void>): void {
  commitCallbacks.getStore()?.push(fn);
}

/** Where a write made now would commit: at once, at the end of a transaction() (onCommit runs then), or at an end this code does not see. */
export function commitPoint(): "now" | "transaction" | "unknown" {
  if (commitCallbacks.getStore()) return "transaction";
  const handle = scoped.getStore();
  return !handle || handle === root?.db ? "now" : "unknown";
}

/**
 * A stand-in object that forwards every property to `db()` at the moment of use, for libraries
 * (better-auth) that keep the handle they were given.
 */
export const dbProxy = new Proxy({} as Db, {
  get(_target, property) {
    const target = db() as unknown as Record<string | symbol, unknown>;
    const value = target[property];
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

/** Rows of a raw SQL query, the same on both engines (both drivers answer with `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(query: SQL): Promise<T[]> {
  const result = (await db().execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
