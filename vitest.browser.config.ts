import { defineConfig } from "vitest/config";
import { reporters } from "./tests/setup/reporters.ts";

// Browser and HTTP tests against the production build, started once (tests/browser/server.ts).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: reporters("browser"),
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/browser/server.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
