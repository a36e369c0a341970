/** The shapes the runtime and generated trees share: violations, validator functions, registry entries, rules. */

/** One violation: where in the data, which keyword, a sentence, and where in the schema. */
export interface Violation {
  /** JSON pointer into the data ("" for the whole value). */
  pointer: string;
  keyword: string;
  message: string;
  /** JSON pointer into the contract's bundled schema, as a URI fragment (`#/properties/id/format`). */
  schemaPath: string;
  params: Record<string, unknown>;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: Violation[] };

/** What a generated validator function is: a guard that leaves ajv's errors on itself. */
export interface ValidatorFunction {
  (data: unknown): boolean;
  errors?:
    | { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[]
    | null;
}

/** One entry of the registry a generated tree exports (`generated/validators/index.js`). */
export interface RegistryEntry<T, Rules extends string = never> {
  readonly contract: string;
  readonly digest: string;
  /** The export of the contract's validator modules that checks this entry. */
  readonly exportName: string;
  /** Rules the contract declares (`x-charter-rules`): id to the sentence that says what each requires. */
  readonly rules: { readonly [id in Rules]: string };
  readonly load: () => Promise<Record<string, unknown>>;
  readonly loadSchema: () => Promise<{ default: unknown }>;
  /** Carries the validated type; never set. */
  readonly __type?: T;
}

// `any` in the rule position: an entry with rules must still be a registry entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Registry = Readonly<Record<string, RegistryEntry<unknown, any>>>;

/** A violation a rule reports: where in the value (default: the whole value), and why (default: the rule's sentence). */
export interface RuleFinding {
  pointer?: string;
  message?: string;
}

/**
 * A rule JSON Schema cannot state, run on data the schema accepted: `true`
 * when the data keeps it, `false` for one violation described by the rule's
 * declared sentence, or a list of findings (empty when the data keeps it).
 */
export type Rule<T> = (value: T) => boolean | readonly RuleFinding[];

/**
 * Which violations a failed check reports: `all` (default) every one, up to
 * `maxErrors`; `first` the one the validator stopped at, for high volumes of
 * untrusted input, where collecting every error of a huge invalid document is
 * work an attacker chooses. The same validator serves both, in one call.
 */
export type ErrorReporting = "all" | "first";
