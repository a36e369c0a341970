import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { declaredInstances } from "../../compiler/check/declared-counterexamples.js";
import { referencedSchemas } from "../../schema/referenced-schemas.js";
import type { ResolvedGraph } from "../../schema/resolved-graph.js";
import type { Repair, RepairApplication } from "../../repairs/support/repair.js";
import { typesPath, type OutputFiles } from "../shared/output-files.js";
import { TYPES_CODES } from "./codes.js";
import { importSpecifier } from "./module-paths.js";
import { finalizeReferences, prepareGeneratorInput, reportedPointer, type GeneratorInput } from "./prepare-input.js";
import type { TypesModuleResult, TypesModuleTask } from "./generate-module.js";
import { runTasks, siblingModule, type TaskDefinition } from "../../tasks/run-tasks.js";
import type { TaskStore } from "../../tasks/task-store.js";
import { REPAIRS } from "../../repairs/registry.js";
import { typesHeader } from "./templates.js";
import { checkTypes, type TypedExample } from "./check-types.js";
import type { TypeNames } from "../shared/type-names.js";
import { typesHere, type TypesWork } from "./types-thread.js";
import { closureKeys, readClosureEntry, writeClosureEntry, type ClosureEntry } from "./closure-cache.js";

/** Each contract's module, computed on worker threads and kept in the cache. */
const TYPES_TASK: TaskDefinition<TypesModuleTask, TypesModuleResult> = {
  name: "generateTypesModule",
  label: "types",
  module: siblingModule(import.meta.url, "generate-module"),
  run: (task) => typesHere.generate(task),
  overflowed: (output) => !output.ok && output.overflowed === true,
};

export interface TypesContract {
  key: string;
  name: string;
  /** Source path relative to the source directory, for the header. */
  source: string;
  digest: string;
}

export interface TypesResult {
  files: OutputFiles;
  /** Contract names that got a module. */
  produced: Set<string>;
  diagnostics: Diagnostic[];
  applications: RepairApplication[];
  /** Type references served by an import instead of a second declaration. */
  importedReferences: number;
  /** Milliseconds spent on each contract (generator, repairs, prettier), for reports. */
  durations: Map<string, number>;
  /** The exported type names, which the validators target reuses for its exports. */
  names: TypeNames;
}

/**
 * `types/<name>.ts` for each contract and `types/index.ts`: the generator's
 * output for each contract, repaired, with shared types imported from the
 * module that owns them, formatted by prettier once.
 */
