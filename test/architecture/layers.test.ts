/**
 * The layers of src/, lowest first, and the rules between them, each with its reason:
 * - a file imports only files of its own layer or of layers below it;
 * - layers on one rung (the four stages, the four targets) do not import each other, except
 *   through the type-only seams listed in SEAMS;
 * - no cycle between files (type-only imports included: a cycle of types is still two modules
 *   that cannot be understood apart);
 * - packages only where PACKAGES allows them, and the runtime package nothing of the compiler.
 * Imports are read with the TypeScript parser (import-graph.ts). The last block proves each rule
 * on a planted graph, so a check that silently passes everything fails there.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importGraph, importsOfText, packageOf, type ImportEdge } from "./import-graph.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Layer {
  name: string;
  /** Paths under the repository root that belong to the layer: a folder (ending in /) or a file. */
  paths: string[];
  /** Why nothing below it imports it (and, for siblings, why they do not import each other). */
  why: string;
}

const STAGE_WHY =
  "a stage is one step of the pipeline: the pipeline gives it the previous stage's output; it never calls another stage";
const TARGET_WHY = "targets are independent: each reads bundles, none another target's output";

/** Lowest first. Layers on one rung (an array) are siblings. */
export const LAYERS: (Layer | Layer[])[] = [
  {
    name: "core",
    paths: ["src/core/"],
    why: "the JSON value, pointers, parsed sources and diagnostics every layer speaks; it knows no schema",
  },
  {
    name: "schema",
    paths: ["src/schema/"],
    why: "what a schema is (dialects, keywords, the walk, URIs, documents and their resolved graph, ajv per dialect): every stage reads schemas, none defines what they are",
  },
  {
    name: "settings",
    paths: ["src/settings/"],
    why: "per-contract settings as values: what the config means, read by the stages and targets it configures",
  },
  {
    name: "tasks",
    paths: ["src/tasks/"],
    why: "worker threads and the store of task results run any stage's or target's pure functions without knowing them",
  },
  [
    { name: "load stage", paths: ["src/compiler/load/"], why: STAGE_WHY },
    { name: "resolve stage", paths: ["src/compiler/resolve/"], why: STAGE_WHY },
    { name: "check stage", paths: ["src/compiler/check/"], why: STAGE_WHY },
    { name: "bundle stage", paths: ["src/compiler/bundle/"], why: STAGE_WHY },
  ],
  {
    name: "repairs",
    paths: ["src/repairs/"],
    why: "repairs fix the type generator's input and output; the types target applies them, they never call it",
  },
  {
    name: "targets shared",
    paths: ["src/targets/shared/"],
    why: "where each output file goes and what each type is named, shared by every target",
  },
  [
    { name: "schemas target", paths: ["src/targets/schemas/"], why: TARGET_WHY },
    { name: "types target", paths: ["src/targets/types/"], why: TARGET_WHY },
    { name: "validators target", paths: ["src/targets/validators/"], why: TARGET_WHY },
    { name: "manifest target", paths: ["src/targets/manifest/"], why: TARGET_WHY },
    { name: "docs target", paths: ["src/targets/docs/"], why: TARGET_WHY },
    { name: "python target", paths: ["src/targets/python/"], why: TARGET_WHY },
  ],
  [
    {
      name: "drift",
      paths: ["src/drift/"],
      why: "comparing a fresh tree with the committed one is a function of two trees, whoever made them",
    },
    {
      name: "diff",
      paths: ["src/diff/"],
      why: "comparing two versions of contracts reads their output, whoever made it; the compiler never compares versions",
    },
  ],
  {
    name: "pipeline",
    paths: ["src/pipeline/"],
    why: "the one orchestrator calls the stages in order, then the targets, and passes their results on; the one diagnostic catalogue lists every layer's codes; nothing below calls it",
  },
  {
    name: "generated",
    paths: ["generated/"],
    why: "charter's own config contract, compiled by charter: the CLI checks charter.config.yaml with it",
  },
  {
    name: "cli",
    paths: ["src/cli/", "src/index.ts"],
    why: "only the command line and the library entry touch processes, print, and write files",
  },
];

