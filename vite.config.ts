import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Loaded from node_modules at run time: native code and WebAssembly.
    external: ["@electric-sql/pglite", "sharp", "pg", "pino"],
  },
});
