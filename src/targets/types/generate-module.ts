import { ts } from "../../repairs/support/typescript-api.js";
import type { JsonObject } from "../../core/json-object.js";
import { REPAIRS } from "../../repairs/registry.js";
import type { Repair } from "../../repairs/support/repair.js";
import { WRAPPER_NAME } from "../../repairs/support/generator-input.js";
import { applyTextEdits, type TextEdit } from "../../repairs/support/text-edits.js";
import { runGenerator } from "./run-generator.js";
import { formatModule } from "./format-module.js";

/**
 * One contract's module, from the generator's prepared input on: plain data,
 * so that it crosses to a worker thread and keys the cache.
 */
export interface TypesModuleTask {
  contract: string;
  /** The generator's input, with schema-depth repairs applied and references final. */
  schema: JsonObject;
  /** Ids of the AST-depth repairs to run, in order. */
  repairs: string[];
  /** The type names charter assigned; the generator must declare each of them. */
  expected: string[];
  /** What goes above the generated declarations: the header and the imports. */
  prefix: string;
}

export type TypesModuleResult =
  | { ok: true; text: string; applications: { repair: string; location: string }[]; ms: number }
  | { ok: false; generatorError?: string; missing?: string[]; ms: number; overflowed?: true };

const REGISTERED = new Map(REPAIRS.map((r) => [r.id, r]));

/**
 * Runs json-schema-to-typescript on the prepared input, the AST repairs with
 * ts-morph, and prettier. `repairs` resolves repair ids; the registry's unless
 * a caller brings its own.
 */
export async function generateTypesModule(
  task: TypesModuleTask,
  repairs: ReadonlyMap<string, Repair> = REGISTERED,
): Promise<TypesModuleResult> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  let generated: string;
  try {
    generated = await runGenerator(task.schema);
  } catch (error) {
    // Out of call stack: worth a rerun on a larger one (see run-tasks' `overflowed`).
    return {
      ok: false,
      generatorError: defect(error),
      ms: ms(),
      ...(error instanceof RangeError ? { overflowed: true as const } : {}),
    };
  }
  const applications: { repair: string; location: string }[] = [];
  const body = repaired(task, generated, repairs, (repair, location) =>
    applications.push({ repair, location: detached(location) }),
  );
  // The generator renames a declaration whose name it already used (`Tree1`); an importer would then get the wrong type.
  const declared = new Set([...body.matchAll(/^export (?:interface|type|enum) ([A-Za-z0-9_$]+)/gm)].map((m) => m[1]));
  const missing = task.expected.filter((name) => !declared.has(name));
  if (missing.length > 0) return { ok: false, missing, ms: ms() };
  let text: string;
  try {
    text = await formatModule(`${task.prefix}\n${body}`);
  } catch (error) {
    return { ok: false, generatorError: defect(error, "its output is not TypeScript: "), ms: ms() };
  }
  return { ok: true, text, applications, ms: ms() };
}

/**
 * The generator's output without the wrapper's declaration, with the AST repairs made. It is
 * parsed once: every repair reads that one tree and gives its changes as text edits, made
 * together at the end.
 */
function repaired(
  task: TypesModuleTask,
  generated: string,
  repairs: ReadonlyMap<string, Repair>,
  applied: (repair: string, location: string) => void,
): string {
  const source = ts.createSourceFile(`/${task.contract}.ts`, generated, ts.ScriptTarget.ES2022, true);
  const edits: TextEdit[] = [];
  const wrapper = source.statements.find(
    (statement) => ts.isInterfaceDeclaration(statement) && statement.name.text === WRAPPER_NAME,
  );
  if (wrapper) edits.push({ start: wrapper.getStart(source, true), end: lineEnd(generated, wrapper.end), text: "" });
  for (const id of task.repairs) {
    const repair = repairs.get(id)!;
    if (repair.astApplies?.(generated) !== false)
      repair.ast!(
        source,
        (edit) => edits.push(edit),
        (location) => applied(id, location),
      );
  }
  return applyTextEdits(generated, edits);
}

/** Past the line break that ends the line `at` is on, when only blanks are between. */
function lineEnd(text: string, at: number): number {
  const match = /^[ \t]*\r?\n/.exec(text.slice(at, at + 200));
  return match ? at + match[0].length : at;
}

/**
 * A copy of `text` that holds nothing else: a name read from the syntax tree is a slice of the
 * module's whole text, and the run keeps every application to its end (on a corpus, the texts
 * of the modules it was read from, about 15 MB).
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * The generator's input is normalised for every check and crash charter knows of (src/repairs),
 * so a failure left is the generator's defect, not the schema's.
 */
function defect(error: unknown, what = ""): string {
  const message = ((error as Error).message ?? String(error)).split("\n")[0]!.slice(0, 300);
  return `${what}${message} (a defect of the generator that charter has no repair for yet: please report it; the schema and validators do not depend on it)`;
}
