import { format } from "prettier";
import { Project } from "ts-morph";
import { errorAt, type Diagnostic } from "../../compiler/diagnostic.js";
import { getAtPointer, joinPointer } from "../../compiler/json-pointer.js";
import { referencedSchemas } from "../../compiler/resolve/referenced-schemas.js";
import type { ResolvedGraph } from "../../compiler/resolve/resolve-references.js";
import type { Repair, RepairApplication } from "../../repairs/repair.js";
import type { OutputFiles } from "../output-files.js";
import { TYPES_CODES } from "./codes.js";
import { importSpecifier, typesPath } from "./module-paths.js";
import { finalizeReferences, prepareGeneratorInput, reportedPointer, WRAPPER_NAME } from "./prepare-input.js";
import { runGenerator } from "./run-generator.js";
import { prettierOptions, typesHeader } from "./templates.js";
import { checkTypes, type TypedExample } from "./check-types.js";
import { assignTypeNames, type NamingStyle, type TypeNames } from "./type-names.js";

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
  naming: NamingStyle,
  /** Compile the modules and the contracts' examples under strict flags (about a second). */
  typeCheck: boolean,
): Promise<TypesResult> {
  const names = assignTypeNames(graph, contracts.map((c) => c.key), naming);
  const result: TypesResult = { files: new Map(), produced: new Set(), diagnostics: [...names.diagnostics], applications: [], importedReferences: 0, durations: new Map(), names };
  const project = new Project({ useInMemoryFileSystem: true });
  const prettier = prettierOptions();
  const nameOf = (key: string) => graph.documents.get(key)!.document.name;

  const modules = new Map<string, { contract: TypesContract; text: string; dependsOn: string[]; applications: RepairApplication[] }>();
  const formatted = new Map<string, string>();
  for (const contract of contracts) {
    if (names.failed.has(contract.key)) continue;
    const started = performance.now();
    const entry = graph.documents.get(contract.key)!;
    const input = prepareGeneratorInput(graph, contract.key, names, repairs);
    const applications = [...input.applications];
    for (const repair of repairs) {
      repair.schema?.(input.schema, (pointer) => applications.push({ repair: repair.id, contract: contract.name, location: reportedPointer(pointer) }));
    }
    finalizeReferences(input);
    let generated: string;
    try {
      generated = await runGenerator(input.schema);
    } catch (error) {
      const message = ((error as Error).message ?? String(error)).split("\n")[0]!.slice(0, 300);
      result.diagnostics.push(errorAt(TYPES_CODES.generatorFailed, `json-schema-to-typescript failed: ${message}`, { file: entry.document.file, position: { line: 1, column: 1 } }));
      continue;
    }
    const file = project.createSourceFile(`/${contract.name}.ts`, generated, { overwrite: true });
    file.getInterface(WRAPPER_NAME)?.remove();
    for (const repair of repairs) {
      repair.ast?.(file, (location) => applications.push({ repair: repair.id, contract: contract.name, location }));
    }
    const body = file.getFullText();
    project.removeSourceFile(file);
    // The generator renames a declaration whose name it already used (`Tree1`); an importer would then get the wrong type.
    const declared = new Set([...body.matchAll(/^export (?:interface|type|enum) ([A-Za-z0-9_$]+)/gm)].map((m) => m[1]));
    const missing = [...names.byDocument.get(contract.key)!.values()].filter((name) => !declared.has(name));
    if (missing.length > 0) {
      result.diagnostics.push(
        errorAt(TYPES_CODES.typesDoNotCompile, `json-schema-to-typescript did not declare ${missing.join(", ")} under that name (another schema of the contract took it); name the other schema with $defs or x-charter-name`, {
          file: entry.document.file,
          position: { line: 1, column: 1 },
        }),
      );
      continue;
    }

    const importLines = [...input.imports]
      .map(([key, imported]) => ({ name: nameOf(key), imported: [...imported].sort() }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(({ name, imported }) => `import type { ${imported.join(", ")} } from "${importSpecifier(contract.name, name)}";`);
    result.importedReferences += [...input.imports.values()].reduce((n, s) => n + s.size, 0);
    const text = [typesHeader({ source: contract.source, digest: contract.digest }), importLines.join("\n"), body].join("\n");
    modules.set(contract.key, { contract, text, dependsOn: [...input.imports.keys()], applications });
    result.durations.set(contract.name, performance.now() - started);
  }

  // A module that imports from a contract without types would not compile: drop it, transitively.
  const dropDependents = () => {
    let dropped = true;
    while (dropped) {
      dropped = false;
      for (const [key, module] of modules) {
        const missing = module.dependsOn.filter((d) => !modules.has(d));
        if (missing.length === 0) continue;
        modules.delete(key);
        formatted.delete(module.contract.name);
        dropped = true;
        result.diagnostics.push(
          errorAt(TYPES_CODES.dependencyFailed, `no types for "${module.contract.name}": it uses types of ${missing.map(nameOf).join(", ")}, which have none`, {
            file: graph.documents.get(key)!.document.file,
            position: { line: 1, column: 1 },
          }),
        );
      }
    }
  };
  dropDependents();

  for (const { contract, text } of [...modules.values()].sort((a, b) => (a.contract.name < b.contract.name ? -1 : 1))) {
    const started = performance.now();
    formatted.set(contract.name, await format(text, prettier));
    result.durations.set(contract.name, (result.durations.get(contract.name) ?? 0) + performance.now() - started);
  }
  if (typeCheck) {
    const checked = checkTypes(formatted, collectExamples(graph, [...modules.keys()], names));
    result.diagnostics.push(...checked.diagnostics);
    for (const contract of checked.failed) {
      formatted.delete(contract);
      modules.delete([...modules.keys()].find((key) => modules.get(key)!.contract.name === contract)!);
    }
    dropDependents();
  }
  for (const { contract, applications } of [...modules.values()].sort((a, b) => (a.contract.name < b.contract.name ? -1 : 1))) {
    const text = formatted.get(contract.name);
    if (text === undefined) continue;
    result.files.set(typesPath(contract.name), text);
    result.produced.add(contract.name);
    result.applications.push(...applications);
  }
  if (result.produced.size > 0) {
    // Only the names charter assigned: anything else the generator declared stays module-local in the barrel.
    const exports = [...result.produced].sort().map((name) => {
      const key = contracts.find((c) => c.name === name)!.key;
      const declared = [...names.byDocument.get(key)!.values()].sort();
      return `export type { ${declared.join(", ")} } from "${importSpecifier("index", name)}";`;
    });
    const header = "// Generated by charter: every contract's types. Do not edit; `charter check` refuses hand edits.\n";
    result.files.set("types/index.ts", await format(header + exports.join("\n") + "\n", prettier));
  }
  return result;
}

/** The `examples` of each contract's root and top-level definitions, with the names of their types. */
function collectExamples(graph: ResolvedGraph, keys: readonly string[], names: TypeNames): TypedExample[] {
  const examples: TypedExample[] = [];
  const referenced = referencedSchemas(graph);
  for (const key of keys) {
    const { document } = graph.documents.get(key)!;
    for (const [pointer, typeName] of names.byDocument.get(key) ?? []) {
      const list = getAtPointer(document.value, joinPointer(pointer, "examples"));
      if (!Array.isArray(list)) continue;
      list.forEach((value, index) => {
        const at = joinPointer(pointer, "examples", index);
        if (!referenced.has(`${key}#${at}`)) examples.push({ contract: document.name, typeName, value, file: document.file, position: document.positions.get(at), pointer: at });
      });
    }
  }
  return examples;
}
