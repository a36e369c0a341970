import { errorAt, hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import type { InstanceFiles } from "../load/instance-files.js";
import { referencedSchemas } from "../../schema/referenced-schemas.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { CHECK_CODES } from "./codes.js";
import { declaredInstances, readCounterexample, type DeclaredInstance } from "./declared-counterexamples.js";
import { declaredRules, type DeclaredRules } from "./declared-rules.js";
import { declaredVersion } from "./declared-version.js";
import { lintSource } from "./lints.js";
import { strictLints, unknownKeywords } from "./unknown-keywords.js";
import { checkMetaSchema } from "./meta-schema.js";
import { danglingReferences, type DanglingVerdict } from "./reachable-references.js";
import { referenceCycles } from "./reference-cycles.js";

/** What the config says of one contract that the checks need (from its validation policy). */
export interface CheckPolicy {
  /** Meta-schema violations, keyword typos and unknown keywords are errors (as in ajv's strict mode). */
  strict: boolean;
  /** Keys beyond JSON Schema the config accepts as annotations under `strict`. */
  keywords: readonly string[];
  /** Its patterns run in a linear-time engine: nothing to say of backtracking (CH318). */
  linearPatterns: boolean;
}

export interface CheckedContracts {
  /** Names of the contracts refused so far (those whose source failed to load included). */
  failed: Set<string>;
  rulesOf: Map<string, DeclaredRules>;
  versionOf: Map<string, string>;
  /** The examples and counterexamples each contract's validator must judge as declared. */
  instancesOf: Map<string, DeclaredInstance[]>;
  /** References that name nothing: where they fail contracts, and which definitions they withhold. */
  dangling: DanglingVerdict;
  /** Findings of the graph given: reference cycles, references that name nothing. */
  graphDiagnostics: Diagnostic[];
  /** Findings of each contract checked on its own. */
  diagnostics: Diagnostic[];
}

/**
 * The check stage: reference cycles and references that name nothing across
 * the graph, then per contract its meta-schema, what it declares beyond JSON
 * Schema (rules, version, examples and counterexamples, in the source and in
 * the instance folders beside it) and the lints.
 */
export async function checkContracts(
  graph: ResolvedGraph,
  documents: readonly SchemaDocument[],
  failedNames: readonly string[],
  settings: {
    sourceDir: string;
    policyOf: (contract: string) => CheckPolicy;
    /** Reads the instance folders beside a source (the load stage's, given by the pipeline). */
    loadInstanceFiles: InstanceFiles;
  },
): Promise<CheckedContracts> {
  const failed = new Set(failedNames);
  const checked: CheckedContracts = {
    failed,
    rulesOf: new Map(),
    versionOf: new Map(),
    instancesOf: new Map(),
    dangling: danglingReferences(
      graph,
      documents.map((d) => d.key),
    ),
    graphDiagnostics: [],
    diagnostics: [],
  };
  const cycles = referenceCycles(graph, new Set(documents.map((d) => d.key)));
  checked.graphDiagnostics.push(...cycles.diagnostics, ...checked.dangling.diagnostics);
  for (const document of documents) if (cycles.failing.has(document.key)) failed.add(document.name);
  // Every schema some reference resolves to: for unused definitions, and to tell schemas from examples.
  const referencedTargets = referencedSchemas(graph);
  for (const document of documents) {
    const isReferenced = (pointer: string) => referencedTargets.has(`${document.key}#${pointer}`);
    const policy = settings.policyOf(document.name);
    // Real-world schemas break their meta-schemas in harmless ways (a textual `deprecated`): warnings when lenient.
    const meta = checkMetaSchema(document).map((d) =>
      d.code === CHECK_CODES.metaSchema.code && !policy.strict ? { ...d, severity: "warning" as const } : d,
    );
    const rules = declaredRules(document);
    const version = declaredVersion(document);
    rules.diagnostics.push(...version.diagnostics);
    if (version.version !== undefined) checked.versionOf.set(document.name, version.version);
    const instances = await contractInstances(document, settings, isReferenced);
    const linted = lintSource(document, isReferenced, { linearPatterns: policy.linearPatterns });
    const lints = policy.strict ? strictLints(linted, policy.keywords) : linted;
    if (policy.strict) lints.push(...unknownKeywords(document, policy.keywords));
    checked.diagnostics.push(...meta, ...rules.diagnostics, ...instances.diagnostics, ...lints);
    if ([meta, rules.diagnostics, instances.diagnostics, lints].some(hasErrors)) failed.add(document.name);
    if (rules.rules.size > 0) checked.rulesOf.set(document.name, rules.rules);
    // A definition that reaches a reference naming nothing exports no validator, so its instances are not run.
    const withheld = checked.dangling.withheld.get(document.key);
    checked.instancesOf.set(
      document.name,
      withheld ? instances.instances.filter((i) => !withheld.has(i.schemaPointer)) : instances.instances,
    );
  }
  return checked;
}

/** The contract's examples and counterexamples: those its source declares, then the files of its instance folders. */
async function contractInstances(
  document: SchemaDocument,
  { sourceDir, loadInstanceFiles }: { sourceDir: string; loadInstanceFiles: InstanceFiles },
  isReferenced: (pointer: string) => boolean,
) {
  const declared = declaredInstances(document, isReferenced);
  const beside = await loadInstanceFiles(sourceDir, document.name);
  declared.diagnostics.push(...beside.diagnostics);
  for (const { file, parsed } of beside.examples) {
    declared.instances.push({
      schemaPointer: "",
      value: parsed.value,
      file,
      position: parsed.positions.get("") ?? { line: 1, column: 1 },
      pointer: "",
    });
  }
  for (const { file, parsed } of beside.counterexamples) {
    const read = readCounterexample(parsed.value, "the counterexample");
    const position = parsed.positions.get("") ?? { line: 1, column: 1 };
    if ("problem" in read)
      declared.diagnostics.push(errorAt(CHECK_CODES.badCounterexamples, read.problem, { file, position, pointer: "" }));
    else declared.instances.push({ schemaPointer: "", ...read, file, position, pointer: "" });
  }
  return declared;
}
