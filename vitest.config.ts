import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // CLI end-to-end tests spawn Node; two cores are shared by the whole run.
    testTimeout: 60_000,
    pool: "forks",
    // One test file per core, not vitest's default of one fewer: most files wait on the CLI processes
    // they start, so on two cores one file at a time left a core idle (about 1.3 busy on average).
    maxWorkers: "100%",
    // Tests spawn the built CLI (test/helpers/cli-entry.ts), which must be as new as src/.
    globalSetup: ["test/helpers/require-built-cli.ts"],
    projects: [
      // test/packages installs packed tarballs, test/stress runs the lock at scale, test/scale the largest
      // schemas: scripts of their own.
      {
        extends: true,
        test: {
          name: "charter",
          include: ["test/**/*.test.ts"],
          exclude: ["test/packages/**", "test/stress/**", "test/scale/**"],
        },
      },
      // A downstream client of the generated tree, with its own config (its import aliases).
      "examples/typed-client/vitest.config.ts",
    ],
  },
});
