// A list's page number in its address, and what a list's loader sends of a domain answer.
import { describe, expect, it } from "vitest";
import { listPage, pageParam } from "./paging";

const url = new URL("http://localhost:3000/admin/contests?page=9&sort=from");

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("nothing thrown");
}

describe("pageParam", () => {
  it("reads a positive page, 1 for anything else", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const query of ["", "page=0", "page=-2", "page=abc"]) expect(pageParam(new URLSearchParams(query))).toBe(1);
  });
});

describe("listPage", () => {
  it("gives the page without its ok", () => {
    expect(listPage(url, { ok: true, items: ["a"], page: 2, pageCount: 9 })).toEqual({ items: ["a"], page: 2, pageCount: 9 });
  });

  it("throws a refusal with its status and message", async () => {
    const error = (await thrown(() => listPage(url, { ok: false, status: 403, error: "Accesso negato" }))) as { data: unknown; init: { status: number } };
    expect(error.data).toEqual({ error: "Accesso negato" });
    expect(error.init.status).toBe(403);
  });

  it("sends a page past the last one to the last, keeping the other parameters", async () => {
    const response = (await thrown(() => listPage(url, { ok: true, items: [], page: 9, pageCount: 4 }))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/contests?page=4&sort=from");
  });
});
