/**
 * `npm run bench:validators`: charter's precompiled validators and runtime
 * against the baseline a maintainer would hand-roll, ajv compiling the same
 * bundled schema when the process starts, on three SchemaStore contracts:
 *
 * (a) time to the first validation in a fresh `node` process (plain node, no
 *     tsx): the runtime loading the generated modules, against importing ajv
 *     and compiling the schema; ratio runtime / ajv, target at most 0.2;
 * (b) validations per second on the corpus's valid instances: the runtime's
 *     `validate` and `isValid` against the function `ajv.compile` returns
 *     with the same options; ratio runtime / ajv, target at least 0.95;
 * (c) the same on invalid instances, where the runtime lists every
 *     violation (up to maxErrors) and sorts them: reported, no target;
 * (d) what the depth limit costs on valid data: the runtime with its default
 *     `maxDepth` against the same runtime on a copy of the validator modules
 *     with the check taken out (the code as it was before the depth limit:
 *     BEFORE_LIMIT), in the process of (b), in rounds of short slices that
 *     alternate the two (the order swapped every round); ratio limited /
 *     before, target at least 0.97.
 *     Only a contract whose validators can call themselves with the data (a
 *     reference cycle in the schema) checks the limit, at each such call
 *     (elsewhere the ratio is 1 by construction, and says so); a synthetic
 *     recursive tree contract, where the validator does little per level of
 *     the data and the check weighs most, is measured the same way, with no
 *     target.
 *
 * The contracts are compiled with charter's `compile()` into a temporary
 * directory (removed at the end); the measurements run in child processes
 * started with plain `node`, so neither tsx's loader nor the compiler's heap
 * is in them. Machines here have two noisy cores: compare ratios, not
 * milliseconds.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { ajvForDialect } from "../src/schema/ajv-for-dialect.js";
import addFormats from "ajv-formats";
import ts from "typescript";
import { compile } from "../src/pipeline/compile.js";
import { SCHEMASTORE, SCHEMASTORE_OPTIONS } from "./schemastore-corpus.js";

/** Large draft-07 schemas with many valid instances and corpus negatives, and a 2020-12 one (Ajv2020, unevaluatedProperties). */
const CONTRACTS = ["claude-code-settings", "liquibase", "yamllint"] as const;
/** Fresh processes per variant and contract for (a), interleaved. */
const FRESH_RUNS = 15;
/**
 * Rounds per variant for (b) and (c), alternating, each of fixed duration.
 * Many short rounds rather than a few long ones: with a neighbour's job on the
 * other core, a round's rate can drop several-fold, and ratios are taken per
 * round (the variants of a round run back to back). Thirty-six: with twelve,
 * yamllint's ratio of `validate` to ajv's defaults, a call of about a
 * microsecond, had an interquartile range of 0.86–1.03 and its median moved
 * between 0.93 and 1.03 from run to run, across a target of 0.95.
 */
const ROUNDS = 36;
const ROUND_MS = 100;
/**
 * Warm-up of each variant, alone, before the rounds (valid, then invalid data).
 * Long on purpose: V8 compiles a large validator function with TurboFan on a
 * background thread, which took about a second for yamllint's here; measured
 * before that, a round times the interpreter, not the validator.
 */
const WARMUP_MS = { valid: 1500, invalid: 1000 };
const TARGET_FIRST = 0.2;
const TARGET_THROUGHPUT = 0.95;
const TARGET_DEPTH = 0.97;
/**
 * (d) pairs the two bindings closely: each round runs one, then the other, for
 * DEPTH_SLICE_MS each (the order swapped every round), since a neighbour's job
 * that slows one slice mostly slows the next too; after DEPTH_WARMUP_MS of each alone.
 */
const DEPTH_ROUNDS = 100;
const DEPTH_SLICE_MS = 25;
const DEPTH_WARMUP_MS = 500;
/** The synthetic recursive contract of (d): a tree of named nodes, and its valid instances. */
const TREE = {
  name: "bench-tree",
  schema: {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    required: ["name"],
    additionalProperties: false,
    properties: {
      name: { type: "string" },
      value: { type: "number" },
      children: { type: "array", items: { $ref: "#" } },
    },
  },
};

const REPO = fileURLToPath(new URL("..", import.meta.url));
const CORPUS = path.join(SCHEMASTORE, "..");

// ---------------------------------------------------------------------------------------------
// Child scripts: plain ES modules, run by plain `node` in the temporary directory.

/**
 * The runtime: t0 first, then import the runtime and the registry, bind, read the instance,
 * and validate it as a service would, with \`validate(name, data)\` (which loads the contract's
 * validator module).
 */
const FIRST_RUNTIME = `const t0 = performance.now();
const [name, instanceFile] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const { bindContracts } = await import("./runtime.js");
const { registry } = await import("./out/validators/index.js");
const t1 = performance.now();
const contracts = bindContracts(registry);
const data = JSON.parse(readFileSync(instanceFile, "utf8"));
const t2 = performance.now();
const result = await contracts.validate(name, data);
const t3 = performance.now();
process.stdout.write(JSON.stringify({ boot: t0, total: t3 - t0, imports: t1 - t0, prepare: t2 - t1, validate: t3 - t2, ok: result.ok }));
`;