export async function emitTypes(
  graph: ResolvedGraph,
  contracts: readonly TypesContract[],
  repairs: readonly Repair[],
  /** From `assignTypeNames`, for the same contracts. */
  names: TypeNames,
  /** Compile the modules and the contracts' examples under strict flags (about a second). */
  typeCheck: boolean,
  /** The cache; the modules are generated in this thread (on two cores, threads running the generator slowed each other as much as they gained). */
  cache: TaskStore | undefined,
  /** Contracts whose modules the previous output has and keeps: in the barrel, not made again. */
  kept: readonly TypesContract[] = [],
  /** Where the modules are generated, checked and formatted: this thread, or the types' own (types-thread.ts). */
  work: TypesWork = typesHere,
): Promise<TypesResult> {
  const result: TypesResult = {
    files: new Map(),
    produced: new Set(),
    diagnostics: [...names.diagnostics],
    applications: [],
    importedReferences: 0,
    durations: new Map(),
    names,
  };
  const nameOf = (key: string) => graph.documents.get(key)!.document.name;
  // Repairs from outside the registry (tests bring their own) cannot be named to a worker or a cache.
  const registered = repairs.every((r) => REPAIRS.includes(r));
  const store = registered ? cache : undefined;
  const named = contracts.filter((contract) => !names.failed.has(contract.key));
  // A contract none of whose documents changed: its module, without preparing its input again.
  const keys = store ? closureKeys(store, graph, named, names, repairs) : [];
  const found = store ? await Promise.all(keys.map((key) => readClosureEntry(store, key))) : [];
  // Prepared and generated a few at a time: a corpus's inputs, all at once, held 70 of the main thread's 400 MB.
  const generated = await generateInChunks(
    named.filter((_, index) => found[index] === undefined),
    (chunk) => prepareInputs(graph, chunk, names, repairs),
    (chunk) =>
      runTasks(
        registered
          ? { ...TYPES_TASK, run: (task) => work.generate(task) }
          : { ...TYPES_TASK, run: (task) => generateHere(task, repairs) },
        chunk.map(({ contract, input }) => moduleTask(contract, input, names, repairs, nameOf)),
        { jobs: 1, cache: store, handsOff: work.elsewhere },
      ),
  );
  const made = madeModules(graph, named, found, generated);
  if (store)
    await Promise.all(
      named.flatMap((contract, index) => {
        const one = made.get(contract.key)!;
        // Kept once made here; an overflow is this thread's limit, not the contract's module.
        const overflowed = !one.output.ok && one.output.overflowed === true;
        return found[index] !== undefined || overflowed
          ? []
          : [writeClosureEntry(store, keys[index]!, entryOf(one, nameOf))];
      }),
    );
  const modules = generatedModules(graph, [...made.values()], result);
  dropDependents(graph, modules, result);
  if (typeCheck) {
    const checked = await checkTypes(
      new Map(
        [...modules.values()].map(({ contract, dependsOn, text }) => [
          contract.name,
          { text, imports: dependsOn.map(nameOf) },
        ]),
      ),
      collectExamples(graph, [...modules.keys()], names),
      cache,
      undefined,
      work.check,
    );
    result.diagnostics.push(...checked.diagnostics);
    for (const [key, module] of modules) if (checked.failed.has(module.contract.name)) modules.delete(key);
    dropDependents(graph, modules, result);
  }
  for (const { contract, applications, text } of [...modules.values()].sort((a, b) =>
    a.contract.name < b.contract.name ? -1 : 1,
  )) {
    result.files.set(typesPath(contract.name), text);
    result.produced.add(contract.name);
    result.applications.push(...applications);
  }
  for (const contract of kept) result.produced.add(contract.name);
  if (result.produced.size > 0)
    result.files.set("types/index.ts", await barrel(result.produced, [...contracts, ...kept], names, work, cache));
  return result;
}

/** A module made with repairs from outside the registry (tests bring their own), in this thread. */
async function generateHere(task: TypesModuleTask, repairs: readonly Repair[]): Promise<TypesModuleResult> {
  const { generateTypesModule } = await import("./generate-module.js");
  return generateTypesModule(task, new Map(repairs.map((r) => [r.id, r])));
}

interface Prepared {
  contract: TypesContract;
  input: GeneratorInput;
  applications: RepairApplication[];
  ms: number;
}

/** A contract's generated module, while it may still be dropped: its text, the contracts it imports types from, the repairs applied. */
interface TypesModule {
  contract: TypesContract;
  dependsOn: string[];
  applications: RepairApplication[];
  text: string;
}

/** Per contract, in this thread: the generator's input, with the schema-depth repairs (they need the whole graph). */
function prepareInputs(
  graph: ResolvedGraph,
  contracts: readonly TypesContract[],
  names: TypeNames,
  repairs: readonly Repair[],
): Prepared[] {
  const prepared: Prepared[] = [];
  for (const contract of contracts) {
    const started = performance.now();
    const input = prepareGeneratorInput(graph, contract.key, names, repairs);
    const applications = [...input.applications];
    for (const repair of repairs) {
      repair.schema?.(
        input.schema,
        (pointer) =>
          applications.push({ repair: repair.id, contract: contract.name, location: reportedPointer(pointer) }),
        { resolve: (reference) => input.targets.get(reference) },
      );
    }
    finalizeReferences(input);
    prepared.push({ contract, input, applications, ms: performance.now() - started });
  }
  return prepared;
}

