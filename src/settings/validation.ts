import type { Dialect } from "../schema/dialect.js";
import { mostSpecific, overlay } from "./most-specific.js";

/**
 * What the assertions beside a `$ref` mean before 2019-09: `ignore`, as the
 * specifications say (`{ $ref, maxItems: 2 }` is the referenced schema
 * alone), or `apply`, as ajv does and as many real-world draft-07 schemas
 * expect (SchemaStore's pre-commit-config relies on it).
 */
export type RefSiblings = "ignore" | "apply";

/** What a format ajv-formats does not know does: reported and left unchecked, or refused. */
export type UnknownFormats = "ignore" | "refuse";

/**
 * How much ajv's strict mode may say about a contract's schema. `lenient`
 * accepts what real-world schemas do (keywords without their type, tuples
 * without bounds, required names missing from `properties`); `strict` makes
 * each of those an error at generation. Unknown keywords are annotations
 * under both: they never break compilation.
 */
export type Strictness = "lenient" | "strict";

/**
 * Whether `format` is checked. 2019-09 and 2020-12 make it an annotation
 * unless a vocabulary asks for assertion; draft-07 and earlier let a
 * validator assert it, as ajv does. `dialect` follows the schema's dialect;
 * `assert` is ajv's behaviour in every dialect; `annotate` never checks.
 */
export type Formats = "dialect" | "assert" | "annotate";

/**
 * What a value under the standard `examples` keyword that its schema rejects
 * is: an `error` (the default: a contract's examples pin its meaning), or a
 * `warning` (imported schemas, whose authors treat examples as annotations).
 * Counterexamples and instance files are errors under both.
 */
export type Examples = "error" | "warning";

/**
 * How a contract's validators run `pattern` and `patternProperties`: with
 * JavaScript's RegExp (`native`, a backtracking engine: exactly ajv's
 * behaviour), or with a linear-time engine (`linear`, charter-runtime/re2js:
 * no input can make a pattern run long; the application installs re2js).
 */
export type Patterns = "native" | "linear";

export interface ValidationPolicy {
  /** What assertions beside a `$ref` mean before 2019-09: ignored (the specifications) or applied (ajv). */
  refSiblings: RefSiblings;
  unknownFormats: UnknownFormats;
  strictness: Strictness;
  formats: Formats;
  examples: Examples;
  patterns: Patterns;
  /** Keys beyond JSON Schema that `strict` accepts as annotations (config `keywords`); `x-` keys need no listing. */
  keywords: readonly string[];
}

export interface ValidationSettings {
  defaults: ValidationPolicy;
  /** By contract name, or by folder when the key ends in "/"; the most specific key wins. */
  contracts: ReadonlyMap<string, Partial<ValidationPolicy>>;
}

export const DEFAULT_VALIDATION: ValidationSettings = {
  defaults: {
    unknownFormats: "ignore",
    strictness: "lenient",
    formats: "dialect",
    examples: "error",
    refSiblings: "ignore",
    patterns: "native",
    keywords: [],
  },
  contracts: new Map(),
};

export function policyFor(settings: ValidationSettings, contract: string): ValidationPolicy {
  return overlay(settings.defaults, mostSpecific(contract, settings.contracts));
}

/** Whether a contract of this dialect gets its formats checked. */
export function assertsFormats(formats: Formats, dialect: Dialect): boolean {
  if (formats === "dialect") return dialect !== "2019-09" && dialect !== "2020-12";
  return formats === "assert";
}
