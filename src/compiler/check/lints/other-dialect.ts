import { joinPointer } from "../../../core/json-pointer.js";
import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import { CHECK_CODES } from "../codes.js";
import type { LintRule } from "./lint-rule.js";

/**
 * CH313: a keyword of another dialect than the one the source declares
 * (`definitions` or array-form `items` in 2020-12, `$defs` in draft-07). The
 * declared dialect reads it its own way, as an unknown keyword or with another
 * meaning, which is valid but seldom what was meant: usually a schema copied
 * from one written for another version.
 */
export const lint: LintRule = {
  id: "other-dialect",
  code: CHECK_CODES.otherDialect,
  severity: "warning",
  description:
    "a keyword of another JSON Schema version than the one the source declares, read as the declared one reads it",
  schema(schema, pointer, { dialect, report }) {
    for (const [key, value] of Object.entries(schema)) {
      const other = otherDialect(key, value, dialect);
      if (other) report(schema, `${other} (this source is ${dialect})`, joinPointer(pointer, key), true);
    }
  },
};

const LATER = (dialect: Dialect) => dialect === "2019-09" || dialect === "2020-12";

/** Keywords the declared dialect does not have, and the one it has for the purpose. */
function otherDialect(keyword: string, value: JsonValue | undefined, dialect: Dialect): string | undefined {
  if (LATER(dialect)) {
    if (keyword === "definitions") return "`definitions` is the draft-07 name; 2019-09 and later use `$defs`";
    if (keyword === "dependencies")
      return "`dependencies` was split in 2019-09 into `dependentRequired` and `dependentSchemas`";
    if (dialect === "2020-12" && keyword === "items" && Array.isArray(value))
      return "array-form `items` is the pre-2020 tuple; 2020-12 writes it `prefixItems`";
    if (dialect === "2020-12" && keyword === "additionalItems")
      return "`additionalItems` is gone in 2020-12; `items` after `prefixItems` takes its place";
  } else {
    if (keyword === "$defs")
      return `\`$defs\` is 2019-09 and later; ${dialect} uses \`definitions\` (a $ref into $defs still resolves, as a plain pointer)`;
    if (keyword === "prefixItems")
      return `\`prefixItems\` is 2020-12; ${dialect} writes a tuple as array-form \`items\``;
    if (keyword === "dependentRequired" || keyword === "dependentSchemas")
      return `\`${keyword}\` is 2019-09 and later; ${dialect} uses \`dependencies\``;
    if (keyword === "unevaluatedProperties" || keyword === "unevaluatedItems")
      return `\`${keyword}\` is 2019-09 and later; ${dialect} ignores it`;
  }
  return undefined;
}