/** The baseline: t0 first, then import ajv's class for the dialect and ajv-formats, compile the bundled schema, read the instance, validate. */
const FIRST_AJV = `const t0 = performance.now();
const [dialect, schemaFile, instanceFile] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const specifier = dialect === "2020-12" ? "ajv/dist/2020.js" : dialect === "2019-09" ? "ajv/dist/2019.js" : dialect === "draft-04" ? "ajv-draft-04" : "ajv";
const AjvClass = (await import(specifier)).default;
const addFormats = (await import("ajv-formats")).default;
const t1 = performance.now();
const ajv = new AjvClass({ strict: false, validateSchema: false, logger: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, "utf8")));
const data = JSON.parse(readFileSync(instanceFile, "utf8"));
const t2 = performance.now();
const ok = validate(data);
const t3 = performance.now();
process.stdout.write(JSON.stringify({ boot: t0, total: t3 - t0, imports: t1 - t0, prepare: t2 - t1, validate: t3 - t2, ok }));
`;

/**
 * (d) in a child: for each pair [label, limited, unlimited] of checks, DEPTH_ROUNDS rounds of a
 * slice of each, the order swapped every round; each check gets a loop of its own.
 */
const DEPTH_PAIRS = `const depthPairs = (pairs, list, rounds, sliceMs, warmMs) => {
  const LOOP_SOURCE = "let ops = 0, sum = 0; const start = performance.now(); const end = start + ms; let now = start;" +
    "do { for (let i = 0; i < list.length; i++) sum += check(list[i]); ops += list.length; now = performance.now(); } while (now < end);" +
    "return { ops, ms: now - start, sum };";
  return pairs.map(([label, limitedCheck, unlimitedCheck]) => {
    const [limited, unlimited] = [limitedCheck, unlimitedCheck].map((check) => ({ check, loop: new Function("check", "list", "ms", LOOP_SOURCE), rates: [], sum: 0 }));
    for (const v of [limited, unlimited]) v.sum += v.loop(v.check, list, warmMs).sum;
    for (let round = 0; round < rounds; round++) {
      for (const v of round % 2 === 0 ? [limited, unlimited] : [unlimited, limited]) {
        const r = v.loop(v.check, list, sliceMs);
        v.rates.push((r.ops / r.ms) * 1000);
        v.sum += r.sum;
      }
    }
    return { label, limited: limited.rates, unlimited: unlimited.rates, sum: limited.sum + unlimited.sum };
  });
};
`;

/**
 * Throughput, one process per contract: every variant gets its own loop
 * (`new Function`, so no call site is shared between variants), a warm-up of
 * WARMUP_MS alone, then ROUNDS rounds of ROUND_MS each, the variants' order
 * rotating every round. Every result feeds a sum that is printed, so nothing is dead code.
 */
/**
 * (d)'s baseline in a child: the contract bound to copies of its validator modules without the
 * depth check (`withoutDepthCheck`, written beside them as `*.before.js`), where it has one; the
 * modules themselves elsewhere, whose code the limit does not change.
 */
const BEFORE_LIMIT = `// (d): the code as it was before the depth limit.
const guardedModule = "__charterDepth" in (await import(\`./out/validators/\${name}.js\`));
const beforeEntry = guardedModule ? { ...registry[name], load: () => import(\`./out/validators/\${name}.before.js\`) } : registry[name];
const unlimited = await bindContracts({ [name]: beforeEntry }).load(name);`;

/** A generated validator module without the depth check: no check in its functions, no limit exported for the runtime to set. */
function withoutDepthCheck(code: string): string {
  return code
    .split("\n")
    .filter(
      (line) =>
        !line.startsWith("if (instancePath.length >= __charterDepth.limit") &&
        !line.startsWith("export const __charterDepth = "),
    )
    .join("\n");
}