/** The only imports between siblings: type-only, each with the reason it is a seam and not a call. */
export const SEAMS: { from: string; to: string; why: string }[] = [
  {
    from: "src/compiler/resolve/resolve-sources.ts",
    to: "src/compiler/load/load-sources.ts",
    why: "the load stage's output (LoadedSources) is the resolve stage's input",
  },
  {
    from: "src/compiler/check/check-contracts.ts",
    to: "src/compiler/load/instance-files.ts",
    why: "the type of the instance-folder reader the pipeline hands the check stage",
  },
  {
    from: "src/compiler/bundle/bundle-contracts.ts",
    to: "src/compiler/check/reachable-references.ts",
    why: "the check stage's verdict on references that name nothing decides what a bundle keeps",
  },
];

/** Packages (or files that wrap one) that only some layers may import, with the reason. */
export const PACKAGES: { packages: string[]; files?: string[]; only: string[]; why: string }[] = [
  {
    packages: ["ts-morph", "typescript"],
    only: ["src/targets/types/", "src/repairs/"],
    why: "TypeScript is loaded to make and repair types; everything else works on schemas and JSON",
  },
  {
    packages: ["json-schema-to-typescript", "prettier"],
    only: ["src/targets/types/"],
    why: "the type generator and its formatter belong to the types target",
  },
  {
    packages: ["ajv", "ajv-draft-04", "ajv-formats"],
    files: ["src/schema/ajv-for-dialect.ts"],
    only: ["src/schema/ajv-for-dialect.ts", "src/compiler/check/", "src/targets/validators/"],
    why: "ajv's compiler checks sources against meta-schemas (check) and compiles validators (validators target); nothing else compiles a schema",
  },
  {
    packages: ["yaml", "jsonc-parser"],
    only: ["src/compiler/load/", "src/cli/"],
    why: "text is parsed where it is read: sources by the load stage, the config and data files by the CLI",
  },
  {
    packages: ["tinyglobby"],
    only: ["src/compiler/load/", "src/cli/"],
    why: "only the load stage and the CLI list folders",
  },
  {
    packages: ["@dagrejs/dagre"],
    only: ["src/targets/docs/"],
    why: "the graph layout is for the docs site's picture of which contract uses which",
  },
  {
    packages: ["esbuild-wasm"],
    only: ["src/cli/docs/"],
    why: "the docs site's browser bundles are built where the CLI reads the validator files they hold",
  },
  {
    packages: ["diff"],
    only: ["src/drift/", "src/cli/"],
    why: "text diffs are for showing drift",
  },
];

/** What the runtime package (every client installs it) may import: itself, Node, and its optional peer. */
const RUNTIME = { folder: "packages/runtime/src/", packages: ["re2js"] };

const rungs = LAYERS.map((rung) => (Array.isArray(rung) ? rung : [rung]));

/** Rung and layer of a repository path: the longest matching path wins. */
function placeOf(file: string): { rung: number; layer: Layer } | undefined {
  let best: { rung: number; layer: Layer; length: number } | undefined;
  rungs.forEach((layers, rung) => {
    for (const layer of layers) {
      for (const prefix of layer.paths) {
        const matches = prefix.endsWith("/") ? file.startsWith(prefix) : file === prefix;
        if (matches && (!best || prefix.length > best.length)) best = { rung, layer, length: prefix.length };
      }
    }
  });
  return best && { rung: best.rung, layer: best.layer };
}

const within = (file: string, paths: readonly string[]) =>
  paths.some((p) => (p.endsWith("/") ? file.startsWith(p) : file === p));

type Graph = ReadonlyMap<string, readonly ImportEdge[]>;

/** Every import that runs up a layer, or across to a sibling other than through a listed type-only seam. */
function layerViolations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    const from = placeOf(file);
    if (!from) continue;
    for (const edge of edges) {
      const to = edge.target === undefined ? undefined : placeOf(edge.target);
      if (!to || to.layer === from.layer) continue;
      const where = `${file}:${edge.line} (${from.layer.name}) imports ${edge.target} (${to.layer.name})`;
      if (to.rung > from.rung) found.push(`${where}, a layer above it: ${to.layer.why}`);
      else if (to.rung === from.rung) {
        const seam = SEAMS.find((s) => s.from === file && s.to === edge.target);
        if (!seam) found.push(`${where}, a sibling: ${from.layer.why}`);
        else if (!edge.typeOnly) found.push(`${where}: the seam is for types only (${seam.why})`);
      }
    }
  }
  return found;
}

