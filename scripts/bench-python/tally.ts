/**
 * The figures of a set of verdicts: how often the helper agrees with the committed validator,
 * the valid instances the bare models reject (each a defect), and the share of invalid
 * instances the bare models reject, per class of violation; beside it, where a
 * `npm run bench:precision` run of the same set is saved, what charter's TypeScript types
 * did on the same invalid instances.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CATEGORIES, CATEGORY_LABELS, STRUCTURAL, type Category } from "../bench-precision/classify.js";
import type { Verdict } from "./verdicts.js";

export interface Ratio {
  hit: number;
  of: number;
}

export interface Tally {
  instances: number;
  valid: number;
  invalid: number;
  agree: number;
  disagreements: Verdict[];
  validRejected: Verdict[];
  modelRejects: Ratio;
  structural: Ratio;
  byClass: Map<string, Ratio>;
  /** charter's TypeScript types on the same invalid instances (by class), where a saved bench:precision run has them. */
  types?: { all: Ratio; structural: Ratio; byClass: Map<string, Ratio> };
}

const add = (r: Ratio, hit: boolean) => {
  r.of++;
  if (hit) r.hit++;
};

export const CLASSES: readonly (Category | "unclassified")[] = [...CATEGORIES, "unclassified"];
export const classLabel = (c: string) => (c === "unclassified" ? "unclassified" : CATEGORY_LABELS[c as Category]);

/** The saved TypeScript verdicts of bench:precision's given invalid instances: `contract source` → rejected. */
function typesVerdicts(resultsFile: string): Map<string, boolean> | undefined {
  if (!existsSync(resultsFile)) return undefined;
  const saved = JSON.parse(readFileSync(resultsFile, "utf8")) as {
    units: {
      contract: string;
      probes: { origin: string; source: string }[];
      sides: { charter: { status: string; verdicts?: (string | null)[] } };
    }[];
  };
  const out = new Map<string, boolean>();
  for (const unit of saved.units) {
    const side = unit.sides.charter;
    if (side.status !== "checked") continue;
    unit.probes.forEach((p, i) => {
      if (p.origin === "invalid") out.set(`${unit.contract} ${p.source}`, side.verdicts![i] !== null);
    });
  }
  return out;
}

export function tally(verdicts: readonly Verdict[], precisionResults?: string): Tally {
  const t: Tally = {
    instances: verdicts.length,
    valid: 0,
    invalid: 0,
    agree: 0,
    disagreements: [],
    validRejected: [],
    modelRejects: { hit: 0, of: 0 },
    structural: { hit: 0, of: 0 },
    byClass: new Map(CLASSES.map((c) => [c, { hit: 0, of: 0 }])),
  };
  const saved = precisionResults === undefined ? undefined : typesVerdicts(precisionResults);
  if (saved)
    t.types = {
      all: { hit: 0, of: 0 },
      structural: { hit: 0, of: 0 },
      byClass: new Map(CLASSES.map((c) => [c, { hit: 0, of: 0 }])),
    };
  for (const v of verdicts) {
    if (v.helper === v.ajv) t.agree++;
    else t.disagreements.push(v);
    if (v.ajv) {
      t.valid++;
      if (!v.model) t.validRejected.push(v);
      continue;
    }
    t.invalid++;
    const category = v.category ?? "unclassified";
    add(t.modelRejects, !v.model);
    add(t.byClass.get(category)!, !v.model);
    if (STRUCTURAL.has(category as Category)) add(t.structural, !v.model);
    const typed = saved?.get(`${v.contract} ${v.source}`);
    if (t.types && typed !== undefined) {
      add(t.types.all, typed);
      add(t.types.byClass.get(category)!, typed);
      if (STRUCTURAL.has(category as Category)) add(t.types.structural, typed);
    }
  }
  return t;
}

export const percent = (r: Ratio) => (r.of === 0 ? "–" : `${((100 * r.hit) / r.of).toFixed(1)} %`);
export const cell = (r: Ratio | undefined) =>
  r === undefined || r.of === 0 ? "–" : `${r.hit}/${r.of} (${percent(r)})`;

/** Where bench:precision keeps a set's results (BENCH_PRECISION_OUT moves them). */
export function precisionResultsFile(set: string): string {
  return path.join(process.env["BENCH_PRECISION_OUT"] ?? "/tmp/bench-precision", `results-${set}.json`);
}
