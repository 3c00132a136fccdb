import { describe, expect, it } from "vitest";
import { ROLES } from "~/lib/enums";
import { can, isStaff, PERMISSIONS, permissionsOf, ROLE_PERMISSIONS, type Permission } from "./permissions";

const ALL = Object.keys(PERMISSIONS) as Permission[];

describe("roles as sets of permissions", () => {
  it("gives an administrator every permission, and a user none", () => {
    expect(permissionsOf("admin")).toEqual(ALL);
    expect(permissionsOf("user")).toEqual([]);
    expect(isStaff("user")).toBe(false);
    expect(isStaff(null)).toBe(false);
    expect(can(null, "backoffice.enter")).toBe(false);
  });

  it("gives an editor the articles and their tools, and nothing of moderation or administration", () => {
    expect(permissionsOf("editor")).toEqual([
      "backoffice.enter",
      "articles.manage",
      "schedule.manage",
      "editorialPlan.manage",
      "ai.use",
      "categories.manage",
      "seo.keywords",
      "seo.sitemap",
    ]);
  });

  it("gives a moderator listings, reports, contests, messages and breeds, and nothing editorial", () => {
    expect(permissionsOf("moderator")).toEqual([
      "backoffice.enter",
      "listings.moderate",
      "reports.moderate",
      "contests.manage",
      "contacts.manage",
      "breeds.manage",
    ]);
  });

  it("keeps users, partners, AdSense, the SEO settings, the API statistics and the log with administrators", () => {
    for (const permission of ["users.manage", "partners.manage", "ads.manage", "seo.settings", "ai.stats", "audit.view"] as const) {
      expect(ROLES.values.filter((role) => can(role, permission))).toEqual(["admin"]);
    }
  });

  it("lets every staff role into the back office, and declares a set for every role", () => {
    expect(Object.keys(ROLE_PERMISSIONS).sort()).toEqual([...ROLES.values].sort());
    expect(ROLES.values.filter(isStaff)).toEqual(["editor", "moderator", "admin"]);
  });
});
