/**
 * The verdicts on each instance of a compiled tree: the committed validator's (the module in
 * validators/, as test/python/agreement.test.ts reads it), the kind of violation by the first
 * error of ajv over the bundle (the classes of the TypeScript types' precision,
 * scripts/bench-precision/classify.ts), and the Python package's two: the bare model and the
 * `validate` helper (verdicts.py, one Python process for every case).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Dialect } from "../../src/schema/dialect.js";
import type { JsonValue } from "../../src/core/json-value.js";
import type { Category } from "../bench-precision/classify.js";
import { ajvFor, judgeFor } from "../bench-precision/judge.js";

const VERDICTS_PY = fileURLToPath(new URL("./verdicts.py", import.meta.url));

export interface Case {
  contract: string;
  /** Where the instance comes from (a file, or the contract's declared example), for the report. */
  source: string;
  value: unknown;
}

export interface Verdict {
  contract: string;
  source: string;
  ajv: boolean;
  /** For an instance the validator rejects: its class by ajv's first error ("unclassified" where that ajv accepts it). */
  category?: Category | "unclassified";
  model: boolean;
  helper: boolean;
  modelError?: string;
  helperError?: string;
}

interface ManifestEntry {
  name: string;
  dialect: Dialect;
  artifacts: { schema: string; validator?: string };
}

/**
 * Each module of the package by the contract id its root helper checks: `check_contract("<id>", ...)`
 * (a definition's helper checks `<id>#/$defs/...`).
 */
export function modulesById(packageDir: string, pkg: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string, prefix: string[]) => {
    for (const entry of readdirSync(folder).sort()) {
      const full = path.join(folder, entry);
      if (statSync(full).isDirectory()) walk(full, [...prefix, entry]);
      else if (entry.endsWith(".py") && entry !== "__init__.py") {
        const ids = [...readFileSync(full, "utf8").matchAll(/check_contract\("((?:[^"\\]|\\.)*)"/g)].map(
          (match) => JSON.parse(`"${match[1]}"`) as string,
        );
        const id = ids.find((checked) => !checked.includes("#"));
        if (id !== undefined) found.set(id, [...prefix, entry.slice(0, -3)].join("."));
      }
    }
  };
  walk(path.join(packageDir, pkg, pkg), []);
  return found;
}

/** The cases whose contract has a Python module, with every verdict. */
export async function verdictsOf(
  dir: string,
  pkg: string,
  python: string,
  cases: readonly Case[],
): Promise<{ verdicts: Verdict[]; withoutModule: number }> {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { contracts: ManifestEntry[] };
  const entries = new Map(manifest.contracts.map((c) => [c.name, c]));
  const modules = modulesById(dir, pkg);
  const judged: { c: Case; module: string; ajv: boolean; category?: Verdict["category"] }[] = [];
  let withoutModule = 0;
  const validators = new Map<string, (value: unknown) => boolean>();
  const judges = new Map<string, ReturnType<typeof judgeFor>>();
  for (const c of cases) {
    const entry = entries.get(c.contract);
    const bundle = entry && (JSON.parse(readFileSync(path.join(dir, entry.artifacts.schema), "utf8")) as JsonValue);
    const id = bundle && ((bundle as Record<string, unknown>)["$id"] ?? (bundle as Record<string, unknown>)["id"]);
    const module = typeof id === "string" ? modules.get(id) : undefined;
    if (!entry?.artifacts.validator || module === undefined) {
      withoutModule++;
      continue;
    }
    if (!validators.has(c.contract)) {
      const loaded = (await import(pathToFileURL(path.join(dir, entry.artifacts.validator)).href)) as {
        validate: (data: unknown) => boolean;
      };
      validators.set(c.contract, loaded.validate);
      judges.set(c.contract, judgeFor(ajvFor(entry.dialect, bundle!), bundle!, entry.dialect, ""));
    }
    const ajv = validators.get(c.contract)!(c.value);
    let category: Verdict["category"];
    if (!ajv) {
      const judge = judges.get(c.contract)!;
      const judgement = "judge" in judge ? judge.judge(c.value) : undefined;
      category = judgement !== undefined && "rejected" in judgement ? judgement.rejected.category : "unclassified";
    }
    judged.push({ c, module, ajv, ...(category ? { category } : {}) });
  }
  const run = spawnSync(python, [VERDICTS_PY, pkg], {
    input: judged.map((j) => JSON.stringify({ module: j.module, value: j.c.value })).join("\n") + "\n",
    encoding: "utf8",
    maxBuffer: 1 << 30,
    cwd: path.join(dir, pkg),
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: path.join(dir, pkg) },
  });
  if (run.status !== 0) throw new Error(`verdicts.py failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const lines = run.stdout.trim().split("\n");
  if (judged.length === 0) return { verdicts: [], withoutModule };
  if (lines.length !== judged.length) throw new Error(`verdicts.py answered ${lines.length} of ${judged.length}`);
  const verdicts = judged.map((j, i) => {
    const python = JSON.parse(lines[i]!) as Pick<Verdict, "model" | "helper" | "modelError" | "helperError">;
    return {
      contract: j.c.contract,
      source: j.c.source,
      ajv: j.ajv,
      ...(j.category ? { category: j.category } : {}),
      ...python,
    };
  });
  return { verdicts, withoutModule };
}
