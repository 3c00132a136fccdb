import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Small modules that every public page loads (the chrome's icons and helpers). Left to automatic
// splitting, each one shared by several routes becomes a chunk of a few hundred bytes, with its
// own request and gzip frame; grouped, they cost one.
const PAGE_COMMON = [
  /[\\/]app[\\/]lib[\\/](format|images|site|seo|consent|use-consent|nonce|content-security-policy)\.ts$/,
  /[\\/]app[\\/]components[\\/](message-panel|prose|ad-slot|plain-link|icon)\.tsx$/,
  /[\\/]lucide[\\/]dist[\\/]esm[\\/]icons[\\/](x|check|mail|calendar|eye|search|user|paw-print|menu|chevron-down|cookie|link-2)\.mjs$/,
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: isSsrBuild
    ? {
        // Non-ASCII characters escaped: V8 keeps a source file with any of them (our Italian texts)
        // as two bytes per character, and it keeps the server bundle's source in memory (~3.7 MB saved);
        // documentation comments, some of them non-ASCII, are of no use in the built file.
        rolldownOptions: { output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } } },
      }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: "page-common", test: (id: string) => PAGE_COMMON.some((re) => re.test(id)) }] },
          },
        },
      },
  ssr: {
    // The server build bundles its dependencies (only the code used is loaded: a few icons rather
    // than all of Lucide's, the parts of drizzle and better-auth we call), which keeps the server's
    // memory low. Native code and WebAssembly stay in node_modules. The development server loads
    // them from node_modules as they are (its module runner cannot evaluate CommonJS it bundled).
    noExternal: command === "build" ? true : undefined,
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer"],
  },
}));
