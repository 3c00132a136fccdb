import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { logFormat } from "./log-format";
import { accessLogWriter, createLogger, currentRequestId, printStartBanner, withRequestId } from "./logger.server";
import type { StartBanner } from "./start-banner";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("the logger", () => {
  it("writes JSON lines that carry the id of the request being handled, across awaits", async () => {
    const { lines, logger } = capture();
    logger.info("fuori da una richiesta");
    await Promise.all(
      ["id-uno", "id-due"].map((id) =>
        withRequestId(id, async () => {
          logger.info({ passo: 1 }, "inizio");
          await new Promise((r) => setTimeout(r, 5));
          logger.warn({ passo: 2 }, "dopo un'attesa");
          expect(currentRequestId()).toBe(id);
        }),
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).toMatchObject({ level: 30, msg: "fuori da una richiesta" });
    expect(lines[0]).not.toHaveProperty("reqId");
    for (const id of ["id-uno", "id-due"]) {
      const own = lines.filter((l) => l.reqId === id);
      expect(own.map((l) => l.passo)).toEqual([1, 2]);
    }
    expect(currentRequestId()).toBeUndefined();
  });

  it("keeps a line's own fields beside the id", async () => {
    const { lines, logger } = capture();
    withRequestId("abc", () => logger.info({ status: 200, route: "routes/home" }, "richiesta"));
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([expect.objectContaining({ reqId: "abc", status: 200, route: "routes/home", msg: "richiesta" })]);
  });

  it("writes the access log's line as pino would, field for field, and not below its level", async () => {
    const fields = { method: "GET", path: '/cerca/"cane"\\ü', route: "routes/home", status: 200, ms: 1.3, bytes: 18_204 };
    const viaPino = capture();
    withRequestId("id-1", () => viaPino.logger.info(fields, "richiesta"));
    const direct = capture();
    accessLogWriter(direct.logger)({ reqId: "id-1", ...fields });
    accessLogWriter(direct.logger)({ reqId: "id-2", ...fields, bytes: undefined });
    const quiet = capture();
    quiet.logger.level = "warn";
    accessLogWriter(quiet.logger)({ reqId: "id-3", ...fields });
    await new Promise((r) => setImmediate(r));
    const withoutTime = ({ time, ...rest }: Record<string, unknown>) => (expect(typeof time).toBe("number"), rest);
    expect(direct.lines.map(withoutTime)).toEqual([withoutTime(viaPino.lines[0]!), withoutTime({ ...viaPino.lines[0]!, reqId: "id-2", bytes: undefined })].map((l) => JSON.parse(JSON.stringify(l)) as unknown));
    expect(Object.keys(direct.lines[0]!)).toEqual(Object.keys(viaPino.lines[0]!));
    expect(quiet.lines).toEqual([]);
  });

  it("writes out what standard output still holds when the process exits at once (the fatal start-up line)", () => {
    const module = fileURLToPath(new URL("./logger.server.ts", import.meta.url));
    const script = `import { logger } from ${JSON.stringify(module)}; logger.info("prima"); logger.fatal("Zampa non può avviarsi: prova"); process.exit(1);`;
    const { LOG_FORMAT: _format, ...env } = process.env;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...env, NODE_ENV: "production", LOG_LEVEL: "info" } });
    expect(run.status).toBe(1);
    const lines = run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, "prima"],
      [60, "Zampa non può avviarsi: prova"],
    ]);

    // Readable lines go through the same batched output: written out at exit all the same.
    const readable = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...env, NODE_ENV: "production", LOG_LEVEL: "info", LOG_FORMAT: "pretty", NO_COLOR: "1" },
    });
    expect(readable.status).toBe(1);
    expect(readable.stdout.split("\n").filter(Boolean)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO: prima$/) as unknown,
      expect.stringMatching(/^\d\d:\d\d:\d\d FATAL: Zampa non può avviarsi: prova$/) as unknown,
    ]);
  });
});

/** ANSI colours off: the lines as a terminal without colours would show them. */
const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");

function captureText(format: "json" | "pretty") {
  let text = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { text: () => plain(text), logger: createLogger({ level: "info", destination, format }) };
}

describe("the logger on a terminal", () => {
  it("is readable on a terminal and JSON otherwise, unless LOG_FORMAT says which", () => {
    expect(logFormat({}, true)).toBe("pretty");
    expect(logFormat({}, false)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "pretty" }, false)).toBe("pretty");
    expect(logFormat({ LOG_FORMAT: "Pretty " }, false)).toBe("pretty");
    expect(logFormat({ LOG_FORMAT: "xml" }, false)).toBe("json");
  });

  it("writes one short line per record: local time, level, message, the other fields after it", async () => {
    const { text, logger } = captureText("pretty");
    withRequestId("id-1", () => logger.info({ engine: "pglite", ms: 812 }, "database pronto e migrato"));
    logger.warn("attenzione");
    await new Promise((r) => setImmediate(r));
    const lines = text().split("\n").filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d INFO: database pronto e migrato \{"engine":"pglite","ms":812\}$/) as unknown,
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN: attenzione$/) as unknown,
    ]);
    // No epoch milliseconds, no request id.
    expect(text()).not.toMatch(/\d{13}/);
    expect(text()).not.toContain("id-1");
  });

  it("writes the access log's line as METHOD path status duration", async () => {
    const { text, logger } = captureText("pretty");
    accessLogWriter(logger)({ reqId: "id-1", method: "GET", path: "/annunci/cani", route: "routes/listings", status: 200, ms: 12.3, bytes: 18_204 });
    await new Promise((r) => setImmediate(r));
    expect(text()).toMatch(/^\d\d:\d\d:\d\d INFO: GET \/annunci\/cani 200 12\.3 ms\n$/);
  });

  it("prints the start banner last: a framed block on a terminal, one record in JSON", async () => {
    const banner: StartBanner = {
      url: "http://localhost:3000",
      demoAdmin: { email: "admin@zampa.test", password: "ZampaDemo2026!" },
      mail: { outbox: "data/outbox", command: "npm run outbox" },
    };
    const readable = captureText("pretty");
    readable.logger.info("Zampa è in ascolto su http://localhost:3000");
    printStartBanner(readable.logger, banner);
    await new Promise((r) => setImmediate(r));
    const [first, blank, top, ...rest] = readable.text().split("\n");
    expect(first).toMatch(/INFO: Zampa è in ascolto/);
    expect(blank).toBe("");
    expect(top).toMatch(/^┌─+┐$/);
    const block = rest.join("\n");
    expect(block).toContain("│ Zampa è pronto: apri http://localhost:3000 ");
    expect(block).toContain("│ Amministratore demo: admin@zampa.test / ZampaDemo2026! ");
    expect(block).toContain("│ E-mail: scritte in data/outbox/ ");
    expect(block).toContain("│ Le ultime, con i link: npm run outbox ");
    expect(block).toMatch(/└─+┘\n\n$/);
    // Every framed line has the same width.
    expect(new Set(rest.filter((l) => l.startsWith("│") || l.startsWith("└")).map((l) => [...l].length)).size).toBe(1);

    const json = capture();
    printStartBanner(json.logger, banner);
    await new Promise((r) => setImmediate(r));
    expect(json.lines).toEqual([
      expect.objectContaining({ level: 30, msg: "Zampa è pronto: apri http://localhost:3000", url: banner.url, demoAdmin: "admin@zampa.test / ZampaDemo2026!", outbox: "data/outbox" }),
    ]);
  });
});
