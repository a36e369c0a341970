import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // CLI end-to-end tests spawn Node; two cores are shared by the whole run.
    testTimeout: 60_000,
    pool: "forks",
  },
});
