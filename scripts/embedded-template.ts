// Writes build/empty-database.tar.gz: a new PostgreSQL cluster made by PGlite's initdb, which the
// server copies into a new DATA_DIR instead of running initdb in its own process (decision 0081).
// Run by scripts/build.ts in a process of its own. Erasable TypeScript only.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { EMBEDDED_TEMPLATE } from "../app/db/embedded-options.ts";

export async function writeEmbeddedTemplate(file = EMBEDDED_TEMPLATE): Promise<void> {
  const pg = await PGlite.create();
  try {
    const tarball = await pg.dumpDataDir("gzip");
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a server never reads half a template.
    writeFileSync(`${file}.tmp`, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(`${file}.tmp`, file);
  } finally {
    await pg.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await writeEmbeddedTemplate();
