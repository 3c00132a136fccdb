import { afterEach, describe, expect, it } from "vitest";
import { compressionRow, encodings } from "./http.ts";
import { browserHeaders, encodingOf } from "./headers.ts";

afterEach(() => encodings.clear());

describe("compression", () => {
  it("passes when every checked page came compressed", () => {
    encodings.set("/", "br").set("/a", "br").set("/b", "gzip");
    expect(compressionRow()).toEqual(['pages compressed (sent "Accept-Encoding: gzip, deflate, br")', "br ×2, gzip ×1", "br or gzip", "PASS"]);
  });

  it("names the pages that came plain", () => {
    encodings.set("/", "br").set("/x", "none").set("/y", "none");
    expect(compressionRow().slice(1)).toEqual(["br ×1, none ×2", "br or gzip", "FAIL (not compressed: /x, /y)"]);
  });

  it("has nothing to judge when nothing was checked", () => {
    expect(compressionRow().slice(1)).toEqual(["nothing checked", "br or gzip", "n/a"]);
  });
});

describe("a browser's headers", () => {
  it("asks for compression as a browser does, the request's own headers winning", () => {
    expect(browserHeaders({ cookie: "s=1" })).toMatchObject({ "accept-encoding": "gzip, deflate, br", cookie: "s=1" });
    expect(browserHeaders()["user-agent"]).toMatch(/Chrome\//);
    expect(encodingOf(new Headers({ "content-encoding": "br" }))).toBe("br");
    expect(encodingOf(new Headers())).toBe("none");
  });
});
