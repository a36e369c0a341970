/**
 * charter's runtime: validates data with the precompiled validators of a
 * generated tree. It is a package of its own with no dependencies: it imports
 * nothing from the compiler, nor yaml, ts-morph, json-schema-to-typescript,
 * prettier, typescript or ajv (a test walks its module graph), and the
 * validators it loads import only its helpers and formats.
 */

import { loadChecker, type Checker } from "./checker.js";
import type { ErrorReporting, Registry, RegistryEntry, Rule, ValidationResult, Violation } from "./contract-types.js";
import { depthLimit } from "./depth.js";
import { errorLimit } from "./error-cap.js";
import { ContractViolation } from "./violations.js";

export type {
  ErrorReporting,
  Registry,
  RegistryEntry,
  Rule,
  RuleFinding,
  ValidationResult,
  ValidatorFunction,
  Violation,
} from "./contract-types.js";
export { DEFAULT_MAX_DEPTH } from "./depth.js";
export { DEFAULT_MAX_ERRORS, ERRORS_CUT_KEYWORD, isCut } from "./error-cap.js";
export { ContractViolation, isTooDeep, RULE_KEYWORD, sortViolations, TOO_DEEP_KEYWORD } from "./violations.js";

type TypeOf<E> = E extends RegistryEntry<infer T, infer _> ? T : never;
type RuleIdsOf<E> = E extends RegistryEntry<unknown, infer Rules> ? Rules : never;

// `true extends true ? … : never` (here and in BindOptions) resolves at once, so the type
// carries no alias: compiler messages then spell out the contracts and rule ids rather than
// `RuleRegistrations<{ … }>`.
/** For each contract that declares rules, a function for each id, no more, no fewer. */
export type RuleRegistrations<R extends Registry> = true extends true
  ? {
      readonly [N in keyof R as [RuleIdsOf<R[N]>] extends [never] ? never : N]: {
        readonly [Id in RuleIdsOf<R[N]>]: Rule<TypeOf<R[N]>>;
      };
    }
  : never;

export type BindOptions<R extends Registry> = true extends true
  ? {
      readonly errors?: ErrorReporting;
      /**
       * How many violations an `errors: "all"` check lists: past it the validator stops
       * collecting, and the list ends with one violation ERRORS_CUT_KEYWORD (`params.limit`).
       * The verdict is the same whatever the limit. A positive integer, or Infinity for every
       * violation; default DEFAULT_MAX_ERRORS (100).
       */
      readonly maxErrors?: number;
      /**
       * How deep into the data (objects and arrays; a scalar at the top is depth 0)
       * a validator may follow its schema's references back to itself: data it
       * would follow deeper gets one violation TOO_DEEP_KEYWORD instead of the
       * validator's verdict. A positive integer, or Infinity for no limit;
       * default DEFAULT_MAX_DEPTH (128).
       */
      readonly maxDepth?: number;
    } & (
      | (RulesRequired<R> extends true
          ? { readonly rules: RuleRegistrations<R>; readonly skipRules?: false }
          : { readonly rules?: RuleRegistrations<R>; readonly skipRules?: false })
      /** For tools that check data without the application's code (`charter validate`): declared rules are not run. */
      | { readonly skipRules: true; readonly rules?: undefined }
    )
  : never;

// Rules must be registered when the registry's type names contracts with rules; a registry
// typed only as `Registry` leaves the check to bindContracts at run time.
type RulesRequired<R extends Registry> = string extends keyof R
  ? false
  : keyof RuleRegistrations<R> extends never
    ? false
    : true;

/**
 * What binding without options lacks when contracts declare rules: one key
 * `contract: id` per rule, so the compiler lists the missing rules by name
 * (an omitted argument would get only "Expected 2 arguments").
 */
type RulesToRegister<R extends Registry> = {
  readonly [N in keyof RuleRegistrations<R> & string as `${N}: ${RuleIdsOf<R[N]> & string}`]: Rule<TypeOf<R[N]>>;
};

/** A contract's validators, loaded: every check is synchronous from here on. */
export interface LoadedContract<T> {
  readonly name: string;
  readonly digest: string;
  validate(data: unknown): ValidationResult<T>;
  isValid(data: unknown): data is T;
  assertValid(data: unknown): asserts data is T;
}

export interface Runtime<R extends Registry> {
  /** Contract (and definition) names this tree can validate, sorted. */
  contracts(): (keyof R & string)[];
  digestOf(name: keyof R & string): string;
  /** The bundled schema of the contract (for a definition, of the contract that holds it), loaded on first use. */
  schemaOf(name: keyof R & string): Promise<unknown>;
  /** Rule ids and their sentences; the rules run after the schema accepted the data. */
  rulesOf(name: keyof R & string): Readonly<Record<string, string>>;
  /** Loads a contract's validator module on first use; later calls reuse it. */
  load<N extends keyof R & string>(name: N): Promise<LoadedContract<TypeOf<R[N]>>>;
  validate<N extends keyof R & string>(name: N, data: unknown): Promise<ValidationResult<TypeOf<R[N]>>>;
  isValid<N extends keyof R & string>(name: N, data: unknown): Promise<boolean>;
  assertValid<N extends keyof R & string>(name: N, data: unknown): Promise<TypeOf<R[N]>>;
}

/**
 * Binds the runtime to a generated tree's registry. Nothing is loaded until a
 * contract is first used, so binding costs the same for 5 contracts as for
 * 500. Every declared rule must be registered (the types say which), and
 * nothing else: binding throws otherwise, so a missing rule cannot go unnoticed
 * in code that escaped the type checker.
 */
