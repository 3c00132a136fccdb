import { spawnSync } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { accessLogWriter, createLogger, currentRequestId, withRequestId } from "./logger.server";

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
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info" } });
    expect(run.status).toBe(1);
    const lines = run.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [30, "prima"],
      [60, "Zampa non può avviarsi: prova"],
    ]);
  });
});
