import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild-wasm";

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

/** The namespace of the small module that registers one contract's validator with the page's runtime. */
const ENTRY_NAMESPACE = "charter-docs-entry";

/**
 * `assets/validators/<name>.js` of every contract: its committed validator module, registered
 * with the page's runtime. One build with an entry per contract: esbuild's WebAssembly build
 * costs far more per call than per module (652 calls took most of the SchemaStore corpus's
 * 76 s), and each entry's output is the same bundle a build of its own gives.
 */
export async function bundleValidators(validators: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const bundles = new Map<string, string>();
  if (validators.size === 0) return bundles;
  const { build } = await import("esbuild-wasm");
  const names = [...validators.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const entries: Plugin = {
    name: "charter-docs-entries",
    setup(build) {
      build.onResolve({ filter: /^entry:/ }, (args) => ({ path: args.path.slice(6), namespace: ENTRY_NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, (args) => {
        const file = validators.get(names[Number(args.path)]!)!;
        return {
          contents: `import * as validator from ${JSON.stringify(`./${path.basename(file)}`)};\nglobalThis.CharterDocs.validators[${JSON.stringify(names[Number(args.path)])}] = validator;\n`,
          resolveDir: path.dirname(file),
          loader: "js",
        };
      });
    },
  };
  const outdir = path.dirname(PLAYGROUND);
  const result = await build({
    ...COMMON,
    entryPoints: names.map((_, i) => ({ in: `entry:${i}`, out: `v${i}` })),
    outdir,
    absWorkingDir: outdir,
    plugins: [entries, sharedRuntime],
  });
  for (const output of result.outputFiles) {
    const index = Number(/v(\d+)\.js$/.exec(output.path)?.[1]);
    bundles.set(names[index]!, output.text);
  }
  return bundles;
}
