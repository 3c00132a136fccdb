import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // The server build bundles its dependencies (only the code used is loaded: a few icons rather
    // than all of lucide, the parts of drizzle and better-auth we call), which keeps the server's
    // memory low. Native code and WebAssembly stay in node_modules.
    noExternal: true,
    external: ["@electric-sql/pglite", "sharp", "pg", "pino", "nodemailer"],
  },
});
