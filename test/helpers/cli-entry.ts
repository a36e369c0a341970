import { fileURLToPath, pathToFileURL } from "node:url";

/**
 * The built CLI, as an installed charter runs it. Tests spawn it rather than src/cli/main.ts
 * through tsx, which costs each process (and each of its worker threads) about 1.4 s more;
 * `npm test` builds it first, and test/helpers/require-built-cli.ts refuses a dist/ older than src/.
 */
export const CLI_MAIN = fileURLToPath(new URL("../../dist/cli/charter.js", import.meta.url));

/** Node's arguments for the CLI, with `preload` modules (paths or file URLs) imported first. */
export function cliArgs(args: readonly string[], preload: readonly string[] = []): string[] {
  const imports = preload.map((module) => (module.startsWith("file:") ? module : pathToFileURL(module).href));
  return [...imports.flatMap((module) => ["--import", module]), CLI_MAIN, ...args];
}
