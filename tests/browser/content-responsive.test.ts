// At 360 px wide the content pages fit the screen: no horizontal scroll.
import { describe, expect, it } from "vitest";
import { startBrowser, withConsent } from "./browser";

const browser = startBrowser();

const PATHS = ["/", "/articles", "/article/prime-settimane-con-il-cucciolo", "/article/vaccinazioni-cane-e-gatto-calendario", "/contact"];

describe("small screens", () => {
  it.each(PATHS)("%s has no horizontal scroll at 360 px", async (path) => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState("networkidle");
    const widest = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // Names the elements that stick out, to make a failure easy to read.
      const over = Array.from(document.querySelectorAll("body *"))
        .filter((el) => el.getBoundingClientRect().right > width + 0.5)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 3).join(".")}`);
      return { scrollWidth: document.documentElement.scrollWidth, over };
    });
    expect(widest.scrollWidth, widest.over.join(", ")).toBeLessThanOrEqual(360);
  });
});
