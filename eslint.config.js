// The linter's rules: each catches a kind of bug the type checker lets through. Formatting is
// prettier's (npm run format), layering the architecture test's (test/architecture).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "generated/**",
      // The site `charter docs` writes by default: minified bundles and data, not this project's code.
      "generated-docs/**",
      "**/fixtures/**",
      "**/dist/**",
      "**/node_modules/**",
      "examples/typed-client/generated/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Plain ES modules run by Node: its globals.
    files: ["**/*.mjs"],
    languageOptions: { globals: { process: "readonly", URL: "readonly", setTimeout: "readonly", console: "readonly" } },
  },
  {
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A promise nobody awaits loses its error: an unhandled rejection, or a write that has not
      // finished when the CLI reports success.
      "@typescript-eslint/no-floating-promises": "error",
      // An async callback where a sync one is expected (forEach, an event handler) runs unawaited.
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // `==` coerces; JSON values (0, "", null, false) are exactly what coercion confuses.
      eqeqeq: ["error", "always"],
      // Unused names are dead code or a bug; `_` marks a parameter a signature requires.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