/** What is kept of a contract's module made now: its input's imports, not the input. */
interface Generated {
  contract: TypesContract;
  imports: Map<string, Set<string>>;
  applications: RepairApplication[];
  ms: number;
  output: TypesModuleResult;
}

/** Contracts this many at a time: large enough that the cache reads and writes of one chunk overlap. */
const CHUNK = 32;

async function generateInChunks(
  contracts: readonly TypesContract[],
  prepare: (chunk: readonly TypesContract[]) => Prepared[],
  generate: (chunk: readonly Prepared[]) => Promise<TypesModuleResult[]>,
): Promise<Generated[]> {
  const generated: Generated[] = [];
  for (let at = 0; at < contracts.length; at += CHUNK) {
    const prepared = prepare(contracts.slice(at, at + CHUNK));
    const outputs = await generate(prepared);
    prepared.forEach(({ contract, input, applications, ms }, index) =>
      generated.push({ contract, imports: input.imports, applications, ms, output: outputs[index]! }),
    );
  }
  return generated;
}

/** The task a worker (or the cache) runs for one contract: the input, the AST repairs, the names it must declare, the header and imports. */
function moduleTask(
  contract: TypesContract,
  input: GeneratorInput,
  names: TypeNames,
  repairs: readonly Repair[],
  nameOf: (key: string) => string,
): TypesModuleTask {
  const importLines = [...input.imports]
    .map(([key, imported]) => ({ name: nameOf(key), imported: [...imported].sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(
      ({ name, imported }) => `import type { ${imported.join(", ")} } from "${importSpecifier(contract.name, name)}";`,
    );
  return {
    contract: contract.name,
    schema: input.schema,
    repairs: repairs.filter((r) => r.ast !== undefined).map((r) => r.id),
    expected: [...new Set(names.byDocument.get(contract.key)!.values())],
    prefix: [typesHeader({ source: contract.source, digest: contract.digest }), importLines.join("\n")].join("\n"),
  };
}

/** One contract's module as made, or as the cache kept it: the generator's output and what its input imported and applied. */
interface MadeModule {
  contract: TypesContract;
  imports: Map<string, Set<string>>;
  applications: RepairApplication[];
  ms: number;
  output: TypesModuleResult;
}

/** Each named contract's module, by contract key, in their order: from the closure cache, or prepared and generated now. */
function madeModules(
  graph: ResolvedGraph,
  named: readonly TypesContract[],
  found: readonly (ClosureEntry | undefined)[],
  generated: readonly Generated[],
): Map<string, MadeModule> {
  const keyOfName = new Map([...graph.documents].map(([key, entry]) => [entry.document.name, key]));
  const fresh = new Map(generated.map((g) => [g.contract.key, g]));
  const made = new Map<string, MadeModule>();
  named.forEach((contract, index) => {
    const entry = found[index];
    if (entry !== undefined) {
      const imports = new Map(entry.imports.map(([name, list]) => [keyOfName.get(name)!, new Set(list)]));
      made.set(contract.key, { contract, imports, applications: entry.applications, ms: 0, output: entry.output });
      return;
    }
    const { imports, applications, ms, output } = fresh.get(contract.key)!;
    made.set(contract.key, { contract, imports, applications, ms, output });
  });
  return made;
}

/** What the closure cache keeps of a module made now. */
function entryOf(made: MadeModule, nameOf: (key: string) => string): ClosureEntry {
  return {
    output: made.output,
    imports: [...made.imports].map(([key, list]) => [nameOf(key), [...list]]),
    applications: made.applications,
  };
}

/** The modules the generator made, by contract key; a contract it failed on gets its finding instead. */
function generatedModules(
  graph: ResolvedGraph,
  made: readonly MadeModule[],
  result: TypesResult,
): Map<string, TypesModule> {
  const modules = new Map<string, TypesModule>();
  for (const { contract, imports, applications, ms, output } of made) {
    result.durations.set(contract.name, ms + output.ms);
    const file = graph.documents.get(contract.key)!.document.file;
    if (!output.ok) {
      const message =
        output.generatorError !== undefined
          ? `json-schema-to-typescript failed: ${output.generatorError}`
          : `json-schema-to-typescript did not declare ${output.missing!.join(", ")} under that name (another schema of the contract took it); name the other schema with $defs or x-charter-name`;
      result.diagnostics.push(
        errorAt(
          output.generatorError !== undefined ? TYPES_CODES.generatorFailed : TYPES_CODES.typesDoNotCompile,
          message,
          { file, position: { line: 1, column: 1 } },
        ),
      );
      continue;
    }
    result.importedReferences += [...imports.values()].reduce((n, s) => n + s.size, 0);
    const repaired = output.applications.map((a) => ({ ...a, contract: contract.name }));
    modules.set(contract.key, {
      contract,
      dependsOn: [...imports.keys()],
      applications: [...applications, ...repaired],
      text: output.text,
    });
  }
  return modules;
}

/** A module that imports from a contract without types would not compile: drop it, transitively, each with its finding. */
function dropDependents(graph: ResolvedGraph, modules: Map<string, TypesModule>, result: TypesResult): void {
  const nameOf = (key: string) => graph.documents.get(key)!.document.name;
  let dropped = true;
  while (dropped) {
    dropped = false;
    for (const [key, module] of modules) {
      const missing = module.dependsOn.filter((d) => !modules.has(d));
      if (missing.length === 0) continue;
      modules.delete(key);
      dropped = true;
      result.diagnostics.push(
        errorAt(
          TYPES_CODES.dependencyFailed,
          `no types for "${module.contract.name}": it uses types of ${missing.map(nameOf).join(", ")}, which have none`,
          {
            file: graph.documents.get(key)!.document.file,
            position: { line: 1, column: 1 },
          },
        ),
      );
    }
  }
}

/** `types/index.ts`: only the names charter assigned; anything else the generator declared stays module-local. */
async function barrel(
  produced: ReadonlySet<string>,
  contracts: readonly TypesContract[],
  names: TypeNames,
  work: TypesWork,
  cache: TaskStore | undefined,
): Promise<string> {
  const exports = [...produced].sort().map((name) => {
    const key = contracts.find((c) => c.name === name)!.key;
    const declared = [...new Set(names.byDocument.get(key)!.values())].sort();
    return `export type { ${declared.join(", ")} } from "${importSpecifier("index", name)}";`;
  });
  const header = "// Generated by charter: every contract's types. Do not edit; `charter check` refuses hand edits.\n";
  const text = header + exports.join("\n") + "\n";
  // After an edit the barrel is most often the same text: formatted once, not by every run.
  const key = cache?.key("formatBarrel", text);
  const known = key !== undefined ? await cache!.read<string>(key) : undefined;
  if (known !== undefined) return known;
  const formatted = await work.format(text);
  if (key !== undefined) await cache!.write(key, formatted);
  return formatted;
}

/**
 * The `examples` of each contract's root and top-level definitions, with the
 * names of their types: the instances the check stage reads
 * (`declaredInstances`, which also decides that an `examples` entry some
 * reference resolves to is a schema), each against its schema's type.
 */
function collectExamples(graph: ResolvedGraph, keys: readonly string[], names: TypeNames): TypedExample[] {
  const referenced = referencedSchemas(graph);
  return keys.flatMap((key) => {
    const { document } = graph.documents.get(key)!;
    const typeNames = names.byDocument.get(key) ?? new Map<string, string>();
    const { instances } = declaredInstances(document, (pointer) => referenced.has(`${key}#${pointer}`));
    return instances.flatMap(({ schemaPointer, value, position, pointer, fromExamplesKeyword }) => {
      const typeName = typeNames.get(schemaPointer);
      return fromExamplesKeyword && typeName !== undefined
        ? [{ contract: document.name, typeName, value, file: document.file, position, pointer }]
        : [];
    });
  });
}
