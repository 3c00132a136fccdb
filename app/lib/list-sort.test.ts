import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sortFields, sortHref, sortOf } from "./list-sort";

const schema = z.object({ q: z.string().catch(""), ...sortFields(["created", "name"] as const, { key: "created", direction: "desc" }) });

describe("a list's order in its address", () => {
  it("reads a declared key and direction", () => {
    expect(sortOf(schema.parse({ sort: "name", dir: "asc" }))).toEqual({ key: "name", direction: "asc" });
  });

  it("falls back to the default for an unknown key or direction, or none", () => {
    expect(sortOf(schema.parse({ sort: "password", dir: "sideways" }))).toEqual({ key: "created", direction: "desc" });
    expect(sortOf(schema.parse({}))).toEqual({ key: "created", direction: "desc" });
  });

  it("links a header to its own order, turning it round when it is the current one, from page 1", () => {
    const search = new URLSearchParams("q=rossi&page=4&sort=name&dir=asc");
    expect(sortHref(search, "name", { key: "name", direction: "asc" })).toBe("?q=rossi&sort=name&dir=desc");
    expect(sortHref(search, "created", { key: "name", direction: "asc" }, "desc")).toBe("?q=rossi&sort=created&dir=desc");
  });
});
