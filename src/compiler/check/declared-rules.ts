import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { isJsonObject } from "../../core/json-object.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";

/** charter's keyword for rules JSON Schema cannot state; the application registers a function per id. */
export const RULES_KEYWORD = CHARTER_KEYWORD.rules;

const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Rule id to the sentence that says what it requires, in the order written. */
export type DeclaredRules = ReadonlyMap<string, string>;

/**
 * Reads the rules a contract declares at its root. A declaration anywhere
 * else is an error rather than silently ignored: the runtime runs rules on
 * the value it validated, never on values found inside it.
 */
export function declaredRules(document: SchemaDocument): { rules: DeclaredRules; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const rules = new Map<string, string>();
  const at = (pointer: string, keyPosition = false) => ({
    file: document.file,
    position:
      (keyPosition ? document.keyPositions : document.positions).get(pointer) ?? document.positions.get(pointer),
    pointer,
  });
  walkSchema(document.value, undefined, (schema, pointer) => {
    if (pointer !== "" && RULES_KEYWORD in schema) {
      const here = joinPointer(pointer, RULES_KEYWORD);
      diagnostics.push(
        errorAt(CHECK_CODES.misplacedRules, `${RULES_KEYWORD} is read at the root of a contract only`, at(here, true)),
      );
    }
    return undefined;
  });
  const root = document.value;
  if (!isJsonObject(root) || !(RULES_KEYWORD in root)) return { rules, diagnostics };
  const declared = root[RULES_KEYWORD];
  const here = joinPointer("", RULES_KEYWORD);
  if (!isJsonObject(declared)) {
    diagnostics.push(errorAt(CHECK_CODES.badRules, `${RULES_KEYWORD} must map rule ids to sentences`, at(here)));
    return { rules, diagnostics };
  }
  for (const [id, sentence] of Object.entries(declared)) {
    const pointer = joinPointer(here, id);
    if (!RULE_ID.test(id)) {
      diagnostics.push(
        errorAt(
          CHECK_CODES.badRules,
          `rule id "${id}" must be lower-case words joined by "-" (e.g. resume-after-created)`,
          at(pointer, true),
        ),
      );
      continue;
    }
    if (typeof sentence !== "string" || sentence.trim() === "") {
      diagnostics.push(
        errorAt(CHECK_CODES.badRules, `rule "${id}" needs a sentence saying what it requires`, at(pointer)),
      );
      continue;
    }
    rules.set(id, sentence.trim());
  }
  return { rules, diagnostics };
}
