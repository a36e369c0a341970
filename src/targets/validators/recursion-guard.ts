import { FUNCTION_HEADER } from "./ajv-code-patterns.js";

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

const WRAPPERS = /^const ([\w$]+) = \{validate: ([\w$]+)\};$/;
/** A call: `validate3(` or, through a wrapper object, `wrapper0.validate(` (not `validate3.errors`). */
const CALL = /([\w$]+)(?:\.validate)?\(/g;
/** The same, for a name of ajv's: the whole name (nothing of a name before it) before the call. */
const AJV_CALL = /(?<![\w$])(validate\d+|wrapper\d+)(?:\.validate)?\(/g;

/** The functions of ajv's standalone code (its `lines`) that lie on a cycle of its call graph: none when its validators cannot recurse with the data. */
export function functionsOnCycles(lines: readonly string[]): Set<string> {
  // Each function's lines: from the line after its header to the next header.
  const bodies = new Map<string, string[]>();
  const aliases = new Map<string, string>();
  let body: string[] | undefined;
  for (const line of lines) {
    const header = line.startsWith("function ") ? FUNCTION_HEADER.exec(line) : null;
    if (header) bodies.set(header[1]!, (body = []));
    else body?.push(line);
    const wrapper = line.startsWith("const ") ? WRAPPERS.exec(line) : null;
    if (wrapper) aliases.set(wrapper[1]!, wrapper[2]!);
  }
  const names = [...bodies.keys()];
  // ajv names its functions validateN and their holders wrapperN: a search for those names alone
  // finds the same calls as the search for any name, many times faster over megabytes of code.
  const ajvNames =
    names.every((n) => /^validate\d+$/.test(n)) && [...aliases.keys()].every((a) => /^wrapper\d+$/.test(a));
  const calls = new Map<string, Set<string>>();
  for (const [name, text] of bodies) {
    const callees = new Set<string>();
    for (const line of text) {
      // Most lines call nothing: ajv's calls all name a validate or a wrapper.
      if (ajvNames && !(line.includes("validate") || line.includes("wrapper"))) continue;
      for (const [, token] of line.matchAll(ajvNames ? AJV_CALL : CALL)) {
        const callee = aliases.get(token!) ?? token!;
        if (bodies.has(callee)) callees.add(callee);
      }
    }
    calls.set(name, callees);
  }
  return onCycles(names, calls);
}

/**
 * `lines` of ajv's code with the limit declared and exported, and the depth
 * check at the start of each function of `cyclic`: a new array.
 */
export function guardDepth(lines: readonly string[], cyclic: ReadonlySet<string>): string[] {
  const first = lines.findIndex((line) => FUNCTION_HEADER.test(line));
  const out = lines.slice(0, Math.max(first, 0));
  out.push(...DECLARATIONS);
  for (const line of first === -1 ? lines : lines.slice(first)) {
    out.push(line);
    const header = line.startsWith("function ") ? FUNCTION_HEADER.exec(line) : null;
    if (header && cyclic.has(header[1]!)) out.push(CHECK);
  }
  // Among the module's exports, which function-scope.ts moves out of the function the code runs in.
  const exported = `export const ${DEPTH_EXPORT} = ${DEPTH_EXPORT};`;
  if (out.at(-1) === "") out.splice(-1, 0, exported);
  else out.push(exported);
  return out;
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
