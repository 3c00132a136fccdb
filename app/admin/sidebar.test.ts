import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, sectionOf } from "./navigation";
import { sidebarCollapsed } from "./sidebar";

describe("the admin sidebar", () => {
  it("lists the spec's fifteen sections in its order, then the activity log", () => {
    expect(ADMIN_SECTIONS.map((s) => s.to)).toEqual([
      "/admin",
      "/admin/articles",
      "/admin/schedule",
      "/admin/editorial-plan",
      "/admin/api-stats",
      "/admin/categories",
      "/admin/users",
      "/admin/contacts",
      "/admin/contests",
      "/admin/pet-listings",
      "/admin/breeds",
      "/admin/reports",
      "/admin/partners",
      "/admin/adsense",
      "/admin/seo",
      "/admin/registro",
    ]);
  });

  it("marks the section a page belongs to, the dashboard only for /admin itself", () => {
    expect(sectionOf("/admin")?.to).toBe("/admin");
    expect(sectionOf("/admin/")?.to).toBe("/admin");
    expect(sectionOf("/admin/articles/edit")?.to).toBe("/admin/articles");
    expect(sectionOf("/admin/contests/abc/submissions")?.to).toBe("/admin/contests");
    expect(sectionOf("/admin/articlesx")).toBeUndefined();
    expect(sectionOf("/admin/sconosciuta")).toBeUndefined();
  });

  it("reads its folded state from its cookie only", () => {
    expect(sidebarCollapsed(null)).toBe(false);
    expect(sidebarCollapsed("a=1; zampa_admin_sidebar=collapsed")).toBe(true);
    expect(sidebarCollapsed("zampa_admin_sidebar=expanded")).toBe(false);
    expect(sidebarCollapsed("x_zampa_admin_sidebar=collapsed")).toBe(false);
  });
});
