import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeEmbeddedTemplate } from "../../scripts/embedded-template.ts";
import { EMBEDDED_OPTIONS, embeddedOptionsFor } from "./embedded-options";

const work = mkdtempSync(path.join(tmpdir(), "zampa-template-"));
const template = path.join(work, "empty-database.tar.gz");

async function systemIdentifier(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ id: string }>("select system_identifier::text as id from pg_control_system()");
  return rows[0]!.id;
}

beforeAll(() => writeEmbeddedTemplate(template), 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a new embedded database from the build's empty cluster (decision 0081)", () => {
  it("copies the template into a new directory instead of running initdb, then opens it as it is", async () => {
    const fromTemplate = await PGlite.create({ loadDataDir: new Blob([readFileSync(template)]) });
    const expected = await systemIdentifier(fromTemplate);
    await fromTemplate.close();

    const dir = path.join(work, "db");
    const options = embeddedOptionsFor(dir, template);
    expect(options.loadDataDir).toBeInstanceOf(Blob);
    const pg = await PGlite.create(dir, options);
    try {
      // initdb would have given the cluster an identifier of its own.
      expect(await systemIdentifier(pg)).toBe(expected);
      // The server's settings and extensions apply as on any database.
      expect((await pg.query<{ work_mem: string }>("show work_mem")).rows[0]!.work_mem).toBe("4MB");
      await pg.exec("create extension if not exists pg_trgm");
    } finally {
      await pg.close();
    }
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    // Reopened, the directory's own database is used: nothing is copied over it.
    expect(embeddedOptionsFor(dir, template)).toBe(EMBEDDED_OPTIONS);
  }, 60_000);

  it("without a build's template, PGlite creates the database itself as before", () => {
    expect(embeddedOptionsFor(path.join(work, "other"), path.join(work, "missing.tar.gz"))).toBe(EMBEDDED_OPTIONS);
  });
});
