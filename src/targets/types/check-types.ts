import { errorAt, type Diagnostic, type Severity, type SourcePosition } from "../../core/diagnostic.js";
import type { JsonValue } from "../../core/json-value.js";
import { TYPES_CODES } from "./codes.js";
import type { CheckBatch, FileFinding } from "./check-program.js";
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

const EXAMPLES_FOLDER = "__examples__";
const CHECK_BATCH_CHARACTERS = 2_000_000;
/** A program of more text than this is not kept for the next run: it would hold hundreds of MB while the validators finish. */
const KEPT_PROGRAM_CHARACTERS = 500_000;

/** A generated module to check: its text and the contracts whose modules it imports. */
export interface CheckedModule {
  text: string;
  imports: readonly string[];
}

/** Per-file findings of earlier checks, by a key over the file and every module it reaches. */
export interface CheckCache {
  key(task: string, input: unknown): string;
  read<T>(key: string): Promise<T | undefined>;
  write(key: string, value: unknown): Promise<void>;
}

/** Compiles one batch of files, wherever TypeScript is loaded: this thread, or the types' own (types-thread.ts). */
export type BatchChecker = (batch: CheckBatch) => Promise<[string, FileFinding[]][]>;

/** The batches compiled in this thread, TypeScript loaded on the first. */
export const checkHere: BatchChecker = async (batch) => (await import("./check-program.js")).checkBatch(batch);

/**
 * Compiles every generated module, plus, for each contract with examples, a
 * module that assigns each example to its type, under strict flags, in
 * memory. A module that does not compile is a defect of charter; an example
 * that does not fit its type means the types and the schema disagree. A file
 * whose text and whose imports' texts the cache has seen is not checked
 * again: its findings are the cache's. Returns the findings and the
 * contracts whose modules failed.
 */
export async function checkTypes(
  modules: ReadonlyMap<string, CheckedModule>,
  examples: readonly TypedExample[],
  cache?: CheckCache,
  /** Text per program; a file and what it imports always share one. */
  batchCharacters = CHECK_BATCH_CHARACTERS,
  compileBatch: BatchChecker = checkHere,
): Promise<{ diagnostics: Diagnostic[]; failed: Set<string> }> {
  const files = filesToCheck(modules, examples);

  // Each file's findings: from the cache when the file and everything it reaches are unchanged.
  const reach = reachOf(files);
  const keys = new Map(
    cache
      ? [...files.keys()].map((name) => [
          name,
          cache.key("check-types", { name, files: reach(name).map((n) => [n, files.get(n)!.text]) }),
        ])
      : [],
  );
  const findings = new Map<string, FileFinding[]>();
  if (cache)
    for (const [name, cached] of await Promise.all(
      [...keys].map(async ([name, key]) => [name, await cache.read<FileFinding[]>(key)] as const),
    ))
      if (cached) findings.set(name, cached);
  const unchecked = [...files.keys()].filter((n) => !findings.has(n));
  const batches = batchesOf(unchecked, files, reach, batchCharacters);
  // Kept for the next run only while it is small (watch on a project's contracts); a corpus's program is memory first.
  const keep = !batches.some((batch) => batch.characters > KEPT_PROGRAM_CHARACTERS);
  for (const [index, batch] of batches.entries()) {
    const load = [...batch.load].map((name): [string, string] => [name, files.get(name)!.text]);
    for (const [name, list] of await compileBatch({
      load,
      check: batch.check,
      keep: keep || index < batches.length - 1,
    })) {
      findings.set(name, list);
      if (cache) await cache.write(keys.get(name)!, list);
    }
  }
  return reportFindings(files, findings);
}

/** A file to compile: a contract's module, or the module of a contract's examples. */
interface FileToCheck {
  text: string;
  imports: readonly string[];
  contract?: string;
  examples?: TypedExample[];
  firstExampleLine?: number;
}

