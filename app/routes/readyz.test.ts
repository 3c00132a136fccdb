import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { loader } from "./readyz";

const previous = config();
const dataDir = mkdtempSync(path.join(tmpdir(), "zampa-readyz-"));
afterEach(() => setConfig(previous));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("/readyz", () => {
  it("answers 200 when the database and the uploads folder are usable", async () => {
    setConfig({ ...previous, dataDir, s3: undefined });
    const response = await loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ ready: true, database: "ok", storage: "ok" });
  });

  it("answers 503 and names the storage when the bucket cannot be reached", async () => {
    const port = await closedPort();
    setConfig({
      ...previous,
      s3: { endpoint: `http://127.0.0.1:${port}`, bucket: "zampa", region: "auto", accessKeyId: "x", secretAccessKey: "y", publicUrl: "http://cdn.invalid/zampa" },
    });
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ready: false, database: "ok", storage: "S3 zampa: non raggiungibile" });
  });
});
