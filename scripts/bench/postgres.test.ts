import { describe, expect, it } from "vitest";
import { postgresUrl, shownUrl } from "./postgres.ts";

describe("PostgreSQL URLs", () => {
  it("names another database of the same server, keeping user, password and parameters", () => {
    expect(postgresUrl("postgres://bench:secret@127.0.0.1:5432/postgres?sslmode=disable", "zampa_bench_scale")).toBe(
      "postgres://bench:secret@127.0.0.1:5432/zampa_bench_scale?sslmode=disable",
    );
    expect(postgresUrl("postgres://postgres@127.0.0.1:5432", "a b")).toBe("postgres://postgres@127.0.0.1:5432/a%20b");
  });

  it("hides the password when the URL is printed", () => {
    expect(shownUrl("postgres://bench:secret@db:5432/x")).toBe("postgres://bench:***@db:5432/x");
    expect(shownUrl("postgres://postgres@db/x")).toBe("postgres://postgres@db/x");
  });
});
