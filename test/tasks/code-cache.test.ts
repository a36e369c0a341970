import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openToAll } from "../helpers/as-nobody.js";
import { tempTree } from "../helpers/temp-tree.js";

const CODE_CACHE = new URL("../../dist/tasks/code-cache.js", import.meta.url).href;

/**
 * Each load runs in a process of its own: V8 keeps what it compiled for the life of a process,
 * so a second load in this one would never read the folder.
 */
const LOADER = `import { createRequire } from "node:module";
const { loadWithCodeCache } = await import(process.argv[2]);
const [preloaded, folder, ...files] = process.argv.slice(3);
const require = createRequire(import.meta.url);
if (preloaded === "yes") require(files[0]);
const loaded = loadWithCodeCache(folder, files);
const top = require(files.at(-1));
loaded.keep();
process.stdout.write(JSON.stringify({ fromCache: loaded.fromCache, answer: top.answer, base: top.base.name }));
`;

/** Two CommonJS files, the second requiring the first, and a folder for their code. */
function project() {
  const dir = tempTree({
    "lib/base.cjs": "exports.value = 41;\nexports.name = __filename;\n",
    "lib/top.cjs": 'const base = require("./base.cjs");\nmodule.exports = { answer: base.value + 1, base };\n',
    "loader.mjs": LOADER,
  });
  const files = [path.join(dir, "lib/base.cjs"), path.join(dir, "lib/top.cjs")];
  const folder = path.join(dir, "code");
  const load = (options: { preloaded?: boolean; asNobody?: boolean } = {}) => {
    const node = [path.join(dir, "loader.mjs"), CODE_CACHE, options.preloaded ? "yes" : "no", folder, ...files];
    const result = options.asNobody
      ? spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, ...node], {
          encoding: "utf8",
        })
      : spawnSync(process.execPath, node, { encoding: "utf8" });
    expect(result.stderr).toBe("");
    return JSON.parse(result.stdout) as { fromCache: string[]; answer: number; base: string };
  };
  const entries = () => readdirSync(folder).filter((f) => f.endsWith(".v8"));
  return { dir, files, folder, load, entries };
}

describe("V8's code cache for large CommonJS files", () => {
  it("loads each file into the require cache, keeps its compiled code, and compiles from it in the next process", () => {
    const { files, load, entries } = project();
    expect(load()).toEqual({ fromCache: [], answer: 42, base: files[0] });
    expect(entries()).toHaveLength(2);
    expect(load()).toEqual({ fromCache: files, answer: 42, base: files[0] });
    expect(entries()).toHaveLength(2);
  });

  it("gives a changed file none of its old code, even at the same length", () => {
    const { files, load, entries } = project();
    load();
    writeFileSync(files[0]!, readFileSync(files[0]!, "utf8").replace("41", "99"));
    expect(load()).toEqual({ fromCache: [files[1]], answer: 100, base: files[0] });
    expect(entries()).toHaveLength(3);
  });

  it("compiles afresh from a damaged entry, and replaces it", () => {
    const { folder, files, load, entries } = project();
    load();
    for (const entry of entries()) writeFileSync(path.join(folder, entry), "not V8's code");
    expect(load()).toEqual({ fromCache: [], answer: 42, base: files[0] });
    expect(load().fromCache).toEqual(files);
  });

  it("leaves a file already loaded alone", () => {
    const { files, load, entries } = project();
    expect(load({ preloaded: true })).toEqual({ fromCache: [], answer: 42, base: files[0] });
    expect(entries()).toHaveLength(1);
  });

  it("writes nothing, and fails nothing, where the folder cannot be made", () => {
    const { dir, files, load } = project();
    openToAll(dir);
    // Root writes whatever the modes say: nobody is bound by them.
    chmodSync(dir, 0o555);
    try {
      expect(load({ asNobody: true })).toEqual({ fromCache: [], answer: 42, base: files[0] });
    } finally {
      chmodSync(dir, 0o755);
    }
    expect(readdirSync(dir)).not.toContain("code");
  });
});

/** A package's first `require` through `requireWithCodeCache`, in a process of its own (see LOADER). */
const HOOKED = `import { createRequire, Module } from "node:module";
const { requireWithCodeCache } = await import(process.argv[2]);
const [folder, top, fail] = process.argv.slice(3);
const require = createRequire(import.meta.url);
const before = Module._extensions[".js"];
let threw = false;
if (fail === "yes") {
  try {
    requireWithCodeCache(folder, () => { require(top.replace("index.js", "broken.js")); });
  } catch {
    threw = true;
  }
}
const loaded = requireWithCodeCache(folder, () => require(top));
loaded.keep();
const restored = Module._extensions[".js"] === before;
process.stdout.write(JSON.stringify({ fromCache: loaded.fromCache.map((f) => f.slice(f.indexOf("node_modules"))).sort(), value: loaded.value, restored, threw }));
`;

/** A package of CommonJS files that requires a second package, an ES module package, JSON and a `#!` script. */
function hookedProject() {
  const dir = tempTree({
    "node_modules/top/package.json": '{ "name": "top", "main": "index.js" }',
    "node_modules/top/index.js":
      'const part = require("./part.cjs");\nconst dep = require("dep");\nconst esm = require("esm-only");\nconst data = require("./data.json");\nconst tool = require("./tool.js");\nmodule.exports = { sum: part.one + dep.two + esm.three + data.four + tool.five, file: __filename.endsWith("index.js") };\n',
    "node_modules/top/part.cjs": "exports.one = 1;\n",
    "node_modules/top/data.json": '{ "four": 4 }',
    "node_modules/top/tool.js": "#!/usr/bin/env node\nexports.five = 5;\n",
    "node_modules/top/broken.js": "exports.x = ;\n",
    "node_modules/dep/package.json": '{ "name": "dep", "main": "lib/dep.js" }',
    "node_modules/dep/lib/dep.js": "exports.two = 2;\n",
    "node_modules/esm-only/package.json": '{ "name": "esm-only", "type": "module", "main": "index.js" }',
    "node_modules/esm-only/index.js": "export const three = 3;\n",
    "hooked.mjs": HOOKED,
  });
  const folder = path.join(dir, "code");
  const load = (fail = false) => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(dir, "hooked.mjs"),
        CODE_CACHE,
        folder,
        path.join(dir, "node_modules/top/index.js"),
        fail ? "yes" : "no",
      ],
      { encoding: "utf8" },
    );
    expect(result.stderr).toBe("");
    return JSON.parse(result.stdout) as { fromCache: string[]; value: unknown; restored: boolean; threw: boolean };
  };
  return { load };
}

describe("V8's code cache for a package's first require", () => {
  const commonJs = [
    "node_modules/top/index.js",
    "node_modules/top/part.cjs",
    "node_modules/dep/lib/dep.js",
    "node_modules/top/tool.js",
  ]
    .map((file) => file.split("/").join(path.sep))
    .sort();

  it("compiles every CommonJS file it loads from the folder's code in the next process, and leaves ES modules and JSON to Node", () => {
    const { load } = hookedProject();
    const expected = { value: { sum: 15, file: true }, restored: true, threw: false };
    expect(load()).toEqual({ fromCache: [], ...expected });
    expect(load()).toEqual({ fromCache: commonJs, ...expected });
  });

  it("puts Node's loader back when the require throws", () => {
    const { load } = hookedProject();
    expect(load(true)).toMatchObject({ restored: true, threw: true, value: { sum: 15 } });
  });
});
