import { defineConfig } from "vitest/config";

// `npm run test:packages`: the packed packages installed by each package manager into scratch
// apps (test/packages). Minutes, not seconds, and the registry for charter's own dependencies:
// CI runs it after `npm test`.
export default defineConfig({
  test: {
    name: "packages",
    include: ["test/packages/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: "forks",
  },
});
