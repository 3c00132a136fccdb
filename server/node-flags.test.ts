import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from "./node-flags";

describe("server flags", () => {
  it("npm start runs the server with the same flags as the benchmark and the tests", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(" ")} ${SERVER_ENTRY}`);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(pkg.scripts.start).toContain(`${name}=${value} `);
  });
});
