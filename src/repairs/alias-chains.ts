import { isJsonObject, type JsonObject } from "../core/json-object.js";
import { TYPE_NAME_MARKER } from "./support/generator-input.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";
import { ANNOTATIONS } from "./support/annotations.js";

/** Chains up to this many aliases keep their shape (`A = B`, `B = C`); tsc and the generator follow a few hundred. */
export const LONGEST_KEPT_CHAIN = 100;

/** Keys a named schema may hold beside its `$ref` and still be only another name for the target. */
const ALIAS_KEYS = new Set(["$ref", TYPE_NAME_MARKER, ...ANNOTATIONS]);

interface Chain {
  length: number;
  reference: string;
}

export const repair: Repair = {
  id: "alias-chains",
  // Only a `$ref` that ref-sibling-keywords left in place, with no sibling keyword, is an alias.
  after: ["ref-sibling-keywords"],
  description:
    "json-schema-to-typescript follows `$ref` recursively, and a definition that is only a reference to the " +
    "next one, a thousand times over (`a0: {$ref: a1}`, `a1: {$ref: a2}`, ...), overflows its call stack, " +
    "even on a thread with a 512 MB stack; were it declared, `type A0 = A1` a thousand times deep would " +
    "overflow TypeScript's checker in the client. charter points each alias of a chain longer than " +
    `${LONGEST_KEPT_CHAIN} straight at the chain's end (\`type A0 = A999\`), which is the same type; shorter chains ` +
    "keep their shape.",
  schema(input, applied, context) {
    const { resolve } = context;
    const aliases = new Map<JsonObject, string>();
    walkInput(
      input,
      (schema, pointer) => {
        if (
          typeof schema[TYPE_NAME_MARKER] === "string" &&
          typeof schema["$ref"] === "string" &&
          Object.keys(schema).every((key) => ALIAS_KEYS.has(key))
        )
          aliases.set(schema, pointer);
      },
      context,
    );
    const aliasTarget = (alias: JsonObject) => {
      const target = resolve(alias["$ref"] as string);
      return isJsonObject(target) && aliases.has(target) ? target : undefined;
    };
    // For each alias, how many aliases its chain has from it to the last, and the last one's reference
    // (the chain's end); null on a cycle of aliases, which has no end. Found once per alias.
    const ends = new Map<JsonObject, Chain | null>();
    for (const start of aliases.keys()) {
      const path: JsonObject[] = [];
      const onPath = new Set<JsonObject>();
      let after: Chain | null;
      for (let current = start; ;) {
        if (ends.has(current)) {
          after = ends.get(current)!;
          break;
        }
        if (onPath.has(current)) {
          after = null;
          break;
        }
        path.push(current);
        onPath.add(current);
        const next = aliasTarget(current);
        if (next === undefined) {
          after = { length: 0, reference: current["$ref"] as string };
          break;
        }
        current = next;
      }
      for (let i = path.length - 1; i >= 0; i--) {
        after = after === null ? null : { length: after.length + 1, reference: after.reference };
        ends.set(path[i]!, after);
      }
    }
    for (const [alias, pointer] of aliases) {
      const end = ends.get(alias);
      if (!end || end.length <= LONGEST_KEPT_CHAIN || alias["$ref"] === end.reference) continue;
      alias["$ref"] = end.reference;
      applied(pointer);
    }
  },
};
