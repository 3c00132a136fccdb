// Whether a sitemap is what search engines read: well-formed XML, the sitemaps.org namespace and
// limits, an index over 50,000 URLs. Pure; erasable TypeScript (the pinned Node runs it).
import { formatInt, type Verdict } from "./report.ts";

export interface XmlCheck {
  /** well-formed XML (XML 1.0's syntax, without a DTD's validation) */
  wellFormed: boolean;
  /** the first error, with its offset, when not well-formed */
  error: string | undefined;
  /** the root element's name and its xmlns attribute */
  root: string | undefined;
  namespace: string | undefined;
  /** elements counted by "parent>name", e.g. "urlset>url", "sitemapindex>sitemap" */
  counts: Map<string, number>;
  /** the text of each <loc> of a <sitemap> (a sitemap index's children) */
  sitemapLocs: string[];
}

const NAME = String.raw`[A-Za-z_:][\w.:-]*`;
const START_TAG = new RegExp(String.raw`<(${NAME})((?:\s+${NAME}\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(/?)>`, "y");
const END_TAG = new RegExp(String.raw`</(${NAME})\s*>`, "y");
const ATTRIBUTE = new RegExp(String.raw`(${NAME})\s*=\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");
const BAD_REFERENCE = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/**
 * Checks that `text` is well-formed XML: one root element, every tag closed in order, attributes
 * quoted, `&` only in entity or character references, nothing but markup outside the root. Counts
 * elements by parent, and keeps the <loc> of each <sitemap>. A strict scanner rather than a parser:
 * enough to tell whether a search engine could read a sitemap, and fast on tens of megabytes.
 */
export function checkXml(text: string): XmlCheck {
  const counts = new Map<string, number>();
  const sitemapLocs: string[] = [];
  const stack: string[] = [];
  let root: string | undefined;
  let namespace: string | undefined;
  let closedRoot = false;
  let locText: string | undefined;
  const result = (error?: string): XmlCheck => ({ wellFormed: !error, error, root, namespace, counts, sitemapLocs });
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith("<?xml", i)) {
    const end = text.indexOf("?>", i);
    if (end < 0) return result("unterminated XML declaration");
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk) {
      if (stack.length === 0 && chunk.trim()) return result(`text outside the root element at offset ${i}: "${chunk.trim().slice(0, 40)}"`);
      if (BAD_REFERENCE.test(chunk)) return result(`a bare "&" (not an entity reference) at offset ${i + chunk.search(BAD_REFERENCE)}`);
      if (chunk.includes("]]>")) return result(`"]]>" in text at offset ${i}`);
      if (locText !== undefined) locText += chunk;
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) return result(`unterminated comment at offset ${i}`);
      i = end + 3;
    } else if (text.startsWith("<![CDATA[", i)) {
      if (stack.length === 0) return result(`CDATA outside the root element at offset ${i}`);
      const end = text.indexOf("]]>", i);
      if (end < 0) return result(`unterminated CDATA at offset ${i}`);
      if (locText !== undefined) locText += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith("<?", i)) {
      if (text.startsWith("<?xml", i) && /^<\?xml\s/i.test(text.slice(i, i + 6))) return result(`XML declaration not at the start, at offset ${i}`);
      const end = text.indexOf("?>", i);
      if (end < 0) return result(`unterminated processing instruction at offset ${i}`);
      i = end + 2;
    } else if (text.startsWith("<!DOCTYPE", i)) {
      if (root) return result(`DOCTYPE after the root element at offset ${i}`);
      const end = text.indexOf(">", i);
      if (end < 0) return result(`unterminated DOCTYPE at offset ${i}`);
      i = end + 1;
    } else if (text[i + 1] === "/") {
      END_TAG.lastIndex = i;
      const m = END_TAG.exec(text);
      if (!m?.[1]) return result(`malformed end tag at offset ${i}: "${text.slice(i, i + 40)}"`);
      const open = stack.pop();
      if (open !== m[1]) return result(`</${m[1]}> at offset ${i} closes <${open ?? "nothing"}>`);
      if (m[1] === "loc" && locText !== undefined && stack[stack.length - 1] === "sitemap") sitemapLocs.push(locText.trim());
      if (m[1] === "loc") locText = undefined;
      if (stack.length === 0) closedRoot = true;
      i = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = i;
      const m = START_TAG.exec(text);
      if (!m?.[1]) return result(`malformed tag at offset ${i}: "${text.slice(i, i + 40)}"`);
      const [, name, attributes = "", selfClosing] = m;
      if (BAD_REFERENCE.test(attributes)) return result(`a bare "&" in an attribute at offset ${i}`);
      if (stack.length === 0) {
        if (closedRoot || root) return result(`a second root element <${name}> at offset ${i}`);
        root = name;
        for (const a of attributes.matchAll(ATTRIBUTE)) if (a[1] === "xmlns") namespace = a[2] ?? a[3];
      }
      const key = `${stack[stack.length - 1] ?? ""}>${name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!selfClosing) {
        stack.push(name);
        if (name === "loc") locText = "";
      }
      i = START_TAG.lastIndex;
    }
  }
  if (!root) return result("no root element");
  if (stack.length) return result(`<${stack[stack.length - 1]}> never closed`);
  return result();
}

