/**
 * The SchemaStore corpus: every schema upstream's harness tests (not in
 * `skiptest` of schema-validation.jsonc), compiled by charter as one project
 * with scripts/schemastore-corpus.ts's options (validators off: ajv is run
 * here from the bundles), with the instances of `test/NAME/` (valid) and
 * `negative_test/NAME/` (invalid) as scripts/conformance-schemastore reads
 * them. `only` compiles just those schemas (copied to a scratch folder; the
 * catalog still maps the whole corpus), for quick trials.
 */
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "../../src/pipeline/compile.js";
import { readCorpus } from "../conformance-schemastore/corpus.js";
import { instanceReader } from "../conformance-schemastore/instances.js";
import { CORPUS_ROOT, SCHEMAS_DIR } from "../conformance-schemastore/paths.js";
import { readSchemaValidation } from "../conformance-schemastore/upstream-rules.js";
import { SCHEMASTORE_OPTIONS } from "../schemastore-corpus.js";
import { manifestContracts, unitOf } from "./manifest-units.js";
import type { UnitSpec } from "./measure.js";
import { contractFacts } from "./names.js";
import type { RawInstance } from "./probes.js";

export interface CorpusSet {
  units: UnitSpec[];
  /** Schemas measured (not skipped upstream), and those charter produced no contract for. */
  schemas: number;
  notCompiled: string[];
  skippedUpstream: number;
  /** Measured schemas with no instance file at all. */
  withoutInstances: number;
  /** Instance files that were not checked: TOML without a parser, unparseable files. */
  instancesNotRead: number;
  compileMs: number;
  tomlParser: string | undefined;
}

export async function corpusUnits(
  workdir: string,
  only: ReadonlySet<string> | undefined,
  log: (line: string) => void,
): Promise<CorpusSet> {
  const corpus = readCorpus();
  const upstream = readSchemaValidation();
  const reader = await instanceReader();
  const all = corpus.schemas.filter((s) => !only || only.has(s.name));
  const measured = all.filter((s) => !upstream.rulesFor(s.file).skip);

  let sourceDir = SCHEMASTORE_OPTIONS.sourceDir;
  if (only) {
    sourceDir = path.join(workdir, "sources");
    rmSync(sourceDir, { recursive: true, force: true });
    mkdirSync(sourceDir, { recursive: true });
    for (const s of all) copyFileSync(path.join(SCHEMAS_DIR, s.file), path.join(sourceDir, s.file));
  }
  const options = { ...SCHEMASTORE_OPTIONS, sourceDir, validators: false };
  log(`charter: compiling ${only ? `${all.length} schemas` : `the corpus (${corpus.schemas.length} schemas)`}…`);
  const started = performance.now();
  const compiled = await compile(options);
  const compileMs = performance.now() - started;
  log(`charter: ${compiled.produced.length} contracts in ${(compileMs / 1000).toFixed(1)} s`);

  const typesRoot = path.join(workdir, "charter", "types");
  rmSync(typesRoot, { recursive: true, force: true });
  for (const [file, content] of compiled.files) {
    if (!file.startsWith("types/")) continue;
    const target = path.join(typesRoot, file.slice("types/".length));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  const facts = await contractFacts(options, compiled.produced);
  const byName = new Map(manifestContracts(compiled.files).map((c) => [c.name, c]));

  const units: UnitSpec[] = [];
  const notCompiled: string[] = [];
  let instancesNotRead = 0;
  let withoutInstances = 0;
  for (const schema of measured) {
    const contract = byName.get(schema.name);
    if (!contract) {
      notCompiled.push(schema.name);
      continue;
    }
    const raws: RawInstance[] = [];
    for (const instance of reader.read(schema.name)) {
      if (instance.status !== "parsed") instancesNotRead++;
      else
        raws.push({
          source: path.relative(CORPUS_ROOT, instance.file),
          value: instance.value,
          declared: instance.kind === "positive" ? "valid" : "invalid",
        });
    }
    if (raws.length > 0)
      units.push(unitOf(compiled.files, contract, "", facts.typeNames.get(schema.name), typesRoot, raws));
    else withoutInstances++;
  }
  return {
    units,
    schemas: measured.length,
    notCompiled,
    withoutInstances,
    skippedUpstream: all.length - measured.length,
    instancesNotRead,
    compileMs,
    tomlParser: reader.tomlParser,
  };
}
