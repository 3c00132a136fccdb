import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NONCE_HEADER, securityHeaders } from "../app/lib/content-security-policy";
import { plainPartsOf, plainResponse } from "../app/lib/http-headers";
import { chooseEncoding, responseFinisher } from "./compression";

const finishResponse = responseFinisher(securityHeaders({ publicUrl: "http://localhost:3000", mapTilesUrl: "https://tile.openstreetmap.org/{z}/{x}/{y}.png" }));

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
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
    }
  });

  it("turns a document's nonce into its policy, with the third parties the consent cookie allows, and never sends the nonce header", async () => {
    const page = () => new Response(page0, { headers: { "content-type": "text/html; charset=utf-8", [NONCE_HEADER]: "bm9uY2U=" } });
    const page0 = "<!DOCTYPE html><p>Zampa</p>";
    for (const accept of ["br", ""]) {
      const plain = await finishResponse(get({ "accept-encoding": accept }), page());
      expect(plain.headers.get(NONCE_HEADER)).toBeNull();
      const policy = plain.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("script-src 'self' 'nonce-bm9uY2U='");
      expect(policy).not.toContain("googletagmanager");
      expect(policy).toContain("frame-src 'none'");
    }
    const consenting = await finishResponse(get({ cookie: "x=1; zampa-consent=a1m1" }), page());
    const policy = consenting.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("'nonce-bm9uY2U=' 'strict-dynamic' https://*.googletagmanager.com");
    expect(policy).toContain("frame-src https:");
  });

  it("keeps a policy the response brings (an upload's)", async () => {
    const upload = new Response("x", { headers: { "content-type": "image/svg+xml", "content-security-policy": "default-src 'none'; sandbox" } });
    expect((await finishResponse(get(), upload)).headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
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

  it("finishes a cached page's plain headers with the policy of each visitor's consent and its own request id, leaving the stored ones as they were", async () => {
    const stored = Object.freeze({ "content-type": "text/html; charset=utf-8", "content-encoding": "br", "content-length": "3", [NONCE_HEADER]: "bm9uY2U=" });
    const body = new Uint8Array([1, 2, 3]);
    const answer = (cookie: string | undefined, id: string) =>
      finishResponse(get({ "accept-encoding": "br", ...(cookie ? { cookie } : {}) }), plainResponse({ status: 200, body, headers: stored }), id);
    const none = await answer(undefined, "id-1");
    const ads = await answer("zampa-consent=a0m1", "id-2");
    const again = await answer(undefined, "id-3");
    for (const [response, id] of [[none, "id-1"], [ads, "id-2"], [again, "id-3"]] as const) {
      // Read as the HTTP server writes it: the plain record, not a Headers object.
      const headers = plainPartsOf(response)!.headers;
      expect(headers["x-request-id"]).toBe(id);
      expect(headers[NONCE_HEADER]).toBeUndefined();
      expect(headers["content-security-policy"]).toContain("'nonce-bm9uY2U='");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["content-encoding"]).toBe("br");
      expect(plainPartsOf(response)!.body).toBe(body);
      expect(response.headers.get("x-request-id")).toBe(id);
    }
    expect(plainPartsOf(none)!.headers["content-security-policy"]).not.toContain("strict-dynamic");
    expect(plainPartsOf(ads)!.headers["content-security-policy"]).toContain("strict-dynamic");
    expect(plainPartsOf(again)!.headers["content-security-policy"]).toBe(plainPartsOf(none)!.headers["content-security-policy"]);
    expect(stored).toEqual({ "content-type": "text/html; charset=utf-8", "content-encoding": "br", "content-length": "3", [NONCE_HEADER]: "bm9uY2U=" });
  });
});