/** sitemaps.org: at most 50,000 URLs and 50 MB (uncompressed) per sitemap, 50,000 sitemaps per index. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024, sitemaps: 50_000 } as const;
export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface FetchedXml {
  url: string;
  status: number;
  /** uncompressed size */
  bytes: number;
  check: XmlCheck | undefined;
}

export interface SitemapVerdict {
  verdict: Verdict;
  /** why, in a few words */
  reason: string;
  /** URLs listed in all (the urlset's, or the sum over the index's children) */
  urls: number;
}

function problemsOfUrlset(doc: FetchedXml, name: string): string[] {
  const problems: string[] = [];
  if (doc.status !== 200) return [`${name} answered HTTP ${doc.status}`];
  if (!doc.check?.wellFormed) return [`${name} is not well-formed XML (${doc.check?.error ?? "not read"})`];
  if (doc.check.root !== "urlset") problems.push(`${name}'s root is <${doc.check.root}>, not <urlset>`);
  if (doc.check.namespace !== SITEMAP_NAMESPACE) problems.push(`${name} lacks xmlns="${SITEMAP_NAMESPACE}"`);
  const urls = doc.check.counts.get("urlset>url") ?? 0;
  if (urls > SITEMAP_LIMITS.urls) problems.push(`${name} lists ${formatInt(urls)} URLs (over ${formatInt(SITEMAP_LIMITS.urls)})`);
  if (doc.bytes > SITEMAP_LIMITS.bytes) problems.push(`${name} is ${(doc.bytes / 1024 / 1024).toFixed(1)} MB (over 50 MB)`);
  return problems;
}

/**
 * Whether a site's sitemap follows the protocol: /sitemap.xml well-formed; a single <urlset> is valid
 * up to 50,000 URLs, beyond that it must be a <sitemapindex> whose children are each a well-formed
 * <urlset> of at most 50,000 URLs (and 50 MB).
 */
export function judgeSitemap(main: FetchedXml, children: FetchedXml[]): SitemapVerdict {
  const fail = (reason: string, urls = 0): SitemapVerdict => ({ verdict: "FAIL", reason, urls });
  if (main.status !== 200) return fail(`/sitemap.xml answered HTTP ${main.status}`);
  const check = main.check;
  if (!check?.wellFormed) return fail(`/sitemap.xml is not well-formed XML: ${check?.error ?? "not read"}`);
  if (check.root === "urlset") {
    const urls = check.counts.get("urlset>url") ?? 0;
    if (urls > SITEMAP_LIMITS.urls) {
      return fail(`one <urlset> of ${formatInt(urls)} URLs: over ${formatInt(SITEMAP_LIMITS.urls)} the site needs a <sitemapindex>`, urls);
    }
    const problems = problemsOfUrlset(main, "/sitemap.xml");
    return problems.length ? fail(problems.join("; "), urls) : { verdict: "PASS", reason: `one <urlset> of ${formatInt(urls)} URLs`, urls };
  }
  if (check.root !== "sitemapindex") return fail(`/sitemap.xml's root is <${check.root}>, neither <urlset> nor <sitemapindex>`);
  const problems: string[] = [];
  if (check.namespace !== SITEMAP_NAMESPACE) problems.push(`the index lacks xmlns="${SITEMAP_NAMESPACE}"`);
  const listed = check.counts.get("sitemapindex>sitemap") ?? 0;
  if (listed === 0) problems.push("the index lists no sitemap");
  if (listed > SITEMAP_LIMITS.sitemaps) problems.push(`the index lists ${formatInt(listed)} sitemaps (over ${formatInt(SITEMAP_LIMITS.sitemaps)})`);
  if (check.sitemapLocs.length !== listed) problems.push(`${listed - check.sitemapLocs.length} <sitemap> without <loc>`);
  if (children.length !== check.sitemapLocs.length) problems.push(`${check.sitemapLocs.length - children.length} child sitemap(s) not read`);
  let urls = 0;
  for (const child of children) {
    urls += child.check?.counts.get("urlset>url") ?? 0;
    problems.push(...problemsOfUrlset(child, new URL(child.url).pathname + new URL(child.url).search));
  }
  if (problems.length) return fail(problems.slice(0, 4).join("; ") + (problems.length > 4 ? `; and ${problems.length - 4} more` : ""), urls);
  const largest = Math.max(...children.map((c) => c.check?.counts.get("urlset>url") ?? 0));
  return { verdict: "PASS", reason: `<sitemapindex> of ${formatInt(listed)} sitemaps, ${formatInt(urls)} URLs in all, largest ${formatInt(largest)}`, urls };
}
