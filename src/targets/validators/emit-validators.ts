import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import type { DeclaredInstance } from "../../compiler/check/declared-counterexamples.js";
import type { DeclaredRules } from "../../compiler/check/declared-rules.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { pointerToFragment } from "../../core/json-pointer.js";
import { startTasks, siblingModule, type TaskDefinition, type TaskSettings } from "../../tasks/run-tasks.js";
import type { ValidationPolicy } from "../../settings/validation.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { validatorPath, type OutputFiles, type OutputSink } from "../shared/output-files.js";
import type { TypeNames } from "../shared/type-names.js";
import { ajvFindings } from "./ajv-findings.js";
import { asyncIgnored } from "./async-findings.js";
import type { CompiledValidator, ValidatorTask } from "./compile-validator.js";
import { nonLinearPatterns } from "./linear-patterns.js";
import { registryFiles, type RegistryLine } from "./registry-module.js";
import { validatorDeclarations } from "./validator-declarations.js";
import type { ValidatorExport } from "./validator-export.js";

/** Each contract's validators, computed on worker threads and kept in the cache. */
const VALIDATOR_TASK: TaskDefinition<ValidatorTask, CompiledValidator> = {
  name: "compileValidator",
  label: "validators",
  module: siblingModule(import.meta.url, "compile-validator"),
  // Loaded on first use: where a worker compiles every contract (a few of them), this thread never loads ajv's code generator.
  run: async (task) => (await import("./compile-validator.js")).compileValidator(task),
  overflowed: (output) => output.overflowed === true,
};

export interface ValidatorContract {
  bundle: Bundle;
  key: string;
  file: string;
  digest: string;
  /** Rules the contract declares; the runtime runs the registered functions on its root. */
  rules: DeclaredRules;
  policy: ValidationPolicy;
  /** The contract's source, to place findings. */
  source: SchemaDocument;
  /** Its examples and counterexamples, run at generation. */
  instances: readonly DeclaredInstance[];
}

export interface ValidatorsResult {
  files: OutputFiles;
  produced: Set<string>;
  diagnostics: Diagnostic[];
  /** The registry's lines of the contracts compiled now (not of those kept). */
  registry: RegistryLine[];
}

/**
 * `validators/<name>.js`: ajv's standalone code for the contract's bundle, as
 * an ES module with one export for the root (`validate`) and one for each
 * top-level definition (`validate<TypeName>`), which stops at the first
 * violation or lists them all as the runtime asks (error-cap.ts); and its
 * `.d.ts`, typing every export as a guard for the generated type.
 * The compiling starts at once, on worker threads when there are enough
 * contracts. Each contract's module goes to `output` as soon as it is
 * compiled, and only its findings are kept: the modules are most of a
 * corpus's output. `finish` takes the contracts' types modules, which the
 * declarations import, once the types are done, and returns the rest.
 */
export function startValidators(
  contracts: readonly ValidatorContract[],
  names: TypeNames,
  settings: TaskSettings,
  output: OutputSink,
  /** The registry's lines of contracts whose modules the previous output has and keeps. */
  kept: readonly RegistryLine[] = [],
): {
  /** Lends this thread to the compiles now (while another thread makes the types), rather than in `finish`. */
  compileHere: () => void;
  finish: (
    typesModule: (name: string) => string | undefined,
  ) => Promise<ValidatorsResult & { onWorkerThreads: number }>;
} {
  const exports = contracts.map(({ bundle, key }) => exportsOf(bundle, names.byDocument.get(key)));
  // Named by no closure, so that what the batch lets go of is let go of here too.
  const tasks = contracts.map(({ bundle, file, policy, instances }, index): ValidatorTask => ({
    id: bundle.id,
    dialect: bundle.dialect,
    // The validation form, which ajv compiles where the bundle needs it, is made from these three in the task.
    schema: bundle.schema,
    file,
    exports: exports[index]!,
    policy,
    instances: [...instances],
  }));
  // Each contract's bundle and source are let go once its module is written: the last
  // compiles run after the types, and then only theirs are held.
  const unwritten: (ValidatorContract | undefined)[] = [...contracts];
  const written = (index: number, compiled: CompiledValidator) => {
    const kept = writeModule(unwritten[index]!, compiled, output);
    unwritten[index] = undefined;
    return kept;
  };
  const batch = startTasks(VALIDATOR_TASK, tasks, settings, written);
  // Read after the compiles have started: a contract's digest may be made when first read (the pipeline's are).
  const registered = contracts.map(({ bundle, digest, rules }, index): RegisteredContract => ({
    name: bundle.name,
    digest,
    rules,
    exports: exports[index]!,
  }));
  let compiled: ReturnType<typeof batch.finish> | undefined;
  const compiledHere = () => (compiled ??= batch.finish());
  return {
    compileHere: () => void compiledHere().catch(() => undefined),
    finish: async (typesModule) => ({
      ...assemble(registered, await compiledHere(), typesModule, kept),
      onWorkerThreads: batch.onWorkerThreads,
    }),
  };
}

