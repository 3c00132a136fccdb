import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { checkStorage } from "~/storage/storage.server";

// /readyz — whether this process can serve now: the database answers and uploads can be stored
// (the local folder is writable, or the S3 bucket answers with the configured keys). A load
// balancer sends traffic only to ready processes; /healthz only says the process is alive.
async function probe(check: () => Promise<unknown>): Promise<string> {
  try {
    await check();
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function loader() {
  const [database, storage] = await Promise.all([probe(() => db().execute(sql`select 1`)), probe(checkStorage)]);
  const ready = database === "ok" && storage === "ok";
  if (!ready) logger.warn({ database, storage }, "readyz: non pronto");
  return Response.json(
    { ready, database: database === "ok" ? "ok" : "non raggiungibile", storage },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } },
  );
}
