import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type Http2Bindings, type HttpBindings } from "@hono/node-server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { releaseWhenSent, responseSentOnce } from "./sent-once.server";

// 251 bytes (a prime): a piece sent twice or skipped changes the hash.
const PATTERN = Buffer.from(Array.from({ length: 251 }, (_, i) => (i * 31 + 7) & 0xff));

function page(size: number): Buffer {
  return Buffer.allocUnsafeSlow(size).fill(PATTERN);
}

describe("a page's memory released once sent", () => {
  it("is released when the response reports it written, not before", () => {
    const body = page(100_000);
    const response = responseSentOnce(body, { status: 200 });
    const sent = new EventEmitter();
    releaseWhenSent(response, sent);
    expect(body.byteLength).toBe(100_000);
    sent.emit("close");
    expect(body.byteLength).toBe(100_000);
    sent.emit("finish");
    expect(body.byteLength).toBe(0);
    expect(body.buffer.byteLength).toBe(0);
  });

  it("listens once when asked twice for the same response", () => {
    const body = page(1_000);
    const response = responseSentOnce(body, { status: 200 });
    const sent = new EventEmitter();
    releaseWhenSent(response, sent);
    releaseWhenSent(response, sent);
    expect(sent.listenerCount("finish")).toBe(1);
    sent.emit("finish");
    expect(body.byteLength).toBe(0);
  });

  it("never releases a slice of Node's shared buffer pool, which other buffers use", () => {
    const neighbour = Buffer.from("vicino");
    const body = Buffer.from("<p>ciao</p>");
    expect(body.buffer.byteLength).toBeGreaterThan(body.byteLength);
    const sent = new EventEmitter();
    releaseWhenSent(responseSentOnce(body, { status: 200 }), sent);
    sent.emit("finish");
    expect(body.toString()).toBe("<p>ciao</p>");
    expect(neighbour.toString()).toBe("vicino");
    expect(sent.listenerCount("finish")).toBe(0);
  });

  it("leaves alone the responses it did not make (cached pages are sent many times)", () => {
    const body = page(10_000);
    const sent = new EventEmitter();
    releaseWhenSent(new Response(body as unknown as BodyInit), sent);
    sent.emit("finish");
    expect(body.byteLength).toBe(10_000);
    expect(sent.listenerCount("finish")).toBe(0);
  });
});

describe("over a real connection (as server/main.ts sends it)", () => {
  const SIZE = 8 * 1024 * 1024;
  let server: ReturnType<typeof serve> | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function start(body: Buffer, outgoing: { closed?: Promise<void> }): Promise<string> {
    server = serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (_request: Request, env: HttpBindings | Http2Bindings) => {
        const response = responseSentOnce(body, { status: 200, headers: { "content-type": "application/octet-stream" } });
        releaseWhenSent(response, env.outgoing);
        outgoing.closed = new Promise((resolve) => env.outgoing.once("close", () => resolve()));
        return response;
      },
    });
    await new Promise<void>((resolve) => server!.once("listening", () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it("the client receives every byte, and the memory is released after the last one is written", async () => {
    const body = page(SIZE);
    const expected = createHash("sha256").update(body).digest("hex");
    const url = await start(body, {});
    const received = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(received.length).toBe(SIZE);
    expect(createHash("sha256").update(received).digest("hex")).toBe(expected);
    await vi.waitFor(() => expect(body.byteLength).toBe(0));
  });

  it("a connection broken mid-page releases nothing: the body is left to the garbage collector", async () => {
    // Larger than what the loopback's socket buffers take in while the client does not read.
    const body = page(4 * SIZE);
    const outgoing: { closed?: Promise<void> } = {};
    const url = await start(body, outgoing);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, (response) => {
        response.pause();
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 50);
      });
      request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    });
    await outgoing.closed;
    expect(body.byteLength).toBe(4 * SIZE);
  });
});
