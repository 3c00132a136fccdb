import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

/** 200 when the database answers, 503 otherwise. */
export async function loader() {
  try {
    await db().execute(sql`select 1`);
    return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
  } catch {
    return new Response("database non raggiungibile", { status: 503, headers: { "content-type": "text/plain" } });
  }
}
