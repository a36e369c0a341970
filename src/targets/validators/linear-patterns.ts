import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { linearEngine } from "./linear-engine.js";
import { VALIDATOR_CODES } from "./codes.js";

/**
 * The patterns of a contract that asks for the linear engine which that
 * engine cannot run, each an error (the generated code would otherwise build
 * them with RegExp, silently). Read from the bundle, which holds what the
 * validators compile, documents the contract embeds included; placed in the
 * contract's source where it is written there.
 */
export function nonLinearPatterns(bundle: Bundle, source: SchemaDocument): Diagnostic[] {
  const { compileLinear, UnsupportedPattern } = linearEngine();
  const patternsIn = (schema: JsonValue) => {
    const found = new Map<string, string>();
    walkSchema(schema, undefined, (node, pointer) => {
      if (typeof node["pattern"] === "string" && !found.has(node["pattern"]))
        found.set(node["pattern"], `${pointer}/pattern`);
      const keyed = node["patternProperties"];
      if (keyed !== null && typeof keyed === "object" && !Array.isArray(keyed))
        for (const key of Object.keys(keyed))
          if (!found.has(key)) found.set(key, joinPointer(pointer, "patternProperties", key));
      return undefined;
    });
    return found;
  };
  const written = patternsIn(source.value);
  const found: Diagnostic[] = [];
  for (const expression of [...patternsIn(bundle.schema).keys()].sort()) {
    let what: string;
    try {
      compileLinear(expression);
      continue;
    } catch (error) {
      what =
        error instanceof UnsupportedPattern
          ? `uses ${error.message}`
          : `is not one RE2 reads (${String((error as Error).message ?? error).split("\n")[0]})`;
    }
    const pointer = written.get(expression);
    const where = pointer === undefined ? " (in a document the contract embeds)" : "";
    const message = `pattern ${JSON.stringify(expression)}${where} ${what}, which the linear engine this contract asks for (validation.patterns: linear) cannot run`;
    const position = (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 };
    found.push(
      errorAt(VALIDATOR_CODES.patternNotLinear, message, {
        file: source.file,
        position,
        ...(pointer !== undefined ? { pointer } : {}),
      }),
    );
  }
  return found;
}
