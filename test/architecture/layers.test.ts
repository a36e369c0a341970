/**
 * The layers of src/, lowest first, and the one rule between them: a file imports only files of
 * its own layer or of layers below it. Each ban has its reason beside the layer it protects. A
 * test, not a lint config, so that `npm test` fails on an upward or sibling import and on any
 * cycle between files (type-only imports included: a cycle of types is still two modules that
 * cannot be understood apart).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Layer {
  name: string;
  /** Paths under the repository root that belong to the layer: a folder (ending in /) or a file. */
  paths: string[];
  /** Why nothing below imports it. */
  why: string;
}

/** Lowest first. Layers on one rung (an array) are siblings: neither imports the other. */
export const LAYERS: (Layer | Layer[])[] = [
  {
    name: "core",
    paths: ["src/core/"],
    why: "the JSON value, pointers and diagnostics every stage speaks; it knows no stage",
  },
  {
    name: "tasks",
    paths: ["src/compiler/parallel/"],
    why: "worker threads and a store of task results (TaskStore) run any stage's pure functions without knowing them",
  },
  { name: "load", paths: ["src/compiler/load/"], why: "reading a source knows nothing of what references mean" },
  {
    name: "resolve",
    paths: ["src/compiler/resolve/"],
    why: "resolving references is done before anything is checked or bundled",
  },
  {
    name: "check",
    paths: ["src/compiler/check/"],
    why: "checks read resolved documents and produce findings, never bundles",
  },
  {
    name: "bundle",
    paths: ["src/compiler/bundle/"],
    why: "a bundle is made from checked sources, for every target alike",
  },
  {
    name: "repairs",
    paths: ["src/repairs/"],
    why: "repairs fix the type generator's input and output; the types target applies them, they never call it",
  },
  {
    name: "targets base",
    paths: ["src/targets/output-files.ts", "src/targets/type-names.ts", "src/targets/naming-codes.ts"],
    why: "where each output file goes and what each type is named, shared by every target",
  },
  [
    {
      name: "schemas target",
      paths: ["src/targets/schemas/"],
      why: "targets are independent: each reads bundles, none another target's output",
    },
    {
      name: "types target",
      paths: ["src/targets/types/"],
      why: "targets are independent: each reads bundles, none another target's output",
    },
    {
      name: "validators target",
      paths: ["src/targets/validators/"],
      why: "targets are independent: each reads bundles, none another target's output",
    },
    {
      name: "manifest target",
      paths: ["src/targets/manifest/"],
      why: "targets are independent: each reads bundles, none another target's output",
    },
  ],
  {
    name: "pipeline",
    paths: ["src/compiler/compile.ts", "src/compiler/diagnostic-catalogue.ts", "src/compiler/drift/"],
    why: "the one orchestrator calls the stages in order and passes their results on; no stage calls it",
  },
  {
    name: "diff",
    paths: ["src/diff/"],
    why: "comparing two versions of contracts uses the compiler; the compiler never compares versions",
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

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(relative);
    return entry.name.endsWith(".ts") ? [relative] : [];
  });
}

/** Every relative module a file names: static imports and re-exports (type-only ones too), dynamic imports, and worker modules by URL. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gms),
    ...text.matchAll(/^\s*import\s*"([^"]+)"/gm),
    ...text.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
    ...text.matchAll(/\bnew URL\(\s*"(\.{1,2}\/[^"]+)"\s*,\s*import\.meta\.url\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, ".ts"),
    )
    .filter((target) => target.startsWith("src/") || target.startsWith("generated/"));
}

const FILES = sourceFiles("src");
const GRAPH = new Map(FILES.map((file) => [file, [...new Set(importsOf(file))]]));

describe("the layers of src/", () => {
  it("place every source file in a layer", () => {
    expect(FILES.filter((file) => !placeOf(file))).toEqual([]);
  });

  it("import only downward or within a layer: no upward import, and no import between sibling targets", () => {
    const banned: string[] = [];
    for (const [file, targets] of GRAPH) {
      const from = placeOf(file)!;
      for (const target of targets) {
        const to = placeOf(target);
        if (!to) continue;
        if (to.rung > from.rung)
          banned.push(
            `${file} (${from.layer.name}) imports ${target} (${to.layer.name}), a layer above it: ${from.layer.why}`,
          );
        else if (to.rung === from.rung && to.layer !== from.layer)
          banned.push(
            `${file} (${from.layer.name}) imports ${target} (${to.layer.name}), a sibling: ${from.layer.why}`,
          );
      }
    }
    expect(banned).toEqual([]);
  });

  it("have no cycle between files", () => {
    expect(cycles(GRAPH)).toEqual([]);
  });

  it("would catch a banned import and a cycle (the checks above on a planted graph)", () => {
    const planted = new Map([
      ["src/core/a.ts", ["src/compiler/load/b.ts"]],
      ["src/compiler/load/b.ts", ["src/core/a.ts"]],
    ]);
    expect(cycles(planted)).toEqual([["src/compiler/load/b.ts", "src/core/a.ts"]]);
    expect(placeOf("src/targets/types/x.ts")!.rung).toBe(placeOf("src/targets/validators/y.ts")!.rung);
    expect(placeOf("src/core/a.ts")!.rung).toBeLessThan(placeOf("src/compiler/load/b.ts")!.rung);
  });
});

/** The strongly connected components of more than one file (Tarjan's algorithm), each sorted, for the message. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
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
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}
