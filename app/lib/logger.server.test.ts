import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, currentRequestId, withRequestId } from "./logger.server";

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
});
