import { CodeGen, ValueScope } from "ajv/dist/compile/codegen/index.js";

type Names = Record<string, number>;

interface Block {
  nodes: { names: Names }[];
}

/** ajv's block of code (every `if`, loop, function and the root derive from it): not exported, reached through a root. */
function blockPrototype(): object {
  const root = (new CodeGen(new ValueScope({ scope: {} })) as unknown as { _root: object })._root;
  return Object.getPrototypeOf(Object.getPrototypeOf(root)) as object;
}

const BLOCK = blockPrototype();

/** ajv's own count of a block's names, as this module found it (the tests compare the two). */
export const ajvNames = Object.getOwnPropertyDescriptor(BLOCK, "names")!.get as (this: Block) => Names;

/** The names being counted, while a count of a whole tree is under way. */
let counting: Names | undefined;

function addNames(into: Names, from: Names): void {
  for (const name in from) into[name] = (into[name] ?? 0) + (from[name] ?? 0);
}

/**
 * How often each name occurs in a block of ajv's generated code, as its optimizer asks before
 * it drops unused variables and inlines constants: the same counts as ajv's own, in linear time.
 *
 * ajv counts a block by merging its children's counts into a table of its own, so each name is
 * copied once for every block it is nested in: on SchemaStore's deeply nested contracts, a
 * sixth of the validators' compilation went to that copying (`addNames`). Here the outermost
 * block counts into one table: a nested block adds its children straight to it, and hands its
 * subclass an empty table for the names the subclass adds itself (an `if`'s condition, a
 * loop's bounds), which its parent then adds in turn. Addition being all there is, each name
 * gets the count ajv's merging gives it, so the optimizer, and the code, are the same.
 */
export function linearNames(this: Block): Names {
  if (counting) {
    for (const node of this.nodes) addNames(counting, node.names);
    return {};
  }
  counting = {};
  try {
    for (const node of this.nodes) addNames(counting, node.names);
    return counting;
  } finally {
    counting = undefined;
  }
}

let installed = false;

/** Puts `linearNames` in place of ajv's count, once (process-wide: ajv's classes serve every instance). */
export function countNamesInLinearTime(): void {
  if (installed) return;
  installed = true;
  Object.defineProperty(BLOCK, "names", { get: linearNames, configurable: true });
}
