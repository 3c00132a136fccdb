// React Router's <Links /> and <Scripts /> put the JavaScript modules in the page as modulepreload
// links and a module script: the browser fetches them at once, and on a slow mobile connection they
// share the bandwidth with the page's main image and delay its largest contentful paint. The page as
// sent is complete — links and forms work without JavaScript — so the modules are fetched once the
// page has loaded and painted instead. See docs/decisions/0021-scripts-after-load.md (Lighthouse's
// figures with and without, and how to reproduce them).

// Searched as bytes: the page is a Buffer from the renderer, and converting it to a string and back
// cost more than the rest of this work (see decision 0021).

const PRELOAD_START = Buffer.from('<link rel="modulepreload" href="');
const QUOTE = Buffer.from('"');
const TAG_END = Buffer.from("/>");
const SCRIPT_OPEN = Buffer.from("<script");
// React Router writes the nonce, when there is one, before these attributes.
const MODULE_SCRIPT = Buffer.from(' type="module" async="">');
const SCRIPT_END = Buffer.from("</script>");

/** Characters that must not appear raw inside an inline <script>. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

// After `load`, one animation frame (the page has painted) and a task; then the preloads and the
// module script are added to the document exactly as React Router wrote them, with the page's
// nonce (read from the loader's own tag: the Content-Security-Policy allows only scripts that carry it).
// Before any module runs, Zod is told not to compile its parsers with `new Function`: the policy
// allows no eval, and Zod's probe for it, though caught, is reported as a violation (Zod reads this
// global, zod/v4/core/core.js; the server keeps the compiled parsers). Decision 0064.
const LOADER = `(function(d){var z=window.__zod_globalConfig=window.__zod_globalConfig||{};z.jitless=true;var n=document.currentScript&&document.currentScript.nonce;function go(){d.p.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;if(n)l.nonce=n;document.head.appendChild(l)});var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=d.c;document.body.appendChild(s)}function later(){requestAnimationFrame(function(){setTimeout(go,0)})}if(document.readyState==="complete")later();else addEventListener("load",later,{once:true})})`;

/** A cut in the rendered document, `insert` (if any) taking the place of `at`…`end`. */
interface Edit {
  at: number;
  end: number;
  insert?: Buffer;
}

/**
 * The document as sent, in one new Buffer: the module preloads and the module script moved to after the page's load by an inline
 * loader that carries `nonce` (the page's scripts' nonce, decision 0064), when given.
 *
 * `html` is only read, and nothing returned points into it: the caller may reuse its memory. The
 * page is copied once here, instead of once to add the stylesheet and once more to move the scripts.
 */
export function finishDocument(html: Buffer, nonce?: string): Buffer {
  const edits: Edit[] = [];

  // React hoists the preloads into the head; the module script ends the body.
  const moduleAt = html.lastIndexOf(MODULE_SCRIPT);
  const scriptAt = moduleAt === -1 ? -1 : html.lastIndexOf(SCRIPT_OPEN, moduleAt);
  const codeAt = moduleAt + MODULE_SCRIPT.length;
  const scriptEnd = scriptAt === -1 ? -1 : html.indexOf(SCRIPT_END, codeAt);
  if (scriptEnd !== -1) {
    const preloads: string[] = [];
    for (let at = html.indexOf(PRELOAD_START); at !== -1 && at < scriptAt; ) {
      const hrefAt = at + PRELOAD_START.length;
      const hrefEnd = html.indexOf(QUOTE, hrefAt);
      const tagEnd = hrefEnd === -1 ? -1 : html.indexOf(TAG_END, hrefEnd);
      if (tagEnd === -1) break;
      preloads.push(html.toString("utf8", hrefAt, hrefEnd));
      edits.push({ at, end: tagEnd + TAG_END.length });
      at = html.indexOf(PRELOAD_START, tagEnd);
    }
    const code = html.toString("utf8", codeAt, scriptEnd);
    const open = nonce ? `<script nonce="${nonce}">` : "<script>";
    const loader = Buffer.from(`${open}${LOADER}(${scriptSafeJson({ p: preloads, c: code })})</script>`);
    edits.push({ at: scriptAt, end: scriptEnd + SCRIPT_END.length, insert: loader });
  }

  edits.sort((a, b) => a.at - b.at);
  const parts: Buffer[] = [];
  let from = 0;
  for (const edit of edits) {
    parts.push(html.subarray(from, edit.at));
    if (edit.insert) parts.push(edit.insert);
    from = edit.end;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
