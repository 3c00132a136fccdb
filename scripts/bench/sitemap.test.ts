import { describe, expect, it } from "vitest";
import { checkXml, judgeSitemap, SITEMAP_NAMESPACE, type FetchedXml } from "./sitemap.ts";

const urlset = (n: number) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">${Array.from({ length: n }, (_, i) => `<url><loc>https://zampa.test/a/${i}?x=1&amp;y=2</loc></url>`).join("")}</urlset>\n`;
const index = (locs: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="${SITEMAP_NAMESPACE}">${locs.map((l) => `<sitemap><loc>${l}</loc></sitemap>`).join("")}</sitemapindex>`;
const fetched = (url: string, text: string, status = 200): FetchedXml => ({ url, status, bytes: Buffer.byteLength(text), check: checkXml(text) });

describe("checkXml", () => {
  it("counts elements by parent and keeps each <sitemap>'s <loc>", () => {
    const check = checkXml(index(["https://zampa.test/sitemap-1.xml", "https://zampa.test/sitemap-2.xml"]));
    expect(check).toMatchObject({ wellFormed: true, error: undefined, root: "sitemapindex", namespace: SITEMAP_NAMESPACE });
    expect(check.counts.get("sitemapindex>sitemap")).toBe(2);
    expect(check.sitemapLocs).toEqual(["https://zampa.test/sitemap-1.xml", "https://zampa.test/sitemap-2.xml"]);
    expect(checkXml(urlset(3)).counts.get("urlset>url")).toBe(3);
  });

  it("accepts comments, self-closing tags and single-quoted attributes", () => {
    expect(checkXml("<!-- a --><a x='1'><b/><c>t&lt;</c></a><!-- b -->").wellFormed).toBe(true);
  });

  it("finds what a search engine could not read", () => {
    const bad = ["<a><b></a>", "<a>x & y</a>", "<a></a>text", "<a>", "", "<a x=1></a>", "<a></a><b></b>"];
    for (const text of bad) expect(checkXml(text), text).toMatchObject({ wellFormed: false });
    expect(checkXml("<a>x & y</a>").error).toMatch(/bare "&"/);
  });
});

describe("judgeSitemap", () => {
  it("passes one <urlset> and an index of well-formed children", () => {
    expect(judgeSitemap(fetched("https://zampa.test/sitemap.xml", urlset(2)), [])).toEqual({ verdict: "PASS", reason: "one <urlset> of 2 URLs", urls: 2 });
    const children = [fetched("https://zampa.test/sitemap/1.xml", urlset(3)), fetched("https://zampa.test/sitemap/2.xml", urlset(1))];
    const verdict = judgeSitemap(fetched("https://zampa.test/sitemap.xml", index(children.map((c) => c.url))), children);
    expect(verdict).toEqual({ verdict: "PASS", reason: "<sitemapindex> of 2 sitemaps, 4 URLs in all, largest 3", urls: 4 });
  });

  it("fails a missing or broken sitemap, and says why", () => {
    expect(judgeSitemap(fetched("https://zampa.test/sitemap.xml", "", 404), [])).toMatchObject({ verdict: "FAIL", reason: "/sitemap.xml answered HTTP 404" });
    expect(judgeSitemap(fetched("https://zampa.test/sitemap.xml", "<urlset>"), []).reason).toMatch(/not well-formed/);
    expect(judgeSitemap(fetched("https://zampa.test/sitemap.xml", "<html></html>"), []).reason).toMatch(/neither <urlset> nor <sitemapindex>/);
  });

  it("fails an index whose children are missing, broken or unread", () => {
    const good = fetched("https://zampa.test/sitemap/1.xml", urlset(1));
    const broken = fetched("https://zampa.test/sitemap/2.xml", "<urlset>", 200);
    const verdict = judgeSitemap(fetched("https://zampa.test/sitemap.xml", index([good.url, broken.url, "https://zampa.test/sitemap/3.xml"])), [good, broken]);
    expect(verdict.verdict).toBe("FAIL");
    expect(verdict.reason).toMatch(/\/sitemap\/2\.xml is not well-formed/);
    expect(verdict.reason).toMatch(/1 child sitemap\(s\) not read/);
    expect(verdict.urls).toBe(1);
  });

  it("fails a single <urlset> over 50,000 URLs", () => {
    const main: FetchedXml = { url: "https://zampa.test/sitemap.xml", status: 200, bytes: 1, check: { ...checkXml(urlset(1)), counts: new Map([["urlset>url", 50_001]]) } };
    expect(judgeSitemap(main, [])).toMatchObject({ verdict: "FAIL", urls: 50_001 });
  });
});
