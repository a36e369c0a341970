import { errorAt, type Diagnostic, type DiagnosticPlace } from "../../core/diagnostic.js";
import { PYTHON_CODES } from "./codes.js";

/** One `@rule("contract", "id")` decorator of the hooks file, where it is written (1-based). */
export interface HookDecorator {
  contract: string;
  id: string;
  line: number;
  column: number;
}

/** The config's `targets.python.rules`: the Python file of hooks, read at generation and shipped in the package. */
export interface HooksFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the config file, `/`-separated: the one the package's copy names. */
  shown: string;
}

/** A contract that declares rules, as the hooks check and the `rules` module read it. */
export interface RuledContract {
  name: string;
  /** Rule id to sentence, in the order declared. */
  rules: ReadonlyMap<string, string>;
  /** Where a rule's id is declared in the contract's source. */
  placeOf(id: string): DiagnosticPlace;
}

const STRING = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`;
const DECORATOR = new RegExp(String.raw`^@rule\(\s*${STRING}\s*,\s*${STRING}\s*,?\s*\)\s*(?:#.*)?$`);

/**
 * The top-level `@rule(...)` decorators of a hooks file, read without running Python: each must
 * name its contract and rule id as plain string literals, so that generation can tell which
 * declared rules have a hook. Decorators below the top level register nothing charter can see.
 */
export function readHookDecorators(text: string): { hooks: HookDecorator[]; malformed: number[] } {
  const hooks: HookDecorator[] = [];
  const malformed: number[] = [];
  text.split(/\r\n?|\n/).forEach((line, index) => {
    if (!line.startsWith("@rule")) return;
    if (!/^@rule\b/.test(line)) return;
    const match = DECORATOR.exec(line);
    if (match === null) {
      malformed.push(index + 1);
      return;
    }
    const contract = match[1] ?? match[2]!;
    const id = match[3] ?? match[4]!;
    hooks.push({ contract, id, line: index + 1, column: 1 });
  });
  return { hooks, malformed };
}

/**
 * The hooks file against the declared rules: every declared rule has exactly one hook (CH620
 * at the declaration when not), and every hook names a declared rule of a contract the package
 * has, once, in the form charter reads (CH621 in the hooks file when not).
 */
export function checkHooks(
  contracts: readonly RuledContract[],
  hooksFile: HooksFile | undefined,
  text: string | undefined,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const { hooks, malformed } = text === undefined ? { hooks: [], malformed: [] } : readHookDecorators(text);
  const at = (line: number, column = 1): DiagnosticPlace => ({ file: hooksFile?.file, position: { line, column } });
  for (const line of malformed)
    diagnostics.push(
      errorAt(
        PYTHON_CODES.badHook,
        'write a rule hook\'s decorator as @rule("<contract>", "<rule-id>"), both plain string literals, on one line',
        at(line),
      ),
    );
  const declared = new Map(contracts.map((c) => [c.name, c]));
  const seen = new Set<string>();
  for (const hook of hooks) {
    const key = `${hook.contract}\u0000${hook.id}`;
    const contract = declared.get(hook.contract);
    if (contract === undefined || !contract.rules.has(hook.id))
      diagnostics.push(
        errorAt(
          PYTHON_CODES.badHook,
          contract === undefined
            ? `"${hook.contract}" is no contract of the package that declares rules (x-charter-rules)`
            : `${hook.contract} declares no rule "${hook.id}" (it declares ${[...contract.rules.keys()].join(", ")})`,
          at(hook.line, hook.column),
        ),
      );
    else if (seen.has(key))
      diagnostics.push(
        errorAt(PYTHON_CODES.badHook, `rule "${hook.id}" of ${hook.contract} has a hook already`, at(hook.line)),
      );
    seen.add(key);
  }
  for (const contract of contracts)
    for (const id of contract.rules.keys())
      if (!seen.has(`${contract.name}\u0000${id}`))
        diagnostics.push(
          errorAt(
            PYTHON_CODES.missingHook,
            hooksFile === undefined
              ? `rule "${id}" of ${contract.name} has no Python hook: set targets.python.rules to a Python file with @rule("${contract.name}", "${id}") on a function`
              : `rule "${id}" of ${contract.name} has no Python hook: add @rule("${contract.name}", "${id}") to a function of ${hooksFile.shown}`,
            contract.placeOf(id),
          ),
        );
  return diagnostics;
}

/** The package's copy of the hooks file (`_hooks.py`): the file as written, under a line naming it. */
export function hooksModule(hooksFile: HooksFile, text: string): string {
  const body = text.replace(/\r\n?/g, "\n");
  return `# Copied by charter from ${hooksFile.shown} (targets.python.rules): edit that file, then run \`charter generate\`.\n${body.endsWith("\n") ? body : `${body}\n`}`;
}
