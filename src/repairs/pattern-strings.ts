import { constraintKeys } from "./discriminator.js";
import { literalKeys, literalPrefixes, startsWithType } from "./literal-keys.js";
import type { Repair } from "./repair.js";
import { walkInput } from "./walk-input.js";

/** Keywords a string schema may hold beside `pattern` for this repair to state its type: they only narrow a string. */
const STRING_ONLY = new Set(["type", "pattern", "minLength", "maxLength", "format", "contentEncoding", "contentMediaType"]);

export const repair: Repair = {
  id: "pattern-strings",
  description:
    "A string's `pattern` often fixes how it starts (claude-code-keybindings' `^command:[a-zA-Z0-9:\\\\-_]+$`, " +
    "ARM template expressions' `^\\\\[`, `^https?://`) or spells out every value (`^(CRLF|LF|crlf|lf)$`). " +
    "json-schema-to-typescript types it `string`, so any other string type-checks where the contract " +
    "expects one of those. charter types a schema of only `type: string` and `pattern` (with length bounds " +
    "and `format` at most) as a template literal of what every match starts with (`` `command:${string}` ``, " +
    "`` `http://${string}` | `https://${string}` ``), or as the union of the values when the pattern lists " +
    "them all (at most 64), read by the parser literal-pattern-properties uses. A template is a superset of " +
    "the strings the pattern matches: the rest of the pattern stays with the validator.",
  schema(input, applied, context) {
    walkInput(input, (schema, pointer) => {
      const pattern = schema["pattern"];
      if (schema["type"] !== "string" || typeof pattern !== "string" || !constraintKeys(schema).every((key) => STRING_ONLY.has(key))) return;
      const values = literalKeys(pattern);
      if (values !== undefined) {
        schema["enum"] = values;
        applied(pointer);
        return;
      }
      const prefixes = literalPrefixes(pattern);
      if (prefixes === undefined) return;
      schema["tsType"] = prefixes.map(startsWithType).join(" | ");
      applied(pointer);
    }, context);
  },
};
