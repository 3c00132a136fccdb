import { MapPin } from "lucide";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, iconMarkup } from "./icon";

describe("Icon", () => {
  it("draws Lucide's shapes inside one svg with Lucide's default look", () => {
    const html = renderToString(<Icon node={MapPin} aria-hidden size={16} className="shrink-0" />);
    expect(html).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor"/);
    expect(html).toContain('stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="shrink-0"');
    expect(html).toContain('<circle cx="12" cy="10" r="3"></circle></svg>');
    expect(html.match(/<path /g)).toHaveLength(1);
  });

  it("lets a page override the defaults (a filled heart)", () => {
    expect(renderToString(<Icon node={MapPin} fill="currentColor" />)).toContain('fill="currentColor"');
  });

  it("escapes attribute values", () => {
    expect(iconMarkup([["path", { d: 'M0 0"/><script>', title: "a&b" }]])).toBe('<path d="M0 0&quot;/>&lt;script>" title="a&amp;b"></path>');
  });
});
