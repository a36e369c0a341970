import type { DiagnosticCode, Severity } from "../../../core/diagnostic.js";
import type { JsonValue } from "../../../core/json-value.js";
import type { Dialect } from "../../../schema/dialect.js";
import type { SchemaObject } from "../../../schema/walk-schema.js";

/**
 * A lint finds a schema that parses and passes its meta-schema but probably
 * does not say what its author meant. Its id is its file name; its code is
 * one of CHECK_CODES (CH310 to CH319), one rule each. lintSource (../lints.ts)
 * walks a document once and asks every rule of the registry about each schema
 * object; each rule has a fixture under test/check/lints/<id>/.
 */
export interface LintRule {
  /** Kebab-case name of what it catches, the name of its file and of its fixture folder. */
  id: string;
  code: DiagnosticCode;
  /** A warning, silenced with `x-charter-ignore`; an error (a validator cannot be built) cannot be silenced. */
  severity: Severity;
  /** What it catches, in one line. */
  description: string;
  /** Asked once per document, with the root value (which may be a boolean schema). */
  root?: (root: JsonValue, context: LintContext) => void;
  /** Asked once per schema object of the document, parents before children, in document order. */
  schema?: (schema: SchemaObject, pointer: string, context: LintContext) => void;
}

/** What lintSource is told besides the document. */
export interface LintSettings {
  /** The contract's patterns run in a linear-time engine (`validation.patterns: linear`): no backtracking to warn about. */
  linearPatterns?: boolean;
}

/** What a rule may ask about the document, and where it reports. */
export interface LintContext {
  /** The dialect the document declares (2020-12 when it declares none). */
  dialect: Dialect;
  /** Whether some resolved reference targets this pointer of the document. */
  isReferenced: (pointer: string) => boolean;
  settings: LintSettings;
  /**
   * Reports a finding of this rule at `pointer` (at its key when `atKey`, else at
   * its value), unless `schema` silences the rule's code with `x-charter-ignore`.
   */
  report: (schema: SchemaObject | undefined, message: string, pointer: string, atKey?: boolean) => void;
}
