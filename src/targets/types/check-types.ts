import { Project, ts } from "ts-morph";
import { errorAt, type Diagnostic, type SourcePosition } from "../../compiler/diagnostic.js";
import type { JsonValue } from "../../compiler/load/parse-source.js";
import { TYPES_CODES } from "./codes.js";
import { importSpecifier } from "./module-paths.js";

/** An instance a contract declares (`examples`), to be checked against the type generated for its schema. */
export interface TypedExample {
  contract: string;
  typeName: string;
  value: JsonValue;
  file: string;
  position: SourcePosition | undefined;
  pointer: string;
}

/** The strict flags this repository builds with; generated types must pass them. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  types: [],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

const EXAMPLES_MODULE = "__examples__";

/**
 * Compiles every generated module, plus one module that assigns each declared
 * example to its contract's type, under strict flags, in memory. A module that
 * does not compile is a defect of charter; an example that does not fit its
 * type means the types and the schema disagree. Returns the findings and the
 * contracts whose modules failed.
 */
export function checkTypes(modules: ReadonlyMap<string, string>, examples: readonly TypedExample[]): { diagnostics: Diagnostic[]; failed: Set<string> } {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: COMPILER_OPTIONS });
  const moduleOf = new Map<string, string>();
  for (const [contract, text] of modules) {
    const filePath = `/types/${contract}.ts`;
    project.createSourceFile(filePath, text);
    moduleOf.set(filePath, contract);
  }
  const usable = examples.filter((e) => modules.has(e.contract));
  const lines: string[] = [];
  usable.forEach((example, index) => {
    lines.push(`import type { ${example.typeName} as T${index} } from "${importSpecifier(EXAMPLES_MODULE, example.contract)}";`);
  });
  // One example a line, so a diagnostic's line names its example.
  const firstExampleLine = lines.length + 1;
  usable.forEach((example, index) => lines.push(`export const example${index}: T${index} = ${JSON.stringify(example.value)};`));
  project.createSourceFile(`/types/${EXAMPLES_MODULE}.ts`, lines.join("\n") + "\n");

  const diagnostics: Diagnostic[] = [];
  const failed = new Set<string>();
  for (const finding of project.getPreEmitDiagnostics()) {
    const filePath = finding.getSourceFile()?.getFilePath();
    const message = ts.flattenDiagnosticMessageText(finding.compilerObject.messageText, " ").slice(0, 400);
    const line = finding.getLineNumber() ?? 0;
    if (filePath === `/types/${EXAMPLES_MODULE}.ts`) {
      const example = usable[line - firstExampleLine];
      if (!example) continue; // an import of a type that failed: reported for its module
      diagnostics.push(
        errorAt(TYPES_CODES.exampleType, `example does not type-check as ${example.typeName}: ${message}`, {
          file: example.file,
          position: example.position,
          pointer: example.pointer,
        }),
      );
      continue;
    }
    const contract = filePath ? moduleOf.get(filePath) : undefined;
    if (contract === undefined) continue;
    failed.add(contract);
    diagnostics.push(errorAt(TYPES_CODES.typesDoNotCompile, `the generated types of "${contract}" do not compile (line ${line}): ${message}`, {}));
  }
  return { diagnostics, failed };
}
