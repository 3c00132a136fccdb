import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, finishResponse } from "./compression";

const page = "<!DOCTYPE html><p>Zampa</p>".repeat(200);
const get = (headers: Record<string, string> = {}, method = "GET") => new Request("http://localhost:3000/", { headers, method });
const html = () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });

describe("every response on its way out", () => {
  it("is compressed with brotli when accepted, gzip otherwise, and sent as is to a client that asks for neither", async () => {
    const br = await finishResponse(get({ "accept-encoding": "gzip, deflate, br" }), html());
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(page);
    const gzip = await finishResponse(get({ "accept-encoding": "gzip" }), html());
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(Number(gzip.headers.get("content-length"))).toBeLessThan(page.length);
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(page);
    const plain = await finishResponse(get(), html());
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it("carries the security headers, redirects included (immutable headers)", async () => {
    for (const response of [await finishResponse(get({ "accept-encoding": "br" }), html()), await finishResponse(get(), Response.redirect("http://localhost:3000/x", 301))]) {
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("leaves encoded bodies, images, HEAD and empty answers as they are", async () => {
    const encoded = new Response("già compresso", { headers: { "content-type": "text/html", "content-encoding": "br" } });
    expect(await finishResponse(get({ "accept-encoding": "br" }), encoded)).toBe(encoded);
    const image = new Response(new Uint8Array(5_000), { headers: { "content-type": "image/webp" } });
    expect((await finishResponse(get({ "accept-encoding": "br" }), image)).headers.get("content-encoding")).toBeNull();
    expect((await finishResponse(get({ "accept-encoding": "br" }, "HEAD"), html())).headers.get("content-encoding")).toBeNull();
    expect(chooseEncoding("identity")).toBeUndefined();
    expect(chooseEncoding("gzip;q=1, br")).toBe("br");
  });

  it("passes an encoded or binary response without reading its body (a stream would then be written in copied chunks)", async () => {
    for (const headers of [{ "content-type": "text/html", "content-encoding": "br" }, { "content-type": "image/webp" }] as Record<string, string>[]) {
      const response = new Response(new Uint8Array(5_000), { headers });
      Object.defineProperty(response, "body", {
        get() {
          throw new Error("body read");
        },
      });
      expect(await finishResponse(get({ "accept-encoding": "gzip, deflate, br" }), response)).toBe(response);
    }
  });
});
