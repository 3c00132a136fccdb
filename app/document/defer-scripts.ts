// React Router's <Links /> and <Scripts /> put the JavaScript modules in the page as modulepreload
// links and a module script: the browser fetches them at once, and on a slow mobile connection they
// share the bandwidth with the page's main image and delay it (Lighthouse measured LCP 2.2–2.4 s
// with them, 0.9–1.0 s without). The page as sent is complete — links and forms work without
// JavaScript — so the modules are fetched once the page has loaded and painted instead.
// See docs/decisions/0021-scripts-after-load.md.

// Searched as bytes: the page is a Buffer from the renderer, and converting it to a string and back
// cost more than the rest of this work (measured ~1 ms of a ~7 ms render).
const PRELOAD_START = Buffer.from('<link rel="modulepreload" href="');
const PRELOAD_END = Buffer.from('"/>');
const SCRIPT_START = Buffer.from('<script type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");

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
export function deferScripts(html: Buffer): Buffer {
  // React hoists the preloads into the head; the module script ends the body.
  const scriptAt = html.lastIndexOf(SCRIPT_START);
  const scriptEnd = scriptAt === -1 ? -1 : html.indexOf(SCRIPT_END, scriptAt);
  if (scriptEnd === -1) return html;
  const code = html.toString("utf8", scriptAt + SCRIPT_START.length, scriptEnd);

  const parts: Buffer[] = [];
  const preloads: string[] = [];
  let from = 0;
  for (let at = html.indexOf(PRELOAD_START); at !== -1 && at < scriptAt; at = html.indexOf(PRELOAD_START, from)) {
    const hrefEnd = html.indexOf(PRELOAD_END, at);
    if (hrefEnd === -1) break;
    parts.push(html.subarray(from, at));
    preloads.push(html.toString("utf8", at + PRELOAD_START.length, hrefEnd));
    from = hrefEnd + PRELOAD_END.length;
  }
  parts.push(html.subarray(from, scriptAt));
  parts.push(Buffer.from(`<script>${LOADER}(${scriptSafeJson({ p: preloads, c: code })})</script>`));
  parts.push(html.subarray(scriptEnd + SCRIPT_END.length));
  return Buffer.concat(parts);
}
