// The CLI that `charter` runs (package.json's bin) is a few bundled modules instead of some two
// hundred: Node 20 spends about half a millisecond on each ES module it loads, whatever its size
// (docs/decisions/004, items 13 and 14).
//
// - dist/cli/charter.js: dist/cli/main.js and what it imports, with generate and watch. An
//   unchanged `generate` loads this one module of charter's.
// - dist/cli/charter-lazy-*.js: the compiler, as `check` and a `generate` with work to do load it,
//   bundled with code splitting (shared code in dist/cli/charter-chunk-*.js), loaded only by the
//   runs that need it.
// - Every other module a command imports when it runs (explain, init, validate, docs, diff) stays
//   the file tsc wrote, imported by its path relative to dist/cli/, as do the worker threads' entries.
//
// Packages stay imports, except charter's own runtime, of which the CLI uses one constant. A module
// that finds files by its own place (`new URL("../x", import.meta.url)`, `siblingModule`) is given
// the place tsc wrote it to: each `import.meta.url` is rewritten to that file's URL, relative to
// dist/cli/, where every bundled file is written.
import * as esbuild from "esbuild";
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OUT_DIR = path.join(ROOT, "dist/cli");
const ENTRY = path.join(OUT_DIR, "main.js");

/** The commands loaded when they run and bundled all the same: their own imports load no compiler. */
const INLINED_COMMANDS = new Set(["commands/generate.js", "commands/watch.js"].map((file) => path.join(OUT_DIR, file)));

/** What charter.js imports when a run compiles: bundled together, each its own entry. */
const LAZY_ENTRIES = [
  "../pipeline/compile.js",
  "commands/check.js",
  "../tasks/compiled-code.js",
  "../targets/types/types-thread.js",
  "../tasks/task-thread.js",
].map((file) => path.join(OUT_DIR, file));

/** A lazy entry's file name: its path under dist/, flattened (`charter-lazy-pipeline-compile.js`). */
const lazyName = (file) =>
  `charter-lazy-${path.relative(path.dirname(OUT_DIR), file).replace(/\.js$/, "").split(path.sep).join("-")}`;

/** Packages bundled rather than imported: charter's own runtime, from the workspace. */
const BUNDLED_PACKAGES = /^charter-runtime(\/|$)/;

/** A package's import, in either bundle: kept an import, but charter's own runtime. */
const packageImport = (specifier) => (BUNDLED_PACKAGES.test(specifier) ? undefined : { external: true });

/** `import.meta.url` as the URL of the file tsc wrote, for a module now in a file of dist/cli/. */
const ownPlace = {
  name: "charter-own-place",
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta.url")) return undefined;
      const relative = path.relative(OUT_DIR, args.path).split(path.sep).join("/");
      const place = `new URL(${JSON.stringify(relative.startsWith(".") ? relative : `./${relative}`)}, import.meta.url).href`;
      return { contents: text.replaceAll("import.meta.url", place), loader: "js" };
    });
  },
};

/** Where charter.js's imports go: inlined, a lazy entry, or tsc's file. */
const front = {
  name: "charter-cli-front",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (!args.path.startsWith(".")) return packageImport(args.path);
      const target = path.resolve(args.resolveDir, args.path);
      if (args.kind !== "dynamic-import" || INLINED_COMMANDS.has(target)) return undefined;
      if (LAZY_ENTRIES.includes(target)) return { path: `./${lazyName(target)}.js`, external: true };
      const fromBundle = path.relative(OUT_DIR, target).split(path.sep).join("/");
      return { path: fromBundle.startsWith(".") ? fromBundle : `./${fromBundle}`, external: true };
    });
  },
};

/** Packages stay imports in the compiler's bundle too. */
const packagesExternal = {
  name: "charter-packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === "entry-point" ? undefined : packageImport(args.path),
    );
  },
};

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  write: false,
  logLevel: "silent",
};
const builds = await Promise.all([
  esbuild.build({ ...common, entryPoints: { charter: ENTRY }, outdir: OUT_DIR, plugins: [front, ownPlace] }),
  esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(LAZY_ENTRIES.map((file) => [lazyName(file), file])),
    outdir: OUT_DIR,
    splitting: true,
    chunkNames: "charter-chunk-[hash]",
    plugins: [packagesExternal, ownPlace],
  }),
]);

const problems = builds.flatMap((result) =>
  result.warnings.map((warning) => esbuild.formatMessagesSync([warning], { kind: "warning" }).join("")),
);
if (problems.length > 0) {
  process.stderr.write(`bundle-cli: dist/cli/charter.js not written:\n${problems.join("")}`);
  process.exit(1);
}
// The files of an earlier build go: a chunk's name is the digest of its content.
for (const file of readdirSync(OUT_DIR))
  if (/^charter-(lazy|chunk)-.*\.js$/.test(file)) rmSync(path.join(OUT_DIR, file));
// charter.js last: it is the newest file of dist/ once the build is whole (test/helpers/require-built-cli.ts).
const [cli, compiler] = builds.map((result) => result.outputFiles);
for (const output of [...compiler, ...cli]) writeFileSync(output.path, output.contents);
// Executable, as the file npm links for `charter`.
chmodSync(path.join(OUT_DIR, "charter.js"), 0o755);
