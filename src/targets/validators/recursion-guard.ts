import { ajvFunctions } from "./ajv-code-patterns.js";

/**
 * The depth limit, in the validator: where ajv's code can call itself once
 * per level of the data (a function on a cycle of its call graph, from a
 * reference cycle in the schema), each such function first checks how deep
 * the value it was given lies, and stops the validation at a value nested
 * deeper than the limit the runtime set. Data deep enough would otherwise run
 * the validator out of call stack.
 *
 * The check reads the `instancePath` ajv passes to every function: one `/`
 * per level (a `/` in a key is escaped as `~1`), so a path shorter than the
 * limit is within it, a comparison that costs about nothing on ordinary data;
 * only a path as long as the limit has its levels counted. The limit lives in
 * an object the module exports as `__charterDepth` (Infinity until the
 * runtime sets it around a call, so the function behaves as ajv's when called
 * directly); to stop, the function throws that object, with the pointer of the
 * value in `at`, and the runtime turns it into its too-deep verdict.
 *
 * The call graph is read from the text of ajv's standalone code: a function
 * is `function validateN(` at the start of a line and runs to the next one;
 * it calls the functions whose names are followed by `(` in that text (or
 * `.validate(` after a `wrapperN` object that holds one). Text between two
 * functions is counted with the one before, and a call inside a string counts
 * too: the graph may have more edges than the code, so a function may be
 * guarded needlessly (a check that never fires), never left unguarded on a
 * cycle.
 */

/** The module's export holding the limit, read by charter-runtime. */
export const DEPTH_EXPORT = "__charterDepth";

const WRAPPERS = /^const ([\w$]+) = \{validate: ([\w$]+)\};$/gm;
/** A call: `validate3(` or, through a wrapper object, `wrapper0.validate(` (not `validate3.errors`). */
const CALL = /([\w$]+)(?:\.validate)?\(/g;
/** The same, for a name of ajv's: the whole name (nothing of a name before it) before the call. */
const AJV_CALL = /(?<![\w$])(validate\d+|wrapper\d+)(?:\.validate)?\(/g;

/** The functions of ajv's standalone `code` that lie on a cycle of its call graph: none when its validators cannot recurse with the data. */
export function functionsOnCycles(code: string): Set<string> {
  const functions = ajvFunctions(code);
  const names = functions.map((f) => f.name);
  const aliases = new Map([...code.matchAll(WRAPPERS)].map((w) => [w[1]!, w[2]!] as const));
  const known = new Set(names);
  // ajv names its functions validateN and their holders wrapperN: a search for those names alone
  // finds the same calls as the search for any name, many times faster over megabytes of code.
  const ajvNames =
    names.every((n) => /^validate\d+$/.test(n)) && [...aliases.keys()].every((a) => /^wrapper\d+$/.test(a));
  const calls = new Map<string, Set<string>>();
  functions.forEach((f, i) => {
    const callees = new Set<string>();
    // A function's text: from the line after its header to the next header.
    const body = code.slice(f.headerEnd, f.end);
    for (const [, token] of body.matchAll(ajvNames ? AJV_CALL : CALL)) {
      const callee = aliases.get(token!) ?? token!;
      if (known.has(callee)) callees.add(callee);
    }
    calls.set(names[i]!, callees);
  });
  return onCycles(names, calls);
}

/**
 * `code` with the limit declared and exported, and the depth check at the
 * start of each function of `cyclic`.
 */
export function guardDepth(code: string, cyclic: ReadonlySet<string>): string {
  const functions = ajvFunctions(code);
  const first = functions[0]?.start ?? 0;
  const parts = [code.slice(0, first), DECLARATIONS.join("\n"), "\n"];
  let at = first;
  for (const f of functions.filter((f) => cyclic.has(f.name))) {
    parts.push(code.slice(at, f.headerEnd), "\n", CHECK);
    at = f.headerEnd;
  }
  parts.push(code.slice(at));
  const guarded = parts.join("");
  // Among the module's exports, which function-scope.ts moves out of the function the code runs in.
  const exported = `export const ${DEPTH_EXPORT} = ${DEPTH_EXPORT};`;
  return guarded.endsWith("\n") ? `${guarded}${exported}\n` : `${guarded}\n${exported}`;
}

const CHECK = `if (instancePath.length >= ${DEPTH_EXPORT}.limit && __charterTooDeep(instancePath, data)) throw ${DEPTH_EXPORT};`;

// A container whose pointer has `limit` levels is one level deeper than the limit (the root is level 1).
const DECLARATIONS = [
  `const ${DEPTH_EXPORT} = { limit: Infinity, at: "" };`,
  "function __charterTooDeep(instancePath, data) {",
  'if (typeof data !== "object" || data === null) return false;',
  "let levels = 0;",
  "for (let i = 0; i < instancePath.length; i++) if (instancePath.charCodeAt(i) === 47) levels++;",
  `if (levels < ${DEPTH_EXPORT}.limit) return false;`,
  `${DEPTH_EXPORT}.at = instancePath;`,
  "return true;",
  "}",
  "",
];

/**
 * The functions on a cycle: members of a strongly connected component with
 * more than one function, or calling themselves. Tarjan's algorithm, iterative
 * (a module may hold thousands of functions).
 */
function onCycles(names: readonly string[], calls: ReadonlyMap<string, ReadonlySet<string>>): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cyclic = new Set<string>();
  let counter = 0;
  for (const root of names) {
    if (index.has(root)) continue;
    const frames: { name: string; callees: Iterator<string> }[] = [];
    const enter = (name: string) => {
      index.set(name, counter);
      low.set(name, counter++);
      stack.push(name);
      onStack.add(name);
      frames.push({ name, callees: (calls.get(name) ?? new Set<string>()).values() });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const next = frame.callees.next();
      if (!next.done) {
        const callee = next.value;
        if (!index.has(callee)) enter(callee);
        else if (onStack.has(callee)) low.set(frame.name, Math.min(low.get(frame.name)!, index.get(callee)!));
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.name, Math.min(low.get(parent.name)!, low.get(frame.name)!));
      if (low.get(frame.name) !== index.get(frame.name)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.name);
      if (component.length > 1 || calls.get(frame.name)?.has(frame.name))
        for (const name of component) cyclic.add(name);
    }
  }
  return cyclic;
}