const THROUGHPUT = `const [name, dialect, schemaFile, instancesFile, rounds, roundMs, warmValid, warmInvalid, depthRounds, depthSliceMs, depthWarmMs] = process.argv.slice(2);
${DEPTH_PAIRS}
const warmup = { valid: Number(warmValid), invalid: Number(warmInvalid) };
const { readFileSync } = await import("node:fs");
const { bindContracts } = await import("./runtime.js");
const { registry } = await import("./out/validators/index.js");
const specifier = dialect === "2020-12" ? "ajv/dist/2020.js" : dialect === "2019-09" ? "ajv/dist/2019.js" : dialect === "draft-04" ? "ajv-draft-04" : "ajv";
const AjvClass = (await import(specifier)).default;
const addFormats = (await import("ajv-formats")).default;
const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
const rawAjv = (allErrors, inlineRefs = true) => {
  const ajv = new AjvClass({ strict: false, validateSchema: false, allErrors, inlineRefs, logger: false });
  addFormats(ajv);
  return ajv.compile(schema);
};
const first = rawAjv(false);
const all = rawAjv(true);
// ajv with the option charter generates with (inlineRefs: false): what the runtime adds, alone.
const sameOptions = rawAjv(false, false);
const contract = await bindContracts(registry).load(name);
${BEFORE_LIMIT}
const generated = (await import(\`./out/validators/\${name}.js\`)).validate;
// A second instance of the same module, loaded with the linear pattern engine installed (its patterns are built as it loads).
const { usePatternEngine } = await import("charter-runtime/patterns");
const { linearPattern } = await import("charter-runtime/re2js");
usePatternEngine(linearPattern);
const generatedLinear = (await import(\`./out/validators/\${name}.js?linear\`)).validate;
usePatternEngine(undefined);
const instancesText = readFileSync(instancesFile, "utf8");
const { valid, invalid } = JSON.parse(instancesText);
// ajv's all-errors function only ever sees invalid data; the other functions see both kinds.
for (const data of valid) if (!contract.isValid(data) || !contract.validate(data).ok || !unlimited.validate(data).ok || !first(data) || !generatedLinear(data)) throw new Error("a valid instance fails");
for (const data of invalid) if (contract.isValid(data) || contract.validate(data).ok || first(data) || all(data)) throw new Error("an invalid instance passes");
const LOOP = \`let ops = 0, sum = 0;
const start = performance.now();
const end = start + ms;
let now = start;
do {
  for (let i = 0; i < list.length; i++) sum += check(list[i]);
  ops += list.length;
  now = performance.now();
} while (now < end);
return { ops, ms: now - start, sum };\`;
const variant = (label, list, check) => ({ label, list, check, loop: new Function("check", "list", "ms", LOOP), rates: [], sum: 0 });
const groups = {
  valid: [
    variant("runtime validate", valid, (d) => (contract.validate(d).ok ? 1 : 0)),
    variant("runtime isValid", valid, (d) => (contract.isValid(d) ? 1 : 0)),
    variant("generated export", valid, (d) => (generated(d) ? 1 : 0)),
    variant("generated export, linear patterns", valid, (d) => (generatedLinear(d) ? 1 : 0)),
    variant("ajv compiled", valid, (d) => (first(d) ? 1 : 0)),
    variant("ajv same options", valid, (d) => (sameOptions(d) ? 1 : 0)),
  ],
  invalid: [
    variant("runtime validate", invalid, (d) => { const r = contract.validate(d); return r.ok ? 0 : r.errors.length; }),
    variant("ajv compiled", invalid, (d) => (first(d) ? 0 : first.errors.length)),
    variant("ajv compiled allErrors", invalid, (d) => (all(d) ? 0 : all.errors.length)),
  ],
};
const errorsPerInstance = {
  runtime: invalid.map((d) => contract.validate(d).errors.length),
  first: invalid.map((d) => (first(d), first.errors.length)),
  all: invalid.map((d) => (all(d), all.errors.length)),
};
const out = { errorsPerInstance, recursive: "__charterDepth" in (await import(\`./out/validators/\${name}.js\`)) };
for (const [group, variants] of Object.entries(groups)) {
  for (const v of variants) v.sum += v.loop(v.check, v.list, warmup[group]).sum;
  for (let round = 0; round < Number(rounds); round++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(k + round) % variants.length];
      const r = v.loop(v.check, v.list, Number(roundMs));
      v.rates.push((r.ops / r.ms) * 1000);
      v.sum += r.sum;
    }
  }
  out[group] = variants.map((v) => ({ label: v.label, rates: v.rates, sum: v.sum }));
}
out.depth = depthPairs(
  [
    ["validate", (d) => (contract.validate(d).ok ? 1 : 0), (d) => (unlimited.validate(d).ok ? 1 : 0)],
    ["isValid", (d) => (contract.isValid(d) ? 1 : 0), (d) => (unlimited.isValid(d) ? 1 : 0)],
  ],
  valid, Number(depthRounds), Number(depthSliceMs), Number(depthWarmMs),
);
process.stdout.write(JSON.stringify(out));
`;

/** (d) alone, for the synthetic tree: the runtime with its default depth limit against the code before it, as in THROUGHPUT. */
const DEPTH_LIMIT = `const [name, instancesFile, depthRounds, depthSliceMs, depthWarmMs] = process.argv.slice(2);
${DEPTH_PAIRS}
const { readFileSync } = await import("node:fs");
const { bindContracts } = await import("./runtime.js");
const { registry } = await import("./out/validators/index.js");
const limited = await bindContracts(registry).load(name);
${BEFORE_LIMIT}
const instancesText = readFileSync(instancesFile, "utf8");
const { valid } = JSON.parse(instancesText);
for (const data of valid) if (!limited.validate(data).ok || !unlimited.isValid(data)) throw new Error("a valid instance fails");
const depth = depthPairs(
  [
    ["validate", (d) => (limited.validate(d).ok ? 1 : 0), (d) => (unlimited.validate(d).ok ? 1 : 0)],
    ["isValid", (d) => (limited.isValid(d) ? 1 : 0), (d) => (unlimited.isValid(d) ? 1 : 0)],
  ],
  valid, Number(depthRounds), Number(depthSliceMs), Number(depthWarmMs),
);
const depthOf = (value) => (value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
const nodes = (value) => 1 + (value.children ?? []).reduce((n, child) => n + nodes(child), 0);
process.stdout.write(JSON.stringify({
  recursive: "__charterDepth" in (await import(\`./out/validators/\${name}.js\`)),
  maxDepth: Math.max(...valid.map(depthOf)),
  nodes: Math.round(valid.reduce((n, tree) => n + nodes(tree), 0) / valid.length),
  depth,
}));
`;

