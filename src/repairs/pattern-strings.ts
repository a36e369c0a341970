import { constraintKeys } from "./support/discriminator.js";
import { finitePatternType, literalKeys, literalPrefixes, startsWithType } from "./support/literal-keys.js";
import type { Repair } from "./support/repair.js";
import { walkInput } from "./support/walk-input.js";

/** Every kind of value but strings, as the generator writes them. */
const OTHER_KINDS = "number | boolean | null | unknown[] | { [k: string]: unknown }";
/** Keywords a string schema may hold beside `pattern` for this repair to state its type: they only narrow a string. */
const STRING_ONLY = new Set([
  "type",
  "pattern",
  "minLength",
  "maxLength",
  "format",
  "contentEncoding",
  "contentMediaType",
]);

export const repair: Repair = {
  id: "pattern-strings",
  // The `tsType` it writes would change how conditional-branches reads a branch, stop unconstrained-schemas, and be
  // moved by ref-sibling-keywords; composite-schema-names splits the pattern's schema from the rest first.
  after: ["conditional-branches", "unconstrained-schemas", "ref-sibling-keywords", "composite-schema-names"],
  description:
    "A string's `pattern` often fixes how it starts (claude-code-keybindings' `^command:[a-zA-Z0-9:\\-_]+$`, " +
    "ARM template expressions' `^\\[`, `^https?://`) or spells out every value (`^(CRLF|LF|crlf|lf)$`). " +
    "json-schema-to-typescript types it `string`, so any other string type-checks where the contract " +
    "expects one of those. charter types a schema of only `type: string` and `pattern` (with length bounds " +
    "and `format` at most; without `type`, with the other kinds of value beside) as a template literal of what every match starts with (`` `command:${string}` ``, " +
    "`` `http://${string}` | `https://${string}` ``), or as the union of the values when the pattern lists " +
    "them all (up to 64 written out; up to 10,000 as a template literal of unions that TypeScript expands, " +
    "as tsconfig's case-insensitive `^([Cc][Oo][Mm][Mm][Oo][Nn][Jj][Ss]|...)$`), read by the parser " +
    "literal-pattern-properties uses. A template is a superset of " +
    "the strings the pattern matches: the rest of the pattern stays with the validator.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        const pattern = schema["pattern"];
        if (typeof pattern !== "string" || !constraintKeys(schema).every((key) => STRING_ONLY.has(key))) return;
        // Without `type`, the pattern says nothing of other kinds (tsconfig's `anyOf: [{enum}, {pattern}]` under `type: [string, null]`).
        const kinds = schema["type"] === "string" ? "" : schema["type"] === undefined ? ` | ${OTHER_KINDS}` : undefined;
        if (kinds === undefined) return;
        const values = literalKeys(pattern);
        if (values !== undefined && kinds === "") {
          schema["enum"] = values;
          applied(pointer);
          return;
        }
        const strings =
          values !== undefined
            ? values.map((value) => JSON.stringify(value)).join(" | ")
            : (finitePatternType(pattern) ?? literalPrefixes(pattern)?.map(startsWithType).join(" | "));
        if (strings === undefined) return;
        schema["tsType"] = `${strings}${kinds}`;
        applied(pointer);
      },
      context,
    );
  },
};
