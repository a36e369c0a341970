/**
 * The measurement of a set of units (a contract's root type, or one of its
 * top-level definitions), side by side: ajv's verdicts and the mutants
 * (probes.ts), json-schema-to-typescript over the same bundled schema, then
 * one TypeScript program per unit and side over the literals. Everything is
 * written under the set's work folder; the TypeScript and generator runs go
 * to worker processes with a timeout each.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Ajv } from "ajv";
import type { Dialect } from "../../src/schema/dialect.js";
import { idKeyword } from "../../src/schema/dialect.js";
import type { JsonValue } from "../../src/core/json-value.js";
import { ajvFor, judgeFor } from "./judge.js";
import { json2tsRootName, type Json2tsReply } from "./json2ts.js";
import type { MutantCaps } from "./mutants.js";
import { runPool } from "./pool.js";
import { prepareProbes, type Exclusions, type MutationStats, type Probe, type RawInstance } from "./probes.js";
import { checkModule, type CheckReply } from "./tsc-check.js";
import { schemaVocabulary } from "./vocabulary.js";
import type { WorkerJob } from "./worker.js";

export type Side = "charter" | "json2ts";
export const SIDES: readonly Side[] = ["charter", "json2ts"];

export interface UnitSpec {
  /** `agent/result`, or `evaluation/manifest#/$defs/tolerances` for a definition. */
  id: string;
  contract: string;
  pointer: string;
  dialect: Dialect;
  bundle: JsonValue;
  /** charter's types: the module (absolute path) and the type to import, or why there is none. */
  charter: { module: string; typeName: string } | { missing: string };
  raws: RawInstance[];
}

export type SideOutcome =
  { status: "checked"; verdicts: (string | null)[]; ms: number } | { status: "missing"; reason: string };

export interface UnitResult {
  id: string;
  contract: string;
  probes: Omit<Probe, "literal">[];
  excluded: Exclusions;
  mutation: MutationStats;
  computedKeys: number;
  ajvError?: string;
  sides: Record<Side, SideOutcome>;
  json2tsMs?: number;
}

export interface MeasureSettings {
  workdir: string;
  workers: number;
  timeoutMs: number;
  caps: MutantCaps;
  seed: number;
  log: (line: string) => void;
}

/** A file stem for a unit: its contract's name, and for a definition its pointer's segments. */
function stemOf(spec: UnitSpec): string {
  return spec.pointer === ""
    ? spec.contract
    : `${spec.contract}.${spec.pointer
        .split("/")
        .filter(Boolean)
        .join(".")
        .replace(/[^A-Za-z0-9._-]/g, "_")}`;
}