// ---------------------------------------------------------------------------------------------

type Dialect = "draft-04" | "draft-06" | "draft-07" | "2019-09" | "2020-12";

interface Contract {
  name: string;
  dialect: Dialect;
  schemaFile: string;
  schemaBytes: number;
  validatorBytes: number;
  /** The largest valid instance: the one validated first in (a). */
  firstInstance: string;
  valid: unknown[];
  validFiles: number;
  invalid: unknown[];
  invalidSource: string;
}

interface FirstRun {
  boot: number;
  total: number;
  imports: number;
  prepare: number;
  validate: number;
  ok: boolean;
  wall: number;
}

interface ThroughputVariant {
  label: string;
  rates: number[];
  sum: number;
}

/** (d): one pair's rates, the runtime with its default depth limit and on the code before it, slice by slice. */
interface DepthPair {
  label: "validate" | "isValid";
  limited: number[];
  unlimited: number[];
  sum: number;
}

interface Throughput {
  errorsPerInstance: { runtime: number[]; first: number[]; all: number[] };
  /** Whether the contract's validators can call themselves with the data: only then do they check its depth. */
  recursive: boolean;
  depth: DepthPair[];
  valid: ThroughputVariant[];
  invalid: ThroughputVariant[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Quantile by linear interpolation between the closest ranks. */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}

/** Median of the ratios of paired measurements (same run or round), and their interquartile range. */
function pairedRatio(
  numerators: readonly number[],
  denominators: readonly number[],
): { median: number; low: number; high: number } {
  const ratios = numerators.map((n, i) => n / denominators[i]!);
  return { median: median(ratios), low: quantile(ratios, 0.25), high: quantile(ratios, 0.75) };
}

function rawAjv(dialect: Dialect, schema: object): ValidateFunction {
  const ajv = ajvForDialect(dialect, { strict: false, validateSchema: false, logger: false });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

function readJsonFiles(dir: string): { file: string; bytes: number; data: unknown }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const text = readFileSync(path.join(dir, f), "utf8");
      return { file: path.join(dir, f), bytes: Buffer.byteLength(text), data: JSON.parse(text) as unknown };
    });
}

/** Invalid instances made from valid ones when the corpus has no negatives: the first of these edits that the schema rejects. */
function mutations(data: unknown): { kind: string; data: unknown }[] {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return [];
  const object = data as Record<string, unknown>;
  const list: { kind: string; data: unknown }[] = [
    { kind: "unknown top-level property", data: { ...object, "x-bench-unknown": true } },
  ];
  for (const [key, value] of Object.entries(object)) {
    const wrong =
      typeof value === "string"
        ? 42
        : typeof value === "number" || typeof value === "boolean"
          ? "wrong"
          : Array.isArray(value)
            ? 42
            : value === null
              ? 42
              : [];
    list.push({ kind: "top-level value of the wrong type", data: { ...object, [key]: wrong } });
  }
  return list;
}

function spawnNode(cwd: string, args: string[]): { stdout: string; wall: number } {
  const env = { ...process.env };
  delete env["NODE_OPTIONS"];
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wall = performance.now() - started;
  if (child.status !== 0) throw new Error(`node ${args.join(" ")} exited with ${child.status}: ${child.stderr}`);
  return { stdout: child.stdout, wall };
}

/**
 * The valid instances of the synthetic tree: 60 trees from a fixed seed, each node with a name,
 * most with a value, up to three children, at most 12 levels of nodes (23 of data).
 */
function treeInstances(): unknown[] {
  let seed = 21;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const node = (level: number): Record<string, unknown> => {
    const made: Record<string, unknown> = { name: `n${level}-${Math.floor(random() * 1000)}` };
    if (random() < 0.8) made["value"] = Math.round(random() * 1000) / 10;
    const children = level >= 12 ? 0 : Math.floor(random() * (level < 3 ? 4 : 2.6));
    if (children > 0 || random() < 0.3) made["children"] = Array.from({ length: children }, () => node(level + 1));
    return made;
  };
  return Array.from({ length: 60 }, () => node(1));
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const kilo = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const rate = (n: number) =>
  n >= 100_000 ? `${Math.round(n / 1000)}k` : n >= 10_000 ? `${(n / 1000).toFixed(1)}k` : String(Math.round(n));
/** A Markdown table; the first `textColumns` columns align left, the others right. */
function table(header: string[], rows: string[][], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const left = (i: number) => i < textColumns;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(header),
    `|${widths.map((w, i) => (left(i) ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|")}|`,
    ...rows.map(line),
  ].join("\n");
}

