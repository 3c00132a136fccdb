// axe-core over the page the browser shows: the WCAG 2.1 A/AA rules and best practices. Every new
// screen's browser test calls it once on its main state.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeResult {
  violations: { id: string; nodes: { target: unknown }[] }[];
}

/** The violations axe-core finds on the page as it is now, one line each (empty: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP does not apply.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`);
  });
}
