import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { heapLimitMb, SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "./node-flags";

describe("server flags", () => {
  it("npm start reads the heap limit from MAX_HEAP_MB, like the benchmark and the tests, and sets no other V8 flag", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain(`node --max-old-space-size=\${MAX_HEAP_MB:-0} ${SERVER_ENTRY}`);
    expect(pkg.scripts.start?.match(/ --[a-z-]+/g)).toEqual([" --max-old-space-size"]);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(pkg.scripts.start).toContain(`${name}=${value} `);
  });

  it("leaves the heap to V8 unless MAX_HEAP_MB says otherwise", () => {
    expect(serverNodeFlags({})).toEqual(["--max-old-space-size=0"]);
    expect(serverNodeFlags({ MAX_HEAP_MB: " 1536 " })).toEqual(["--max-old-space-size=1536"]);
  });

  it("refuses a heap limit that is not a whole number of megabytes", () => {
    for (const bad of ["1.5g", "-1", "abc", "10"]) expect(() => heapLimitMb({ MAX_HEAP_MB: bad })).toThrow(/MAX_HEAP_MB/);
  });
});