/** What the tree's child reports for (d). */
interface TreeDepth {
  recursive: boolean;
  depth: DepthPair[];
  /** The deepest instance, and the mean number of nodes an instance. */
  maxDepth: number;
  nodes: number;
}

/** (d): the runtime with its default depth limit against the same runtime on the code before it, slice by slice. */
function reportDepthLimit(
  contracts: readonly Contract[],
  throughput: ReadonlyMap<string, Throughput>,
  tree: TreeDepth,
): void {
  console.log(
    `## (d) the depth limit on valid instances: the runtime with its default maxDepth against the same runtime on the validator modules without the check, as before the limit (median of ${DEPTH_ROUNDS} rounds of a ${DEPTH_SLICE_MS} ms slice of each, alternating, after ${DEPTH_WARMUP_MS} ms of warm-up each; in the process of (b), the tree in its own)`,
  );
  console.log();
  console.log(
    "Only a contract whose validators can call themselves with the data (a reference cycle in its schema) checks the limit, in each function that can, on the path",
  );
  console.log(
    "of the value it is given; on any other the limit is never checked, both bindings run the same code, and the ratio is 1 by construction: what it shows there is",
  );
  console.log("the noise of the measurement.");
  console.log(
    "Ratios: median of the per-round ratios (each slice with limit paired with the slice without beside it), interquartile range in brackets.",
  );
  console.log();
  const rows: string[][] = [];
  const range = (r: { low: number; high: number }) => `${f2(r.low)}–${f2(r.high)}`;
  const ratios = (label: string, recursive: boolean, pairs: readonly DepthPair[]) => {
    const found = pairs.map((pair) => ({ pair, ratio: pairedRatio(pair.limited, pair.unlimited) }));
    rows.push([
      label,
      recursive ? "yes: measured" : "no: 1 by construction",
      ...found.flatMap(({ pair, ratio }) => [
        rate(median(pair.limited)),
        rate(median(pair.unlimited)),
        `${f2(ratio.median)} (${range(ratio)})`,
      ]),
    ]);
    return found;
  };
  const verdicts = contracts.map((c) => {
    const t = throughput.get(c.name)!;
    const found = ratios(c.name, t.recursive, t.depth).map(
      ({ pair, ratio }) => `${pair.label} ${f2(ratio.median)} ${ratio.median >= TARGET_DEPTH ? "met" : "MISSED"}`,
    );
    return `${c.name}${t.recursive ? "" : " (not recursive)"} ${found.join(", ")}`;
  });
  ratios(`${TREE.name} (synthetic)`, tree.recursive, tree.depth);
  console.log(
    table(
      [
        "contract",
        "recursive",
        "validate, limit",
        "validate, before",
        "ratio",
        "isValid, limit",
        "isValid, before",
        "ratio",
      ],
      rows,
      2,
    ),
  );
  console.log();
  console.log(`Target: ratio at least ${TARGET_DEPTH} on the SchemaStore contracts. ${verdicts.join("; ")}.`);
  if (!contracts.some((c) => throughput.get(c.name)!.recursive))
    console.log(
      "None of the SchemaStore contracts is recursive: their ratios are 1 by construction, and only the tree shows what the check costs.",
    );
  console.log(
    `The tree (no target): ${TREE.name}, ${tree.nodes} nodes a tree on average, data up to ${tree.maxDepth} levels deep; its validator does little for each level, so the check weighs most there.`,
  );
  console.log();
}

// ---------------------------------------------------------------------------------------------

