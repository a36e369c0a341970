import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// In this repository `charter` is the checkout two folders up and the contracts are its
// generated tree, as tsconfig.json's `paths` says for the type checker and tsx.
export default defineConfig({
  resolve: {
    alias: [
      { find: "charter/runtime", replacement: fileURLToPath(new URL("../../src/runtime/index.ts", import.meta.url)) },
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
