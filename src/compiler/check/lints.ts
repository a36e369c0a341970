import { diagnosticAt, type Diagnostic } from "../../core/diagnostic.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import type { LintContext, LintRule, LintSettings } from "./lints/lint-rule.js";
import { LINT_RULES } from "./lints/registry.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";

/** charter's keyword for silencing lints on one schema: `x-charter-ignore: [CH312]`. */
export const IGNORE_KEYWORD = CHARTER_KEYWORD.ignore;

/**
 * Lints of a contract source: schemas that parse and pass the meta-schema but
 * probably do not say what their author meant, one rule each in lints/ (listed
 * in lints/registry.ts). Each is a warning (CH317 an error: a validator cannot
 * run the pattern), silenced per schema with `x-charter-ignore: [CODE]`.
 * `isReferenced` says whether some resolved reference targets a pointer of this
 * document, for unused definitions. Walks the document once: the root hooks
 * first, then every schema object, parents first, asking each rule in turn.
 */
export function lintSource(
  document: SchemaDocument,
  isReferenced: (pointer: string) => boolean,
  settings: LintSettings = {},
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const contextOf = (rule: LintRule): LintContext => ({
    dialect: document.dialect,
    isReferenced,
    settings,
    report: (schema, message, pointer, atKey = false) => {
      const ignored = schema?.[IGNORE_KEYWORD];
      if (Array.isArray(ignored) && ignored.includes(rule.code.code)) return;
      const position = (atKey ? document.keyPositions.get(pointer) : undefined) ?? document.positions.get(pointer);
      diagnostics.push(diagnosticAt(rule.severity, rule.code, message, { file: document.file, position, pointer }));
    },
  });
  const rules = LINT_RULES.map((rule) => ({ rule, context: contextOf(rule) }));
  for (const { rule, context } of rules) rule.root?.(document.value, context);
  walkSchema(document.value, undefined, (schema, pointer) => {
    for (const { rule, context } of rules) rule.schema?.(schema, pointer, context);
    return undefined;
  });
  return diagnostics;
}
