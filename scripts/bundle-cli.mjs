// The CLI that `charter` runs (package.json's bin) is one module: dist/cli/main.js and what it
// imports, with generate and watch, bundled into dist/cli/charter.js. Node 20 spends about half a
// millisecond on each ES module it loads, whatever its size, and an unchanged `generate` loaded 43
// of them: a third of its time, Node's own start-up aside (docs/decisions/004, item 13).
//
// Only what the light paths need is bundled. Every other module a command imports when it runs
// (the compiler, the targets, the other commands) stays the file tsc wrote, imported from the
// bundle by its path relative to dist/cli/, so that it is loaded only by the runs that need it.
// Packages stay imports, except charter's own runtime, of which the CLI uses one constant.
import * as esbuild from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = path.join(ROOT, "dist/cli/main.js");
const OUTFILE = path.join(ROOT, "dist/cli/charter.js");
const OUT_DIR = path.dirname(OUTFILE);

/** The commands loaded when they run and bundled all the same: their own imports load no compiler. */
const INLINED_COMMANDS = new Set(["commands/generate.js", "commands/watch.js"].map((file) => path.join(OUT_DIR, file)));

/** Packages bundled with the CLI rather than imported: charter's own runtime, from the workspace. */
const BUNDLED_PACKAGES = /^charter-runtime(\/|$)/;

const layout = {
  name: "charter-cli-layout",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === "entry-point") return undefined;
      if (!args.path.startsWith(".")) return BUNDLED_PACKAGES.test(args.path) ? undefined : { external: true };
      const target = path.resolve(args.resolveDir, args.path);
      if (args.kind !== "dynamic-import" || INLINED_COMMANDS.has(target)) return undefined;
      const fromBundle = path.relative(OUT_DIR, target).split(path.sep).join("/");
      return { path: fromBundle.startsWith(".") ? fromBundle : `./${fromBundle}`, external: true };
    });
  },
};

const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: [ENTRY],
  outfile: OUTFILE,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  plugins: [layout],
  metafile: true,
  write: false,
  logLevel: "silent",
});

// A module that finds files by its own place (`new URL("../x", import.meta.url)`) would find them
// from the bundle's place instead: only those that sit where the bundle does may be bundled.
const misplaced = Object.keys(result.metafile.inputs).filter((input) => {
  const file = path.join(ROOT, input);
  return path.dirname(file) !== OUT_DIR && /new URL\(\s*["'`]\.[^)]*import\.meta\.url/.test(readFileSync(file, "utf8"));
});
const problems = [
  ...result.warnings.map((warning) => esbuild.formatMessagesSync([warning], { kind: "warning" }).join("")),
  ...misplaced.map((input) => `${input} finds files relative to its own place, which the bundle moves\n`),
];
if (problems.length > 0) {
  process.stderr.write(`bundle-cli: dist/cli/charter.js not written:\n${problems.join("")}`);
  process.exit(1);
}
// Executable, as the file npm links for `charter`.
writeFileSync(OUTFILE, result.outputFiles[0].contents, { mode: 0o755 });
