import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { finishDocument } from "./finish-document";

const CODE = `import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nwindow.x = "a<b && <\\/div>";\nimport("/assets/entry.client-1.js");`;
const PAGE =
  `<html><head><title>t</title></head><body><main>testo</main>` +
  `<link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel="modulepreload" href="/assets/root-1.js"/>` +
  `<script>window.__ctx = 1;</script><script type="module" async="">${CODE}</script><script>window.__data = 2;</script></body></html>`;

/** Runs the inline loader in a minimal document and returns what it appended, by phase. */
function runLoader(html: string) {
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).find((s) => s?.includes("modulepreload"));
  if (!inline) throw new Error("no loader in the page");
  const appended: { parent: string; tag: string; rel?: string; href?: string; type?: string; textContent?: string }[] = [];
  const listeners: Record<string, () => void> = {};
  const queue: (() => void)[] = [];
  const element = (tag: string) => ({ tag }) as (typeof appended)[number];
  const document = {
    readyState: "loading",
    createElement: element,
    head: { appendChild: (el: (typeof appended)[number]) => appended.push({ ...el, parent: "head" }) },
    body: { appendChild: (el: (typeof appended)[number]) => appended.push({ ...el, parent: "body" }) },
  };
  runInNewContext(inline, {
    document,
    window: {},
    addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
    requestAnimationFrame: (fn: () => void) => queue.push(fn),
    setTimeout: (fn: () => void) => queue.push(fn),
  });
  const beforeLoad = appended.length;
  listeners.load?.();
  while (queue.length) queue.shift()?.();
  return { beforeLoad, appended };
}

const deferScripts = (html: Buffer) => finishDocument(html);

describe("finishDocument", () => {
  it("leaves no module preload or module script in the page as sent", () => {
    const html = deferScripts(Buffer.from(PAGE)).toString();
    expect(html).not.toContain("modulepreload\" href");
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain("<main>testo</main>");
    // The data scripts stay where they were, in order.
    expect(html.indexOf("window.__ctx = 1")).toBeLessThan(html.indexOf("window.__data = 2"));
  });

  it("adds the same preloads and module code after load, and nothing before", () => {
    const { beforeLoad, appended } = runLoader(deferScripts(Buffer.from(PAGE)).toString());
    expect(beforeLoad).toBe(0);
    expect(appended.filter((e) => e.parent === "head").map((e) => [e.rel, e.href])).toEqual([
      ["modulepreload", "/assets/entry.client-1.js"],
      ["modulepreload", "/assets/root-1.js"],
    ]);
    const script = appended.find((e) => e.parent === "body");
    expect(script?.type).toBe("module");
    expect(script?.textContent).toBe(CODE);
  });

  it("escapes every < of the module code inside the inline loader", () => {
    const html = deferScripts(Buffer.from(PAGE)).toString();
    const start = html.indexOf("<script>(function(d)") + "<script>".length;
    const loader = html.slice(start, html.indexOf("</script>", start));
    expect(loader).not.toContain("<");
    expect(loader).toContain("a\\u003cb");
  });

  it("returns a page without a module script unchanged", () => {
    const page = `<html><body><link rel="modulepreload" href="/a.js"/><p>x</p></body></html>`;
    expect(deferScripts(Buffer.from(page)).toString()).toBe(page);
  });

  it("keeps nothing of the buffer it was given (the caller reuses it)", () => {
    const input = Buffer.from(PAGE);
    const page = finishDocument(input);
    const sent = page.toString();
    input.fill(0x78);
    expect(page.toString()).toBe(sent);
    const plain = Buffer.from("<p>nessuno script</p>");
    const copy = finishDocument(plain);
    plain.fill(0x78);
    expect(copy.toString()).toBe("<p>nessuno script</p>");
  });

  it("with a nonce (React Router writes it first): the loader carries it, and gives it to the preloads and the module script it adds", () => {
    const page = PAGE.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, '<link rel="modulepreload" href="$1" nonce="bm9uY2U="/>')
      .replace('<script type="module" async="">', '<script nonce="bm9uY2U=" type="module" async="">');
    const html = finishDocument(Buffer.from(page), "bm9uY2U=").toString();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<script nonce="bm9uY2U=">(function(d)');
    // Every script left in the page as sent is either the loader or one of React Router's data scripts.
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual(["<script>", '<script nonce="bm9uY2U=">', "<script>"]);
    // Run with the loader's own tag as the current script: what it adds carries the nonce.
    const inline = /<script nonce="bm9uY2U=">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const appended: { tag: string; nonce?: string; href?: string; textContent?: string }[] = [];
    const queue: (() => void)[] = [];
    const window: { __zod_globalConfig?: { jitless?: boolean } } = {};
    runInNewContext(inline, {
      window,
      document: {
        readyState: "complete",
        currentScript: { nonce: "bm9uY2U=" },
        createElement: (tag: string) => ({ tag }),
        head: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
        body: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
      },
      addEventListener: () => {},
      requestAnimationFrame: (fn: () => void) => queue.push(fn),
      setTimeout: (fn: () => void) => queue.push(fn),
    });
    while (queue.length) queue.shift()?.();
    expect(appended.map((e) => [e.tag, e.href ?? null, e.nonce])).toEqual([
      ["link", "/assets/entry.client-1.js", "bm9uY2U="],
      ["link", "/assets/root-1.js", "bm9uY2U="],
      ["script", null, "bm9uY2U="],
    ]);
    expect(appended[2]?.textContent).toBe(CODE);
    // Zod is told, before any module runs, not to probe for eval (which the policy refuses).
    expect(window.__zod_globalConfig).toEqual({ jitless: true });
  });

  it("keeps multi-byte text intact around the cuts", () => {
    const page = PAGE.replace("testo", "Forlì — 🐾 “cuccioli”");
    const html = deferScripts(Buffer.from(page)).toString();
    expect(html).toContain("<main>Forlì — 🐾 “cuccioli”</main>");
    expect(html.startsWith("<html><head><title>t</title></head>")).toBe(true);
  });
});
