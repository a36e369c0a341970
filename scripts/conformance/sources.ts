/** How a test group becomes a charter source: its contract name and its YAML text. */
import { isDeepStrictEqual } from "node:util";
import { stringify } from "yaml";
import { DEFAULT_DIALECT, DIALECT_URIS } from "../../src/schema/dialect.js";
import { parseSource } from "../../src/compiler/load/parse-source.js";
import { DIALECT_OF, type SuiteGroup } from "./suite.js";

/** `<test file without .json>/<index>`: `ref/3`, `optional/format/date/0`. */
export function contractName(group: SuiteGroup): string {
  return `${group.file.slice(0, -".json".length)}/${group.index}`;
}

export function sourcePath(group: SuiteGroup): string {
  return `${contractName(group)}.yaml`;
}

export interface Source {
  text: string;
  /** False when charter's own YAML reader does not give back the schema the suite holds: a runner artifact, not a verdict on charter's validators. */
  readsBack: boolean;
}

export function yamlSource(group: SuiteGroup): Source {
  const schema = withDialect(group);
  // lineWidth 0: no folding of long strings, which would only make the text harder to read.
  const text = stringify(schema, { lineWidth: 0, aliasDuplicateObjects: false });
  const parsed = parseSource(text, sourcePath(group)).parsed;
  return { text, readsBack: parsed !== undefined && isDeepStrictEqual(parsed.value, schema) };
}

/**
 * The suite runs each folder's schemas under that folder's draft, whether or
 * not they say so, while charter reads a schema without `$schema` as 2020-12:
 * the folder's dialect is declared where it is not the default and the root
 * can hold a keyword (a boolean schema means the same in every dialect).
 */
function withDialect(group: SuiteGroup): unknown {
  const dialect = DIALECT_OF[group.draft];
  const schema = group.schema;
  if (
    dialect === DEFAULT_DIALECT ||
    schema === null ||
    typeof schema !== "object" ||
    Array.isArray(schema) ||
    "$schema" in schema
  )
    return schema;
  return { $schema: DIALECT_URIS[dialect], ...schema };
}
