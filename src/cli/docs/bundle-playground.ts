import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild-wasm";
import { validatorScript } from "./validator-script.js";

/** The runtime modules generated validators import, which the runtime bundle exposes to them. */
const SHARED = /^charter-runtime\/(?:helpers|formats|patterns)$/;
const SHARED_NAMESPACE = "charter-docs-shared";

/** Binds a validator's imports of charter-runtime's helpers to the modules `assets/runtime.js` put on the page. */
const sharedRuntime: Plugin = {
  name: "charter-docs-shared-runtime",
  setup(build) {
    build.onResolve({ filter: SHARED }, (args) => ({ path: args.path, namespace: SHARED_NAMESPACE }));
    build.onLoad({ filter: /.*/, namespace: SHARED_NAMESPACE }, (args) => ({
      contents: `module.exports = globalThis.CharterDocs.modules[${JSON.stringify(args.path)}];`,
      loader: "js",
    }));
  },
};

/** Minified, without comments: no path of this machine reaches the site, and the bytes depend on the code only. */
const COMMON = {
  bundle: true,
  format: "iife",
  platform: "browser",
  minify: true,
  legalComments: "none",
  charset: "utf8",
  write: false,
  logLevel: "silent",
} as const;

/** The playground entry: one plain JavaScript file, the same bytes from charter's sources and from its package. */
const PLAYGROUND = fileURLToPath(new URL("../../../templates/docs-playground.js", import.meta.url));

/** `assets/runtime.js`: charter-runtime and yaml, and the checker the payload box calls. */
export async function bundleRuntime(): Promise<string> {
  const { build } = await import("esbuild-wasm");
  const result = await build({ ...COMMON, entryPoints: [PLAYGROUND], absWorkingDir: path.dirname(PLAYGROUND) });
  return result.outputFiles[0]!.text;
}

/** How many bundles are asked of esbuild at once. */
const AT_ONCE = 8;

/**
 * `assets/validators/<name>.js` of every contract, by name in sorted order. A module of the
 * validators target's own shape becomes a classic script by string work (validator-script.ts);
 * any other is bundled by esbuild, several builds under way at once: its WebAssembly build
 * spends much of each call waiting, so eight at a time took 5.0 s where one after the other took
 * 13.3 s (60 of the SchemaStore corpus's validators, on this machine's 2 cores).
 */
export async function bundleValidators(validators: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const names = [...validators.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const bundles: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const index = next++;
      const name = names[index]!;
      const file = validators.get(name)!;
      bundles[index] = validatorScript(await readFile(file, "utf8"), name) ?? (await bundleValidator(file, name));
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, names.length) }, worker));
  return new Map(names.map((name, i) => [name, bundles[i]!]));
}

/** `assets/validators/<name>.js`: the contract's committed validator module, registered with the page's runtime. */
async function bundleValidator(validatorFile: string, contract: string): Promise<string> {
  const { build } = await import("esbuild-wasm");
  const folder = path.dirname(validatorFile);
  const result = await build({
    ...COMMON,
    stdin: {
      contents: `import * as validator from ${JSON.stringify(`./${path.basename(validatorFile)}`)};\nglobalThis.CharterDocs.validators[${JSON.stringify(contract)}] = validator;\n`,
      resolveDir: folder,
      loader: "js",
    },
    absWorkingDir: folder,
    plugins: [sharedRuntime],
  });
  return result.outputFiles[0]!.text;
}
