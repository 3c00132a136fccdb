import { defineConfig } from "vitest/config";

// Browser and HTTP tests against the production build, started once (tests/browser/server.ts).
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["tests/browser/server.ts"],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
