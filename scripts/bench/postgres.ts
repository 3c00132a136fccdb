// The bench's PostgreSQL server (--scale-database-url, --alerts-database-url, BENCH_DATABASE_URL):
// the URL of one of its databases, creating and dropping the bench's, its version, the URL as it may
// be printed. Erasable TypeScript only (the pinned Node runs it).
import pg from "pg";

export function postgresUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** The server's version, or null after saying on stderr why it could not be reached (`flag` named the URL). */
export async function postgresServerVersion(serverUrl: string, flag: string): Promise<string | null> {
  try {
    return await onPostgresServer(serverUrl, async (c) => (await c.query<{ server_version: string }>("show server_version")).rows[0]?.server_version ?? "?");
  } catch (error) {
    console.error(`${flag}: could not connect to ${shownUrl(postgresUrl(serverUrl, "postgres"))}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Runs `fn` on the `postgres` database of the server (to create and drop the bench's). */
export async function onPostgresServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl(serverUrl, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export const dropDatabase = (serverUrl: string, name: string) => onPostgresServer(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));

/** The URL as it may be printed: without its password. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
