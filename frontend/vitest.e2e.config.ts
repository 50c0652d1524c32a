import { defineConfig } from "vitest/config";

// The end-to-end run: real Chromium against a running backend that serves the built app (FILINGPROOF_URL).
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.ts"],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    sequence: { concurrent: false },
    reporters: ["verbose"],
  },
});
