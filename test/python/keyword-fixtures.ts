import { spawnSync } from "node:child_process";
import path from "node:path";
import { writeFileSync } from "node:fs";
import { generateImportable } from "../helpers/generate-importable.js";

const PYRIGHT = path.resolve(import.meta.dirname, "../../node_modules/pyright/index.js");
/** The Python target's one judging script, shared with `npm run bench:python`. */
export const VERDICTS = path.resolve(import.meta.dirname, "../../scripts/bench-python/verdicts.py");

/** One fixture contract (its source text) and instances to judge by it. */
export interface KeywordFixture {
  contract: string;
  source: string;
  instances: unknown[];
}

/** Verdicts on one instance: the committed ajv validator's, the bare model's and the validate helper's. */
export interface Verdict {
  contract: string;
  value: unknown;
  ajv: boolean;
  model: boolean;
  helper: boolean;
}

/**
 * Generates the fixtures' Python package (`fx`) and validators in a temporary project, and
 * judges every instance three ways: ajv (the committed validator), the bare model
 * (`TypeAdapter(...).validate_json`) and the module's `validate` helper.
 */
export async function keywordVerdicts(
  python: string,
  fixtures: readonly KeywordFixture[],
): Promise<{ verdicts: Verdict[]; packageDir: string }> {
  const files = Object.fromEntries(fixtures.map((f) => [`src/${f.contract}.yaml`, f.source]));
  const { result, load, outDir } = await generateImportable(files, { python: { package: "fx" } });
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => `${d.code} ${d.message}`).join("\n"));
  const cases = fixtures.flatMap((f) => f.instances.map((value) => ({ contract: f.contract, value })));
  const ajv: boolean[] = [];
  for (const c of cases) ajv.push((await load(`validators/${c.contract}.js`))["validate"]!(c.value));
  const run = spawnSync(python, [VERDICTS, "fx"], {
    input: cases.map((c) => JSON.stringify({ module: c.contract.split("/").join("."), value: c.value })).join("\n"),
    encoding: "utf8",
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", PYTHONPATH: path.join(outDir, "fx") },
  });
  if (run.status !== 0 || run.stderr !== "") throw new Error(run.stderr);
  const verdicts = run.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { model: boolean; helper: boolean });
  return {
    verdicts: cases.map((c, i) => ({ ...c, ajv: ajv[i]!, ...verdicts[i]! })),
    packageDir: path.join(outDir, "fx"),
  };
}

/** pyright's errors, in strict mode, on the Python package in `packageDir` (where pydantic is importable). */
export function pyrightErrors(packageDir: string, pkg = "fx"): string[] {
  const config = path.join(packageDir, "pyrightconfig.json");
  writeFileSync(config, JSON.stringify({ typeCheckingMode: "strict", extraPaths: [packageDir] }));
  const run = spawnSync(process.execPath, [PYRIGHT, "-p", config, "--outputjson", path.join(packageDir, pkg)], {
    encoding: "utf8",
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
  });
  const report = JSON.parse(run.stdout) as {
    generalDiagnostics: { file: string; severity: string; message: string; range: { start: { line: number } } }[];
  };
  return report.generalDiagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${path.relative(packageDir, d.file)}:${d.range.start.line + 1}: ${d.message}`);
}