/** What the registry and the declarations read of a contract. */
interface RegisteredContract {
  name: string;
  digest: string;
  rules: DeclaredRules;
  exports: ValidatorExport[];
}

/** What is kept of a contract's compiled validators once its modules are written: whether they were, and its findings. */
interface WrittenValidator {
  findings: Diagnostic[];
  written: boolean;
  depthGuarded: boolean;
}

/** A contract's module, given to `output` unless ajv could not compile it or a finding is an error. */
function writeModule(
  { bundle, digest, policy, source }: ValidatorContract,
  { warnings, strictApart, diagnostics, module, depthGuarded }: CompiledValidator,
  output: OutputSink,
): WrittenValidator {
  const findings = module
    ? [
        ...ajvFindings(warnings, strictApart, bundle, source, policy),
        ...(policy.patterns === "linear" ? nonLinearPatterns(bundle, source) : []),
        ...asyncIgnored(bundle, source),
        ...diagnostics,
      ]
    : diagnostics;
  const written = module !== undefined && !findings.some((d) => d.severity === "error");
  if (written) {
    const header = `// Generated by charter from ${bundle.name} (schema digest ${digest}). Do not edit: \`charter check\` refuses hand edits.\n`;
    output.set(validatorPath(bundle.name), header + module);
  }
  return { findings, written, depthGuarded: depthGuarded === true };
}

/** The declarations and the registry, from what each contract's written validators left. */
function assemble(
  contracts: readonly RegisteredContract[],
  compiled: readonly WrittenValidator[],
  typesModuleOf: (name: string) => string | undefined,
  kept: readonly RegistryLine[],
): ValidatorsResult {
  const registry: RegistryLine[] = [];
  const result: ValidatorsResult = { files: new Map(), produced: new Set(), diagnostics: [], registry };
  contracts.forEach(({ name, digest, rules, exports }, index) => {
    const typesModule = typesModuleOf(name);
    const { findings, written, depthGuarded } = compiled[index]!;
    result.diagnostics.push(...findings);
    if (!written) return;
    const declared = validatorDeclarations(name, exports, typesModule, depthGuarded);
    result.files.set(validatorPath(name).replace(/\.js$/, ".d.ts"), declared);
    result.produced.add(name);
    for (const e of exports) {
      registry.push({
        name: e.pointer === "" ? name : `${name}#${pointerToFragment(e.pointer)}`,
        contract: name,
        digest,
        exportName: e.exportName,
        typeName: typesModule ? e.typeName : undefined,
        typesModule,
        rules: e.pointer === "" ? rules : new Map(),
      });
    }
  });
  for (const line of kept) result.produced.add(line.contract);
  for (const [file, content] of registryFiles([...registry, ...kept])) result.files.set(file, content);
  return result;
}

/** What a contract's modules export: `validate` for its root, `validate<TypeName>` for each named top-level definition. */
function exportsOf(bundle: Bundle, names: ReadonlyMap<string, string> | undefined): ValidatorExport[] {
  const list: ValidatorExport[] = [{ exportName: "validate", pointer: "", typeName: names?.get(""), ref: bundle.id }];
  for (const [pointer, typeName] of names ?? []) {
    if (pointer === "") continue;
    list.push({
      exportName: `validate${typeName}`,
      pointer,
      typeName,
      ref: `${bundle.id}#${pointerToFragment(pointer)}`,
    });
  }
  return list;
}