// Two signatures, not one with the options optional only when no rule is declared: the call
// without options then fails on the registry, whose type lacks a key per rule to register.
export function bindContracts<R extends Registry>(
  registry: R & (RulesRequired<R> extends true ? RulesToRegister<R> : unknown),
): Runtime<R>;
/** Binds the runtime to a generated tree's registry, with the rules its contracts declare (see the other signature). */
export function bindContracts<R extends Registry>(
  registry: R,
  options: BindOptions<R> | (RulesRequired<R> extends true ? never : undefined),
): Runtime<R>;
export function bindContracts<R extends Registry>(registry: R, options?: BindOptions<R>): Runtime<R> {
  const skipRules = options?.skipRules === true;
  const registered = (options?.rules ?? {}) as Readonly<Record<string, Readonly<Record<string, Rule<unknown>>>>>;
  if (!skipRules) checkRegistrations(registry, registered);
  const reporting = options?.errors ?? "all";
  const maxDepth = depthLimit(options?.maxDepth);
  const maxErrors = errorLimit(options?.maxErrors);
  const checkers = new Map<string, Promise<Checker>>();
  const schemas = new Map<string, Promise<unknown>>();
  const entryOf = (name: string): RegistryEntry<unknown, string> => {
    const entry = own(registry, name) ? registry[name] : undefined;
    if (!entry) throw new Error(`unknown contract "${name}"; known: ${Object.keys(registry).sort().join(", ")}`);
    return entry;
  };
  // A contract's validator loads on first use.
  const checkerOf = (name: string): Promise<Checker> => {
    let checker = checkers.get(name);
    if (!checker) {
      const entry = entryOf(name);
      const rules = skipRules
        ? []
        : Object.keys(entry.rules).map((id) => ({ id, sentence: entry.rules[id]!, check: registered[name]![id]! }));
      checker = loadChecker(name, entry, rules, reporting, maxDepth, maxErrors);
      checkers.set(name, checker);
    }
    return checker;
  };
  /** Violations of the data (none when valid): one call of the validator. */
  const check = async (name: string, data: unknown): Promise<readonly Violation[]> =>
    violationsOf(await checkerOf(name), data);
  return {
    contracts: () => Object.keys(registry).sort() as (keyof R & string)[],
    digestOf: (name) => entryOf(name).digest,
    rulesOf: (name) => ({ ...entryOf(name).rules }),
    schemaOf: (name) => {
      const entry = entryOf(name);
      let schema = schemas.get(entry.contract);
      if (!schema) {
        schema = entry.loadSchema().then((module) => module.default);
        schemas.set(entry.contract, schema);
      }
      return schema;
    },
    load: async (name) => loadedContract(await checkerOf(name)) as never,
    validate: async (name, data) => {
      const errors = await check(name, data);
      return (errors.length === 0 ? { ok: true, value: data } : { ok: false, errors: [...errors] }) as never;
    },
    isValid: async (name, data) => {
      const checker = await checkerOf(name);
      return acceptsAll(checker, data);
    },
    assertValid: async (name, data) => {
      const errors = await check(name, data);
      if (errors.length > 0) throw new ContractViolation(name, entryOf(name).digest, [...errors]);
      return data as never;
    },
  };
}

function own(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

function checkRegistrations(
  registry: Registry,
  registered: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): void {
  const problems: string[] = [];
  for (const name of Object.keys(registry).sort()) {
    const declared = Object.keys(registry[name]!.rules);
    const given = own(registered, name) ? registered[name]! : {};
    const missing = declared.filter((id) => typeof (own(given, id) ? given[id] : undefined) !== "function");
    const unknown = Object.keys(given).filter((id) => !declared.includes(id));
    if (missing.length > 0)
      problems.push(
        `${name} declares rule${missing.length === 1 ? "" : "s"} ${missing.join(", ")} with no function registered`,
      );
    if (unknown.length > 0)
      problems.push(`${name} declares no rule${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}`);
  }
  for (const name of Object.keys(registered))
    if (!own(registry, name)) problems.push(`rules are registered for "${name}", which is not in the registry`);
  if (problems.length > 0) throw new Error(`charter runtime: rules do not match the contracts: ${problems.join("; ")}`);
}

/** The schema's violations of the data, or, when it accepts the data, the rules'. */
function violationsOf(checker: Checker, data: unknown): readonly Violation[] {
  const found = checker.schemaViolations(data);
  return found.length === 0 && checker.hasRules ? checker.ruleViolations(data) : found;
}

/** Whether the schema and the rules accept the data. */
function acceptsAll(checker: Checker, data: unknown): boolean {
  return checker.accepts(data) && (!checker.hasRules || checker.ruleViolations(data).length === 0);
}

/** A contract whose validator is loaded: every check is synchronous. */
function loadedContract(checker: Checker): LoadedContract<unknown> {
  const violations = (data: unknown) => violationsOf(checker, data);
  return {
    name: checker.name,
    digest: checker.digest,
    validate(data: unknown): ValidationResult<unknown> {
      const errors = violations(data);
      return errors.length === 0 ? { ok: true, value: data } : { ok: false, errors: [...errors] };
    },
    isValid: (data: unknown): data is unknown => acceptsAll(checker, data),
    assertValid(data: unknown): asserts data is unknown {
      const errors = violations(data);
      if (errors.length > 0) throw new ContractViolation(checker.name, checker.digest, [...errors]);
    },
  };
}
