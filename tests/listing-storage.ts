// What a listing test reads back to see what a form left behind: the listings stored, and the photo
// files kept in an owner's folder (local storage under DATA_DIR).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { count } from "drizzle-orm";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { petListings } from "~/db/schema";

export async function listingCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(petListings);
  return row?.n ?? 0;
}

/** The names of the files in the owner's listing-photo folder (none when it does not exist). */
export function listingFilesOf(userId: string): Promise<string[]> {
  return readdir(path.join(config().dataDir, "uploads", "listing-images", userId)).catch(() => [] as string[]);
}
