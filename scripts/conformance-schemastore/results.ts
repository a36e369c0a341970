/**
 * What each side reports per schema, as plain JSON: each side writes its own
 * results file, so the report can be re-rendered without re-running a side
 * that takes minutes.
 */
import type { Severity } from "../../src/core/diagnostic.js";
import type { Dialect } from "../../src/schema/dialect.js";

/** One instance file's verdict on one side: accepted, or rejected with the first few violations. */
export interface Verdict {
  file: string;
  kind: "positive" | "negative";
  accepted: boolean;
  /** For a rejection: `pointer keyword message`, a few of them. */
  errors?: string[];
}

export interface InstanceCounts {
  positive: number;
  negative: number;
  /** Parsed and checked. */
  positiveChecked: number;
  negativeChecked: number;
  /** TOML without a parser, or an unknown extension. */
  skipped: number;
  unparseable: number;
}

export interface DiagnosticLine {
  code: string;
  severity: Severity;
  /** `file:line:col`, relative to the corpus root, or "" when the compiler gave no place. */
  at: string;
  message: string;
}

export interface CharterSchemaResult {
  name: string;
  bundled: boolean;
  typesProduced: boolean;
  /** Size of `types/NAME.ts` (0 without one). */
  typesBytes: number;
  typesLines: number;
  /** Types module present (so it passed charter's in-memory strict check) and tsc --strict on the written tree finds no error in it. */
  typesTscOk: boolean | undefined;
  tscErrors?: string[];
  validatorProduced: boolean;
  /** Errors placed in this contract's own source, or naming it. */
  errors: DiagnosticLine[];
  /** For CH402/CH604: the errors of the documents it depends on. */
  dependencyErrors: DiagnosticLine[];
  warningCodes: Record<string, number>;
  verdicts: Verdict[];
}

export interface CharterResults {
  side: "charter";
  wallMs: number;
  stageMs: Record<string, number>;
  compileMs: number;
  writeMs: number;
  tscMs: number;
  instancesMs: number;
  diagnosticsByCode: Record<string, number>;
  schemas: CharterSchemaResult[];
}

export interface AjvSchemaResult {
  name: string;
  compiled: boolean;
  error?: string;
  /** Corpus files added with addSchema (reference closure plus upstream's externalSchema). */
  added: string[];
  addFailures: string[];
  /** Allowances upstream lists that this ajv class refused (an already-known keyword). */
  notes: string[];
  verdicts: Verdict[];
  /** Instance creation, addSchema, compile and checks. */
  ms: number;
}

export interface AjvResults {
  side: "ajv";
  wallMs: number;
  schemas: AjvSchemaResult[];
}

export interface Json2tsSchemaResult {
  name: string;
  ok: boolean;
  error?: string;
  bytes: number;
  lines: number;
  ms: number;
  /** undefined when not type-checked (failed, or outside the sample). */
  tscOk: boolean | undefined;
  tscErrors?: string[];
}

export interface Json2tsResults {
  side: "json2ts";
  wallMs: number;
  /** Sum of per-schema generation times (the workers run in parallel). */
  generationMsSum: number;
  workers: number;
  tscMs: number;
  tscSampled: number;
  networkAttempts: string[];
  schemas: Json2tsSchemaResult[];
}

/** Shared per-schema facts, independent of any side. */
export interface SchemaFacts {
  name: string;
  file: string;
  dialect: Dialect | undefined;
  skipped: boolean;
  fullStrict: boolean;
  instances: InstanceCounts;
}