const started = performance.now();
const root = mkdtempSync(path.join(os.tmpdir(), "charter-bench-validators-"));
try {
  // The temporary project: the three sources, the generated tree, the runtime as plain JS, the child scripts.
  const sourceDir = path.join(root, "src");
  const outDir = path.join(root, "out");
  mkdirSync(sourceDir);
  for (const name of CONTRACTS)
    copyFileSync(path.join(SCHEMASTORE, `${name}.json`), path.join(sourceDir, `${name}.json`));
  writeFileSync(path.join(sourceDir, `${TREE.name}.json`), JSON.stringify(TREE.schema));
  const compileStarted = performance.now();
  const result = await compile({ ...SCHEMASTORE_OPTIONS, sourceDir, outDir, typeCheck: false });
  const compileMs = performance.now() - compileStarted;
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0 || result.failed.length > 0) {
    throw new Error(`charter did not compile the contracts: ${errors.map((d) => `${d.code} ${d.message}`).join("; ")}`);
  }
  for (const [file, content] of result.files) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), content);
    const before = /^(validators\/.*?)\.js$/.exec(file);
    if (before && content.includes("\nexport const __charterDepth = "))
      writeFileSync(path.join(outDir, `${before[1]}.before.js`), withoutDepthCheck(content));
  }
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ private: true, type: "module" }));
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"), "dir");
  // The runtime's entry module as runtime.js, beside the modules it imports (./checker.js, ./depth.js, …).
  const runtimeModules = readdirSync(path.join(REPO, "packages/runtime/src"))
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.replace(/\.ts$/, ""));
  for (const [module, written] of runtimeModules.map(
    (module) => [module, module === "index" ? "runtime" : module] as const,
  )) {
    const runtimeSource = readFileSync(path.join(REPO, `packages/runtime/src/${module}.ts`), "utf8");
    const runtimeJs = ts.transpileModule(runtimeSource, {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: false,
        sourceMap: false,
      },
      fileName: `${module}.ts`,
    }).outputText;
    writeFileSync(path.join(root, `${written}.js`), runtimeJs);
  }
  writeFileSync(path.join(root, "first-runtime.js"), FIRST_RUNTIME);
  writeFileSync(path.join(root, "first-ajv.js"), FIRST_AJV);
  writeFileSync(path.join(root, "throughput.js"), THROUGHPUT);
  writeFileSync(path.join(root, "depth-limit.js"), DEPTH_LIMIT);
  writeFileSync(path.join(root, `${TREE.name}.instances.json`), JSON.stringify({ valid: treeInstances() }));

  const manifest = JSON.parse(result.files.get("manifest.json")!) as {
    contracts: { name: string; dialect: Dialect }[];
  };
  const contracts: Contract[] = CONTRACTS.map((name) => {
    const dialect = manifest.contracts.find((c) => c.name === name)!.dialect;
    const schemaFile = path.join(outDir, `schemas/${name}.schema.json`);
    const schemaText = result.files.get(`schemas/${name}.schema.json`)!;
    const check = rawAjv(dialect, JSON.parse(schemaText) as object);
    const validFiles = readJsonFiles(path.join(CORPUS, "test", name));
    const valid = validFiles.filter((v) => check(v.data));
    const negatives = readJsonFiles(path.join(CORPUS, "negative_test", name)).filter((v) => !check(v.data));
    let invalid = negatives.map((n) => n.data);
    let invalidSource = `the corpus's ${negatives.length} negative instances`;
    if (invalid.length === 0) {
      const made = valid.map((v) => mutations(v.data).find((m) => !check(m.data))).filter((m) => m !== undefined);
      const kinds = new Map<string, number>();
      for (const m of made) kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
      invalid = made.map((m) => m.data);
      invalidSource = `${made.length} mutated valid instances (${[...kinds].map(([k, n]) => `${n} ${k}`).join(", ")}); the corpus has no negatives`;
    }
    const firstInstance = [...valid].sort((a, b) => b.bytes - a.bytes)[0]!.file;
    return {
      name,
      dialect,
      schemaFile,
      schemaBytes: Buffer.byteLength(schemaText),
      validatorBytes: Buffer.byteLength(result.files.get(`validators/${name}.js`)!),
      firstInstance,
      valid: valid.map((v) => v.data),
      validFiles: validFiles.length,
      invalid,
      invalidSource,
    };
  });
  for (const c of contracts)
    writeFileSync(path.join(root, `${c.name}.instances.json`), JSON.stringify({ valid: c.valid, invalid: c.invalid }));

  // (a) time to the first validation in fresh processes, the variants interleaved; the first pass warms the file cache and is dropped.
  const first = new Map(contracts.map((c) => [c.name, { runtime: [] as FirstRun[], ajv: [] as FirstRun[] }]));
  for (let run = -1; run < FRESH_RUNS; run++) {
    for (const c of contracts) {
      const variants = [
        ["runtime", ["first-runtime.js", c.name, c.firstInstance]],
        ["ajv", ["first-ajv.js", c.dialect, c.schemaFile, c.firstInstance]],
      ] as const;
      for (const [variant, args] of run % 2 === 0 ? variants : [...variants].reverse()) {
        const child = spawnNode(root, [...args]);
        const measured = { ...(JSON.parse(child.stdout) as Omit<FirstRun, "wall">), wall: child.wall };
        if (!measured.ok) throw new Error(`${variant} found ${c.firstInstance} invalid`);
        if (run >= 0) first.get(c.name)![variant].push(measured);
      }
    }
  }

  // (b) and (c): throughput, one fresh process per contract.
  const throughput = new Map<string, Throughput>();
  for (const c of contracts) {
    const child = spawnNode(root, [
      "throughput.js",
      c.name,
      c.dialect,
      c.schemaFile,
      path.join(root, `${c.name}.instances.json`),
      String(ROUNDS),
      String(ROUND_MS),
      String(WARMUP_MS.valid),
      String(WARMUP_MS.invalid),
      String(DEPTH_ROUNDS),
      String(DEPTH_SLICE_MS),
      String(DEPTH_WARMUP_MS),
    ]);
    throughput.set(c.name, JSON.parse(child.stdout) as Throughput);
  }

  // (d) on the synthetic tree: the same rounds, the depth variants only.
  const treeChild = spawnNode(root, [
    "depth-limit.js",
    TREE.name,
    path.join(root, `${TREE.name}.instances.json`),
    String(DEPTH_ROUNDS),
    String(DEPTH_SLICE_MS),
    String(WARMUP_MS.valid),
  ]);
  const treeDepth = JSON.parse(treeChild.stdout) as TreeDepth;

  // Report.
  const cpus = os.cpus();
  const range = (r: { low: number; high: number }) => `${f2(r.low)}–${f2(r.high)}`;
  const verdict = (met: boolean) => (met ? "met" : "MISSED");
  console.log(`# charter validators benchmark`);
  console.log();
  console.log(
    `node ${process.version}, ${os.type()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model ?? "unknown CPU"}, load average ${os.loadavg().map(f2).join(" ")} at the end`,
  );
  const git = (...args: string[]) => spawnSync("git", args, { cwd: REPO, encoding: "utf8" }).stdout.trim();
  const dirty =
    git("status", "--porcelain", "--", "packages/runtime/src", "src/targets/validators") !== ""
      ? " (runtime or validator sources modified)"
      : "";
  console.log(
    `charter at ${git("rev-parse", "--short", "HEAD") || "unknown commit"}${dirty}; compile() of the three contracts (typeCheck off): ${f1(compileMs / 1000)} s`,
  );
  console.log();
  console.log(
    table(
      ["contract", "dialect", "bundled schema", "validator module", "valid instances", "invalid instances"],
      contracts.map((c) => [
        c.name,
        c.dialect,
        kilo(c.schemaBytes),
        kilo(c.validatorBytes),
        `${c.valid.length} of ${c.validFiles}`,
        String(c.invalid.length),
      ]),
      2,
    ),
  );
  console.log();
  for (const c of contracts)
    console.log(
      `- ${c.name}: invalid instances are ${c.invalidSource}; the first validation in (a) checks ${path.relative(CORPUS, c.firstInstance)}`,
    );
  console.log();

  console.log(
    `## (a) time to first validation in a fresh \`node\` process (medians of ${FRESH_RUNS} interleaved runs, ms)`,
  );
  console.log();
  console.log(
    "In-process: from the child's first statement to the end of its first validation. Wall: spawn to exit, for information. Node boot: the child's first statement after process start.",
  );
  console.log(
    "Runtime: imports = runtime + registry; prepare = bind and read the instance; first validate = `validate(name, data)`, which loads the contract's validator module. Ajv: imports = ajv's class + ajv-formats; prepare = `new Ajv`, formats, `compile()`, read the instance.",
  );
  console.log(
    "Ratio: median of the per-run ratios (each runtime run paired with the ajv run beside it), with their interquartile range.",
  );
  console.log();
  const firstRows: string[][] = [];
  const firstVerdicts: string[] = [];
  for (const c of contracts) {
    const runs = first.get(c.name)!;
    const m = (variant: "runtime" | "ajv", key: keyof Omit<FirstRun, "ok">) => median(runs[variant].map((r) => r[key]));
    const ratio = pairedRatio(
      runs.runtime.map((r) => r.total),
      runs.ajv.map((r) => r.total),
    );
    const wallRatio = pairedRatio(
      runs.runtime.map((r) => r.wall),
      runs.ajv.map((r) => r.wall),
    );
    firstVerdicts.push(`${c.name} ${f2(ratio.median)} ${verdict(ratio.median <= TARGET_FIRST)}`);
    for (const variant of ["runtime", "ajv"] as const) {
      firstRows.push([
        variant === "runtime" ? c.name : "",
        variant === "runtime" ? "charter runtime" : "ajv compile at start-up",
        f1(m(variant, "imports")),
        f1(m(variant, "prepare")),
        f1(m(variant, "validate")),
        f1(m(variant, "total")),
        f1(m(variant, "wall")),
        f1(m(variant, "boot")),
      ]);
    }
    firstRows.push([
      "",
      "ratio runtime / ajv",
      "",
      "",
      "",
      `${f2(ratio.median)} (${range(ratio)})`,
      `${f2(wallRatio.median)} (${range(wallRatio)})`,
      "",
    ]);
  }
  console.log(
    table(
      ["contract", "variant", "imports", "prepare", "first validate", "in-process total", "process wall", "node boot"],
      firstRows,
      2,
    ),
  );
  console.log();
  console.log(`Target: in-process ratio at most ${TARGET_FIRST}. ${firstVerdicts.join("; ")}.`);
  console.log();

  console.log(
    `## (b) valid instances: validations per second (median of ${ROUNDS} alternating rounds of ${ROUND_MS} ms per variant after ${WARMUP_MS.valid} ms of warm-up each, one process per contract)`,
  );
  console.log();
  console.log(
    "Each pass cycles through all the contract's valid instances. `generated export` calls the generated module's `validate` directly (the function the runtime wraps).",
  );
  console.log(
    "`ajv defaults` is `ajv.compile()` of the bundled schema in the same process with ajv's defaults (what a hand-rolled service runs); `ajv same options` adds charter's `inlineRefs: false`,",
  );
  console.log(
    "so `validate / same` is what the runtime itself costs. `linear patterns / RegExp`: the generated export loaded with the linear pattern engine (charter-runtime/re2js) against the same export with RegExp.",
  );
  console.log("Ratios: median of the per-round ratios, interquartile range in brackets.");
  console.log();
  const validRows: string[][] = [];
  const validVerdicts: string[] = [];
  for (const c of contracts) {
    const t = throughput.get(c.name)!;
    const rates = (label: string) => t.valid.find((v) => v.label === label)!.rates;
    const ajv = rates("ajv compiled");
    const same = rates("ajv same options");
    const rv = pairedRatio(rates("runtime validate"), ajv);
    const ri = pairedRatio(rates("runtime isValid"), ajv);
    const rvSame = pairedRatio(rates("runtime validate"), same);
    const linear = pairedRatio(rates("generated export, linear patterns"), rates("generated export"));
    const riSame = pairedRatio(rates("runtime isValid"), same);
    validRows.push([
      c.name,
      rate(median(rates("runtime validate"))),
      rate(median(rates("runtime isValid"))),
      rate(median(rates("generated export"))),
      rate(median(ajv)),
      rate(median(same)),
      `${f2(rv.median)} (${range(rv)})`,
      `${f2(ri.median)} (${range(ri)})`,
      `${f2(rvSame.median)} (${range(rvSame)})`,
      `${f2(riSame.median)} (${range(riSame)})`,
      `${f2(linear.median)} (${range(linear)})`,
    ]);
    validVerdicts.push(
      `${c.name} validate ${f2(rv.median)} ${verdict(rv.median >= TARGET_THROUGHPUT)} against ajv's defaults, ${f2(rvSame.median)} ${verdict(rvSame.median >= TARGET_THROUGHPUT)} against the same options; ` +
        `isValid ${f2(ri.median)} / ${f2(riSame.median)}`,
    );
  }
  console.log(
    table(
      [
        "contract",
        "runtime validate",
        "runtime isValid",
        "generated export",
        "ajv defaults",
        "ajv same options",
        "validate / defaults",
        "isValid / defaults",
        "validate / same",
        "isValid / same",
        "linear patterns / RegExp",
      ],
      validRows,
    ),
  );
  console.log();
  console.log(`Target: ratio at least ${TARGET_THROUGHPUT}. ${validVerdicts.join("; ")}.`);
  console.log();

  console.log(
    `## (c) invalid instances: validations per second (median of ${ROUNDS} alternating rounds of ${ROUND_MS} ms per variant after ${WARMUP_MS.invalid} ms of warm-up each)`,
  );
  console.log();
  console.log(
    "runtime validate = `LoadedContract.validate`: one call of the contract's module listing every violation (up to maxErrors), mapped and sorted; ajv compiled = first error only (`errors` read);",
  );
  console.log(
    "ajv allErrors = `allErrors: true`. Violations each = what the runtime reports per instance (mean). No target.",
  );
  console.log(
    "Measured after (b) in the same process: ajv's first-error function and the runtime's module have seen the valid instances too, as in a service;",
  );
  console.log("ajv's all-errors function has only seen invalid data.");
  console.log();
  const invalidRows: string[][] = [];
  for (const c of contracts) {
    const t = throughput.get(c.name)!;
    const rates = (label: string) => t.invalid.find((v) => v.label === label)!.rates;
    const runtime = rates("runtime validate");
    const vsFirst = pairedRatio(runtime, rates("ajv compiled"));
    const vsAll = pairedRatio(runtime, rates("ajv compiled allErrors"));
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    invalidRows.push([
      c.name,
      String(c.invalid.length),
      f1(mean(t.errorsPerInstance.runtime)),
      rate(median(runtime)),
      rate(median(rates("ajv compiled"))),
      rate(median(rates("ajv compiled allErrors"))),
      `${f2(vsFirst.median)} (${range(vsFirst)})`,
      `${f2(vsAll.median)} (${range(vsAll)})`,
    ]);
  }
  console.log(
    table(
      [
        "contract",
        "instances",
        "violations each",
        "runtime validate",
        "ajv compiled",
        "ajv allErrors",
        "runtime / ajv",
        "runtime / ajv allErrors",
      ],
      invalidRows,
    ),
  );
  console.log();
  reportDepthLimit(contracts, throughput, treeDepth);
  const checksum =
    [...throughput.values()].flatMap((t) => [...t.valid, ...t.invalid]).reduce((a, v) => a + v.sum, 0) +
    [...[...throughput.values()].flatMap((t) => t.depth), ...treeDepth.depth].reduce((a, v) => a + v.sum, 0);
  console.log(
    `Checksum of every result (so none is dead code): ${checksum}. Total ${f1((performance.now() - started) / 1000)} s.`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