/** Every import of a package, or of a file wrapping one, outside the layers allowed it. */
function packageViolations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    if (file.startsWith(RUNTIME.folder)) continue;
    for (const edge of edges) {
      const name = packageOf(edge.specifier);
      for (const rule of PACKAGES) {
        const hit =
          (name !== undefined && rule.packages.includes(name)) ||
          (edge.target !== undefined && (rule.files ?? []).includes(edge.target));
        if (hit && !within(file, rule.only)) found.push(`${file}:${edge.line} imports ${edge.specifier}: ${rule.why}`);
      }
    }
  }
  return found;
}

/** Every import of the runtime package that is not its own file, a Node module or its optional peer. */
function runtimeViolations(graph: Graph): string[] {
  const found: string[] = [];
  for (const [file, edges] of graph) {
    if (!file.startsWith(RUNTIME.folder)) continue;
    for (const edge of edges) {
      const name = packageOf(edge.specifier);
      const allowed =
        edge.specifier.startsWith("node:") ||
        (edge.target !== undefined && edge.target.startsWith(RUNTIME.folder)) ||
        (name !== undefined && RUNTIME.packages.includes(name));
      if (!allowed)
        found.push(
          `${file}:${edge.line} imports ${edge.specifier}: every client installs the runtime, which takes nothing of the compiler and no dependency`,
        );
    }
  }
  return found;
}

