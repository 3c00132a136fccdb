// The admin's ad HTML is text on the back office's pages: the list and the form show it escaped,
// never as markup (it runs only in the public slots, after marketing consent).
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { EMPTY_AD_CODE_FORM } from "~/ads/validation";
import { AdCodeForm } from "~/components/admin/ad-code-form";
import AdminAdCodes from "~/routes/admin/adsense/list";

const HTML = `<script>window.pwned = 1</script><img src=x onerror=alert(1)>`;
const NAME = `<img src=x onerror=alert(2)> Banner`;

function render(path: string, Component: () => React.ReactNode, loaderData: unknown = null) {
  const Stub = createRoutesStub([{ id: "page", path, Component, HydrateFallback: () => null }]);
  return renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: loaderData } }} />);
}

describe("ad HTML on the admin pages", () => {
  it("shows as text in the list", () => {
    const row = {
      id: "6f1c9a52-3f7e-4a55-9d1e-2b7f0c8e4a11",
      name: NAME,
      htmlCode: HTML,
      placementType: "sidebar",
      placementLabel: "Barra laterale",
      pageType: "all",
      pageTypeLabel: "Tutte le pagine",
      isActive: true,
      priority: 0,
      createdAt: new Date("2026-11-24T10:00:00Z"),
      updatedAt: new Date("2026-11-24T10:00:00Z"),
    };
    const loaderData = { items: [row], total: 1, page: 1, pageCount: 1, filters: { placement: "", pageType: "", active: "all" }, saved: null };
    const html = render("/admin/adsense", () => <AdminAdCodes {...({ loaderData } as unknown as Parameters<typeof AdminAdCodes>[0])} />, loaderData);
    expect(html).toContain("&lt;script&gt;window.pwned = 1&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(2)&gt; Banner");
    expect(html).not.toMatch(/<script>window\.pwned|<img src=x/);
    expect(html).toContain('aria-label="Attivo: disattiva «&lt;img src=x onerror=alert(2)&gt; Banner»"');
  });

  it("shows as text in the form", () => {
    const html = render("/admin/adsense/new", () => <AdCodeForm mode="new" values={{ ...EMPTY_AD_CODE_FORM, name: NAME, htmlCode: HTML }} />);
    expect(html).toMatch(/<textarea[^>]*name="htmlCode"[^>]*>&lt;script&gt;window.pwned = 1&lt;\/script&gt;&lt;img src=x onerror=alert\(1\)&gt;<\/textarea>/);
    expect(html).not.toMatch(/<script>window\.pwned|<img src=x/);
  });
});