function relativeImport(fromFile: string, module: string): string {
  const relative = path.relative(path.dirname(fromFile), module).replace(/\.ts$/, ".js");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The schema json-schema-to-typescript compiles for a unit: the bundle, or the definition beside the bundle's definitions. */
function json2tsInput(spec: UnitSpec): Record<string, unknown> {
  const bundle = spec.bundle as Record<string, unknown>;
  if (spec.pointer === "") return bundle;
  const [keyword, key] = spec.pointer.split("/").slice(1);
  const definition = ((bundle[keyword!] as Record<string, unknown>)[key!.replace(/~1/g, "/").replace(/~0/g, "~")] ??
    {}) as Record<string, unknown>;
  return { $schema: bundle["$schema"], ...definition, [keyword!]: bundle[keyword!] };
}

interface Prepared {
  result: UnitResult;
  checks: Partial<Record<Side, { file: string; count: number }>>;
  json2tsJob?: WorkerJob;
}

/** ajv's verdicts, the probes, and the files for both sides of one unit. */
function prepareUnit(spec: UnitSpec, ajv: Ajv | { error: string }, settings: MeasureSettings): Prepared {
  const stem = stemOf(spec);
  const empty = {
    probes: [],
    excluded: { validRejected: [], invalidAccepted: 0, unwritable: 0, ajvFailed: 0 },
    mutation: { instances: 0, candidates: 0, tried: 0, kept: 0, capped: 0 },
    computedKeys: 0,
  };
  const judge = "error" in ajv ? ajv : judgeFor(ajv, spec.bundle, spec.dialect, spec.pointer);
  const missing = (reason: string): SideOutcome => ({ status: "missing", reason });
  if ("error" in judge) {
    return {
      result: {
        id: spec.id,
        contract: spec.contract,
        ...empty,
        ajvError: judge.error,
        sides: { charter: missing("ajv could not compile"), json2ts: missing("ajv could not compile") },
      },
      checks: {},
    };
  }
  const prepared = prepareProbes(
    spec.id,
    spec.raws,
    judge,
    schemaVocabulary(spec.bundle),
    settings.caps,
    settings.seed,
  );
  const literals = prepared.probes.map((p) => p.literal);
  const result: UnitResult = {
    id: spec.id,
    contract: spec.contract,
    probes: prepared.probes.map(({ literal: _, ...rest }) => rest),
    excluded: prepared.excluded,
    mutation: prepared.mutation,
    computedKeys: prepared.computedKeys,
    sides: { charter: missing("not run"), json2ts: missing("not run") },
  };
  const checks: Prepared["checks"] = {};
  if (literals.length === 0) {
    result.sides = { charter: missing("no instance to check"), json2ts: missing("no instance to check") };
    return { result, checks };
  }
  if ("missing" in spec.charter) result.sides.charter = missing(spec.charter.missing);
  else {
    const file = path.join(settings.workdir, "charter", "checks", `${stem}.check.ts`);
    write(file, checkModule(relativeImport(file, spec.charter.module), spec.charter.typeName, literals));
    checks.charter = { file, count: literals.length };
  }
  const input = json2tsInput(spec);
  const schemaFile = path.join(settings.workdir, "json2ts", "schemas", `${stem}.json`);
  const typesFile = path.join(settings.workdir, "json2ts", "types", `${stem}.ts`);
  const checkFile = path.join(settings.workdir, "json2ts", "checks", `${stem}.check.ts`);
  const name = path.basename(stem).replace(/\./g, "-");
  write(schemaFile, JSON.stringify(input));
  mkdirSync(path.dirname(typesFile), { recursive: true });
  write(checkFile, checkModule(relativeImport(checkFile, typesFile), json2tsRootName(input, name), literals));
  checks.json2ts = { file: checkFile, count: literals.length };
  return {
    result,
    checks,
    json2tsJob: { kind: "json2ts", schemaFile, outFile: typesFile, name, idKeyword: idKeyword(spec.dialect) },
  };
}

export async function measureUnits(specs: readonly UnitSpec[], settings: MeasureSettings): Promise<UnitResult[]> {
  const started = performance.now();
  const ajvByContract = new Map<string, Ajv | { error: string }>();
  const prepared: Prepared[] = [];
  for (const spec of specs) {
    let ajv = ajvByContract.get(spec.contract);
    if (!ajv) {
      try {
        ajv = ajvFor(spec.dialect, spec.bundle);
      } catch (error) {
        ajv = {
          error: `ajv: ${String((error as Error).message)
            .split("\n")[0]!
            .slice(0, 200)}`,
        };
      }
      ajvByContract.clear(); // one contract's instance at a time: the units of a contract are consecutive
      ajvByContract.set(spec.contract, ajv);
    }
    prepared.push(prepareUnit(spec, ajv, settings));
    if (prepared.length % 100 === 0) settings.log(`  ajv verdicts and mutants: ${prepared.length}/${specs.length}`);
  }
  settings.log(`  ajv verdicts and mutants: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await runGenerator(prepared, settings);
  await runChecks(prepared, settings);
  return prepared.map((p) => p.result);
}

async function runGenerator(prepared: Prepared[], settings: MeasureSettings): Promise<void> {
  const started = performance.now();
  const withJob = prepared.filter((p) => p.json2tsJob);
  const replies = await runPool<Json2tsReply>(
    withJob.map((p) => p.json2tsJob!),
    settings.workers,
    settings.timeoutMs,
    (n) => {
      if (n % 100 === 0) settings.log(`  json-schema-to-typescript: ${n}/${withJob.length}`);
    },
  );
  withJob.forEach((p, i) => {
    const reply = replies[i]!;
    p.result.json2tsMs = Math.round(reply.ms);
    if (!reply.ok) {
      p.result.sides.json2ts = { status: "missing", reason: `json-schema-to-typescript: ${reply.error}` };
      delete p.checks.json2ts;
    }
  });
  settings.log(
    `  json-schema-to-typescript: ${withJob.length} schemas in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function runChecks(prepared: Prepared[], settings: MeasureSettings): Promise<void> {
  const started = performance.now();
  const jobs: { unit: Prepared; side: Side; job: WorkerJob }[] = [];
  for (const unit of prepared) {
    for (const side of SIDES) {
      const check = unit.checks[side];
      if (check) jobs.push({ unit, side, job: { kind: "check", file: check.file, count: check.count } });
    }
  }
  const replies = await runPool<CheckReply>(
    jobs.map((j) => j.job),
    settings.workers,
    settings.timeoutMs,
    (n) => {
      if (n % 100 === 0) settings.log(`  tsc: ${n}/${jobs.length} programs`);
    },
  );
  jobs.forEach(({ unit, side }, i) => {
    const reply = replies[i]!;
    if (!reply.ok) unit.result.sides[side] = { status: "missing", reason: `tsc: ${reply.error}` };
    else if (reply.moduleProblems.length > 0)
      unit.result.sides[side] = {
        status: "missing",
        reason: `tsc: ${reply.moduleProblems.slice(0, 2).join("; ").slice(0, 300)}`,
      };
    else unit.result.sides[side] = { status: "checked", verdicts: reply.verdicts, ms: Math.round(reply.ms) };
  });
  settings.log(`  tsc: ${jobs.length} programs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
