import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { adsenseCodes } from "~/db/schema";
import { itDb } from "../../tests/db";
import { findAd, isPageType, isPlacement } from "./ads.server";

describe("ad slots", () => {
  itDb("pick the active code for the placement and page (or all), highest priority first", async () => {
    await db().insert(adsenseCodes).values([
      { name: "tutte", htmlCode: "<p>tutte</p>", placementType: "sidebar", pageType: "all", priority: 1 },
      { name: "articolo", htmlCode: "<p>articolo</p>", placementType: "sidebar", pageType: "article", priority: 2 },
      { name: "spenta", htmlCode: "<p>spenta</p>", placementType: "sidebar", pageType: "article", priority: 0, isActive: false },
      { name: "home", htmlCode: "<p>home</p>", placementType: "banner", pageType: "home", priority: 0 },
    ]);
    expect(await findAd("sidebar", "article")).toBe("<p>tutte</p>");
    expect(await findAd("sidebar", "category")).toBe("<p>tutte</p>");
    expect(await findAd("banner", "home")).toBe("<p>home</p>");
    expect(await findAd("banner", "article")).toBeNull();
    expect(await findAd("footer", "home")).toBeNull();
  });

  itDb("validate placement and page type names", async () => {
    expect(isPlacement("banner")).toBe(true);
    expect(isPlacement("popup")).toBe(false);
    expect(isPageType("all")).toBe(true);
    expect(isPageType("admin")).toBe(false);
  });
});