/** The strongly connected components of more than one file (Tarjan's algorithm), each sorted, for the message. */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const targetsOf = (node: string) =>
    (graph.get(node) ?? []).flatMap((e) => (e.target !== undefined && graph.has(e.target) ? [e.target] : []));
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of targetsOf(node)) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || targetsOf(node).includes(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

const GRAPH = importGraph(ROOT, ["src", "packages/runtime/src"]);

describe("the layers of src/", () => {
  it("place every source file in a layer", () => {
    const files = [...GRAPH.keys()].filter((file) => file.startsWith("src/"));
    expect(files.filter((file) => !placeOf(file))).toEqual([]);
  });

  it("import only downward, and between siblings only through a listed type-only seam", () => {
    expect(layerViolations(GRAPH)).toEqual([]);
  });

  it("list only seams that are still used", () => {
    const used = (seam: (typeof SEAMS)[number]) => (GRAPH.get(seam.from) ?? []).some((e) => e.target === seam.to);
    expect(SEAMS.filter((seam) => !used(seam)).map((seam) => `${seam.from} -> ${seam.to}`)).toEqual([]);
  });

  it("import packages only where they belong", () => {
    expect(packageViolations(GRAPH)).toEqual([]);
  });

  it("keep the runtime package free of the compiler and of dependencies", () => {
    expect(runtimeViolations(GRAPH)).toEqual([]);
  });

  it("have no cycle between files", () => {
    expect(cycles(GRAPH)).toEqual([]);
  });
});

describe("the layer rules on a planted graph", () => {
  const planted = (files: Record<string, string>): Graph =>
    new Map(Object.entries(files).map(([file, text]) => [file, importsOfText(file, text)]));

  it("read every way of naming a module", () => {
    const text = [
      "import a from '../a.js';",
      'import { /* ; */ b,\n  // ; also\n  c } from "../b.js";',
      'import type { T } from "../t.js";',
      'import { type U, type V } from "../u.js";',
      'export { d } from "../d.js";',
      'export * from "../e.js";',
      'import "../f.js";',
      'import g = require("../g.js");',
      'const h = await import("../h.js");',
      'type I = import("../i.js").I;',
      'const w = new URL("../w.js", import.meta.url);',
      'const s = siblingModule(import.meta.url, "sibling");',
      "const p = 'not an import: from \"../x.js\"';",
    ].join("\n");
    const edges = importsOfText("src/core/x.ts", text).map((e) => `${e.target}${e.typeOnly ? " (type)" : ""}`);
    expect(edges).toEqual([
      "src/a.ts",
      "src/b.ts",
      "src/t.ts (type)",
      "src/u.ts (type)",
      "src/d.ts",
      "src/e.ts",
      "src/f.ts",
      "src/g.ts",
      "src/h.ts",
      "src/i.ts (type)",
      "src/w.ts",
      "src/core/sibling.ts",
    ]);
  });

  it("fail an upward import, in any quotes and past a comment", () => {
    const graph = planted({
      "src/core/a.ts": "import { b } from '../schema/b.js';",
      "src/schema/b.ts": 'import {\n  // a comment; with a semicolon\n  c,\n} from "../compiler/load/c.js";',
      "src/compiler/load/c.ts": "",
    });
    expect(layerViolations(graph)).toEqual([
      expect.stringContaining("src/core/a.ts:1 (core) imports src/schema/b.ts (schema), a layer above it"),
      expect.stringContaining(
        "src/schema/b.ts:4 (schema) imports src/compiler/load/c.ts (load stage), a layer above it",
      ),
    ]);
  });

  it("fail a dynamic import or a worker URL that runs up", () => {
    const graph = planted({
      "src/tasks/a.ts": 'await import("../pipeline/compile.js");\nnew URL("../cli/main.js", import.meta.url);',
    });
    expect(layerViolations(graph)).toHaveLength(2);
  });

  it("fail an import between sibling stages or targets, and a value import through a seam", () => {
    const seam = SEAMS[0]!;
    const graph = planted({
      "src/compiler/bundle/a.ts": 'import { x } from "../check/x.js";',
      "src/targets/types/a.ts": 'import type { Y } from "../validators/y.js";',
      [seam.from]: `import { loadSources } from "./${path.posix.relative(path.posix.dirname(seam.from), seam.to).replace(/\.ts$/, ".js")}";`,
    });
    expect(layerViolations(graph)).toEqual([
      expect.stringContaining("(bundle stage) imports src/compiler/check/x.ts (check stage), a sibling"),
      expect.stringContaining("(types target) imports src/targets/validators/y.ts (validators target), a sibling"),
      expect.stringContaining("the seam is for types only"),
    ]);
  });

  it("pass a type-only import through a listed seam, and downward imports", () => {
    const seam = SEAMS[0]!;
    const graph = planted({
      [seam.from]: `import type { LoadedSources } from "./${path.posix.relative(path.posix.dirname(seam.from), seam.to).replace(/\.ts$/, ".js")}";\nimport { x } from "../../core/x.js";`,
      "src/cli/a.ts": 'import { compile } from "../pipeline/compile.js";',
    });
    expect(layerViolations(graph)).toEqual([]);
  });

  it("fail a banned package, and a file that wraps one, outside their layers", () => {
    const graph = planted({
      "src/core/a.ts": 'import { Project } from "ts-morph";',
      "src/schema/b.ts": 'import { parse } from "yaml";',
      "src/compiler/bundle/c.ts": 'import { ajvForDialect } from "../../schema/ajv-for-dialect.js";',
      "src/diff/d.ts": 'import ts from "typescript";',
      "src/targets/types/e.ts": 'import { format } from "prettier";',
    });
    expect(packageViolations(graph)).toEqual([
      expect.stringContaining("src/core/a.ts:1 imports ts-morph"),
      expect.stringContaining("src/schema/b.ts:1 imports yaml"),
      expect.stringContaining("src/compiler/bundle/c.ts:1 imports ../../schema/ajv-for-dialect.js"),
      expect.stringContaining("src/diff/d.ts:1 imports typescript"),
    ]);
  });

  it("fail a runtime import of the compiler or of a package", () => {
    const graph = planted({
      "packages/runtime/src/a.ts": 'import { compile } from "../../../src/pipeline/compile.js";',
      "packages/runtime/src/b.ts":
        'import Ajv from "ajv";\nimport { RE2JS } from "re2js";\nimport { x } from "./c.js";',
    });
    expect(runtimeViolations(graph)).toEqual([
      expect.stringContaining("packages/runtime/src/a.ts:1 imports ../../../src/pipeline/compile.js"),
      expect.stringContaining("packages/runtime/src/b.ts:1 imports ajv"),
    ]);
  });

  it("fail a cycle, type-only imports included", () => {
    const graph = planted({
      "src/core/a.ts": 'import type { B } from "./b.js";',
      "src/core/b.ts": 'import { a } from "./a.js";',
      "src/core/c.ts": 'import { a } from "./a.js";',
    });
    expect(cycles(graph)).toEqual([["src/core/a.ts", "src/core/b.ts"]]);
  });

  it("place sibling layers on one rung, and lower layers below", () => {
    expect(placeOf("src/targets/types/x.ts")!.rung).toBe(placeOf("src/targets/validators/y.ts")!.rung);
    expect(placeOf("src/compiler/load/x.ts")!.rung).toBe(placeOf("src/compiler/bundle/y.ts")!.rung);
    expect(placeOf("src/core/a.ts")!.rung).toBeLessThan(placeOf("src/schema/b.ts")!.rung);
    expect(placeOf("src/targets/shared/a.ts")!.rung).toBeLessThan(placeOf("src/targets/types/b.ts")!.rung);
  });
});