/** The modules, and for each contract with examples, a module that assigns each example to its type. */
function filesToCheck(
  modules: ReadonlyMap<string, CheckedModule>,
  examples: readonly TypedExample[],
): Map<string, FileToCheck> {
  const files = new Map<string, FileToCheck>();
  for (const [contract, { text, imports }] of modules) files.set(contract, { text, imports, contract });
  const byContract = new Map<string, TypedExample[]>();
  for (const example of examples)
    if (modules.has(example.contract))
      byContract.set(example.contract, [...(byContract.get(example.contract) ?? []), example]);
  for (const [contract, list] of byContract) {
    const name = `${EXAMPLES_FOLDER}/${contract}`;
    const imported = [...new Set(list.map((e) => e.typeName))].sort();
    const lines = [`import type { ${imported.join(", ")} } from "${importSpecifier(name, contract)}";`];
    // One example a line, so a diagnostic's line names its example.
    list.forEach((example, index) =>
      lines.push(`export const example${index}: ${example.typeName} = ${JSON.stringify(example.value)};`),
    );
    files.set(name, { text: lines.join("\n") + "\n", imports: [contract], examples: list, firstExampleLine: 2 });
  }
  return files;
}

/** Each file and every file it reaches through imports, sorted (computed once a file). */
function reachOf(files: ReadonlyMap<string, FileToCheck>): (name: string) => string[] {
  const reached = new Map<string, string[]>();
  return (name) => {
    const known = reached.get(name);
    if (known) return known;
    const seen = new Set([name]);
    const stack = [name];
    while (stack.length > 0)
      for (const next of files.get(stack.pop()!)?.imports ?? [])
        if (!seen.has(next) && files.has(next)) {
          stack.push(next);
          seen.add(next);
        }
    const list = [...seen].sort();
    reached.set(name, list);
    return list;
  };
}

/** Files to check in one program, and the files that program loads for them. */
interface Batch {
  check: string[];
  load: Set<string>;
  characters: number;
}

/**
 * In batches of about `batchCharacters` of text, each its own program: a program of the
 * whole SchemaStore corpus held a gigabyte at once.
 */
function batchesOf(
  names: readonly string[],
  files: ReadonlyMap<string, FileToCheck>,
  reach: (name: string) => string[],
  batchCharacters: number,
): Batch[] {
  const batches: Batch[] = [];
  for (const name of names) {
    const needed = reach(name);
    let batch = batches.at(-1);
    const added = needed.filter((n) => !batch?.load.has(n)).reduce((sum, n) => sum + files.get(n)!.text.length, 0);
    if (!batch || (batch.characters + added > batchCharacters && batch.check.length > 0)) {
      batch = { check: [], load: new Set(), characters: 0 };
      batches.push(batch);
    }
    batch.check.push(name);
    for (const n of needed)
      if (!batch.load.has(n)) {
        batch.load.add(n);
        batch.characters += files.get(n)!.text.length;
      }
  }
  return batches;
}

/**
 * The findings as diagnostics, an example's at the example and a module's as a
 * defect of charter; and the contracts whose modules failed.
 */
function reportFindings(
  files: ReadonlyMap<string, FileToCheck>,
  findings: ReadonlyMap<string, FileFinding[]>,
): { diagnostics: Diagnostic[]; failed: Set<string> } {
  const diagnostics: Diagnostic[] = [];
  const failed = new Set<string>();
  for (const [name, file] of files) {
    for (const { line, message } of findings.get(name) ?? []) {
      if (file.examples) {
        const example = file.examples[line - file.firstExampleLine!];
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
      failed.add(file.contract!);
      diagnostics.push(
        errorAt(
          TYPES_CODES.typesDoNotCompile,
          `the generated types of "${file.contract}" do not compile (line ${line}): ${message}`,
          {},
        ),
      );
    }
  }
  return { diagnostics, failed };
}

/**
 * The same findings, an example that does not fit its type (CH605) at the
 * severity its contract gives examples (`validation.examples`): as severe as
 * an example its schema rejects.
 */
export function examplesAtTheirSeverity(
  diagnostics: readonly Diagnostic[],
  severityOf: (file: string | undefined) => Severity,
): Diagnostic[] {
  return diagnostics.map((d) => (d.code === TYPES_CODES.exampleType.code ? { ...d, severity: severityOf(d.file) } : d));
}
