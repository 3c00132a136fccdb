// React Router's <Links /> and <Scripts /> put the JavaScript modules in the page as modulepreload
// links and a module script: the browser fetches them at once, and on a slow mobile connection they
// share the bandwidth with the page's main image and delay it (Lighthouse measured LCP 2.2–2.4 s
// with them, 0.9–1.0 s without). The page as sent is complete — links and forms work without
// JavaScript — so the modules are fetched once the page has loaded and painted instead.
// See docs/decisions/0021-scripts-after-load.md.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Characters that must not appear raw inside an inline <script>. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// After `load`, one animation frame (the page has painted) and a task; then the preloads and the
// module script are added to the document exactly as React Router wrote them.
const LOADER = `(function(d){function go(){d.p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";s.textContent=d.c;document.body.appendChild(s)}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==="complete")later();else addEventListener("load",later,{once:true})})`;

/** Moves a rendered document's module preloads and module script to after the page's load. */
export function deferScripts(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads: string[] = [];
  const withoutPreloads = html.replace(PRELOAD, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const loader = `<script>${LOADER}(${scriptSafeJson({ p: preloads, c: script[1] })})</script>`;
  return withoutPreloads.replace(MODULE_SCRIPT, () => loader);
}
