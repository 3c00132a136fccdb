import { describe, expect, it } from "vitest";
import { backToListAfterDelete, cameBackFromDelete } from "./back-to-list.server";

function locationOf(listPath: string, back: string | undefined): string | null {
  try {
    backToListAfterDelete(listPath, back);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location");
    throw thrown;
  }
  return null;
}

describe("backToListAfterDelete", () => {
  it("goes back to the list with its search, filters and page, without the deleted item", () => {
    expect(locationOf("/admin/contacts", "/admin/contacts?q=carla&status=read&page=2&id=x")).toBe("/admin/contacts?q=carla&status=read&page=2&deleted=1");
    expect(locationOf("/admin/reports", "/admin/reports?status=reviewed&id=x")).toBe("/admin/reports?status=reviewed&deleted=1");
  });

  it("never leaves the list: another path or another site keeps nothing of `back`", () => {
    expect(locationOf("/admin/contacts", "/admin/reports?status=pending")).toBe("/admin/contacts?deleted=1");
    expect(locationOf("/admin/contacts", "https://evil.example/admin/contacts?q=x")).toBe("/admin/contacts?deleted=1");
    expect(locationOf("/admin/contacts", "//evil.example/admin/contacts?q=x")).toBe("/admin/contacts?deleted=1");
    expect(locationOf("/admin/contacts", undefined)).toBe("/admin/contacts?deleted=1");
  });

  it("the list knows it was reached after a delete", () => {
    expect(cameBackFromDelete(new URLSearchParams("deleted=1"))).toBe(true);
    expect(cameBackFromDelete(new URLSearchParams("q=x"))).toBe(false);
  });
});
