import { describe, expect, it } from "vitest";
import { looksLikeHtml, plainText, renderContent } from "./render.server";

describe("article content rendering", () => {
  it("keeps the allowed structure of HTML content", () => {
    const html = renderContent("<h2>Cura</h2><p>Il <strong>gatto</strong> dorme.</p><ul><li>acqua</li></ul>");
    expect(html).toBe("<h2>Cura</h2><p>Il <strong>gatto</strong> dorme.</p><ul><li>acqua</li></ul>");
  });

  it("renders Markdown content", () => {
    expect(looksLikeHtml("## Titolo\n\nTesto **forte**")).toBe(false);
    const html = renderContent("## Titolo\n\nTesto **forte** e [link](https://esempio.it)");
    expect(html).toContain("<h2>Titolo</h2>");
    expect(html).toContain("<strong>forte</strong>");
    expect(html).toContain('<a href="https://esempio.it" target="_blank" rel="noopener noreferrer nofollow">link</a>');
  });

  it("removes scripts, event handlers, javascript: links and foreign elements", () => {
    const html = renderContent(
      '<p onclick="alert(1)">Ciao<script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">clic</a>' +
        '<iframe src="https://evil.example"></iframe><style>body{}</style><a href="JaVaScRiPt:alert(5)">x</a></p>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript|iframe|style/i);
    expect(html).toContain("Ciao");
    const md = renderContent('[clic](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror=alert(3)>');
    expect(md).not.toMatch(/script|onerror|javascript/i);
  });

  it("turns h1 into h2 so that the page keeps one h1", () => {
    expect(renderContent("<h1>Titolo</h1><p>x</p>")).toBe("<h2>Titolo</h2><p>x</p>");
  });

  it("gives plain text for lengths and descriptions", () => {
    expect(plainText("<h2>Cura</h2><p>Il gatto &amp; il cane</p>")).toBe("Cura Il gatto & il cane");
  });
});
