import { defineConfig } from "vite";

// The HTTP server (server/start.ts and server/main.ts) compiled to plain JavaScript at build time. Run as TypeScript,
// Node would load its own type stripper (a WebAssembly compiler) into the server process, which
// costs ~17 MB of memory for nothing (docs/decisions/0029-server-memory-and-render.md).
// Packages stay external (Node loads them from node_modules); the app's build is imported at run time.
export default defineConfig({
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: "server/start.ts",
    outDir: "build",
    emptyOutDir: false,
    copyPublicDir: false,
    target: "node22",
    // The server (server/main.ts) is a chunk beside the entry: it finds the app's build from its own place.
    rolldownOptions: { output: { entryFileNames: "server.js", chunkFileNames: "[name]-[hash].js" } },
  },
});
