import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// In this repository the contracts are the root's generated tree, as tsconfig.json's `paths`
// says for the type checker and tsx; charter-runtime is the workspace npm links.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^#contracts\/(.*)$/, replacement: fileURLToPath(new URL("../../generated/", import.meta.url)) + "$1" },
    ],
  },
  test: {
    name: "typed-client",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
