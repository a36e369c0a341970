/**
 * charter's runtime: validates data with the precompiled validators of a
 * generated tree. It is a package of its own with no dependencies: it imports
 * nothing from the compiler, nor yaml, ts-morph, json-schema-to-typescript,
 * prettier, typescript or ajv (a test walks its module graph), and the
 * validators it loads import only its helpers and formats.
 */

import { depthGuardOf, depthLimit, type DepthGuard } from "./depth.js";

export { DEFAULT_MAX_DEPTH } from "./depth.js";

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
  errors?: { instancePath: string; schemaPath: string; keyword: string; params: Record<string, unknown>; message?: string }[] | null;
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
  readonly loadAllErrors: () => Promise<Record<string, unknown>>;
  readonly loadSchema: () => Promise<{ default: unknown }>;
  /** Carries the validated type; never set. */
  readonly __type?: T;
}

// `any` in the rule position: an entry with rules must still be a registry entry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Registry = Readonly<Record<string, RegistryEntry<unknown, any>>>;
type TypeOf<E> = E extends RegistryEntry<infer T, infer _> ? T : never;
type RuleIdsOf<E> = E extends RegistryEntry<unknown, infer Rules> ? Rules : never;

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

// `true extends true ? … : never` (here and in BindOptions) resolves at once, so the type
// carries no alias: compiler messages then spell out the contracts and rule ids rather than
// `RuleRegistrations<{ … }>`.
/** For each contract that declares rules, a function for each id, no more, no fewer. */
export type RuleRegistrations<R extends Registry> = true extends true
  ? { readonly [N in keyof R as [RuleIdsOf<R[N]>] extends [never] ? never : N]: { readonly [Id in RuleIdsOf<R[N]>]: Rule<TypeOf<R[N]>> } }
  : never;

/**
 * Which violations a failed check reports: `all` (default) re-runs the data
 * through ajv's all-errors validator; `first` reports the one the fast
 * validator stopped at, for high volumes of untrusted input, where collecting
 * every error of a huge invalid document is work an attacker chooses.
 */
export type ErrorReporting = "all" | "first";

export type BindOptions<R extends Registry> = true extends true
  ? {
      readonly errors?: ErrorReporting;
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
type RulesRequired<R extends Registry> = string extends keyof R ? false : keyof RuleRegistrations<R> extends never ? false : true;

/**
 * What binding without options lacks when contracts declare rules: one key
 * `contract: id` per rule, so the compiler lists the missing rules by name
 * (an omitted argument would get only "Expected 2 arguments").
 */
type RulesToRegister<R extends Registry> = {
  readonly [N in keyof RuleRegistrations<R> & string as `${N}: ${RuleIdsOf<R[N]> & string}`]: Rule<TypeOf<R[N]>>;
};

/** The keyword and schema location a rule's violations carry: the declaration in the contract's source. */
export const RULE_KEYWORD = "x-charter-rules";

/**
 * The keyword of the one violation reported for data too deep to judge:
 * nested deeper than `maxDepth` where the contract's schema refers back to
 * itself (found as the validator follows the data there, at the first value
 * beyond the limit, `params.limit`),
 * or, as a backstop, when the validator ran out of call stack anyway (a
 * string of megabytes under a pattern RegExp backtracks over, a limit set
 * too high): the data was not judged, which is not the same as invalid. The
 * result is `ok: false` all the same, and `isValid` is false: data nobody
 * could check is not accepted.
 */
export const TOO_DEEP_KEYWORD = "x-charter-too-deep";

/** Whether a failed check's violations say the data was too deep to judge rather than invalid. */
export function isTooDeep(errors: readonly Violation[]): boolean {
  return errors.length === 1 && errors[0]!.keyword === TOO_DEEP_KEYWORD;
}

/**
 * Whether a validator threw because it ran out of call stack: V8's and
 * JavaScriptCore's RangeError, Firefox's InternalError ("too much recursion").
 * Generated code throws nothing else on data.
 */
function outOfStack(error: unknown): boolean {
  return error instanceof RangeError || (error instanceof Error && error.name === "InternalError");
}

function tooDeep(): Violation[] {
  return [{ pointer: "", keyword: TOO_DEEP_KEYWORD, message: "is too deep to judge: the validator ran out of call stack (data nested deeper than the schema can follow, or a string too long for a backtracking pattern)", schemaPath: "#", params: {} }];
}

function beyondLimit(pointer: string, limit: number): Violation[] {
  const message = `is nested deeper than the depth limit of ${limit} levels, so it was not judged; raise the limit with bindContracts(registry, { maxDepth }) (charter validate --max-depth N), or turn it off with maxDepth: Infinity`;
  return [{ pointer, keyword: TOO_DEEP_KEYWORD, message, schemaPath: "#", params: { limit } }];
}

/** Thrown by `assertValid`: every violation, and the digest of the schema the data was checked against. */
export class ContractViolation extends Error {
  override readonly name = "ContractViolation";
  constructor(
    readonly contract: string,
    readonly digest: string,
    readonly errors: readonly Violation[],
  ) {
    super(`data does not satisfy ${contract} (${errors.length} violation${errors.length === 1 ? "" : "s"}): ${errors.map((e) => `${e.pointer || "/"} ${e.message}`).join("; ")}`);
  }
}

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
export function bindContracts<R extends Registry>(registry: R & (RulesRequired<R> extends true ? RulesToRegister<R> : unknown)): Runtime<R>;
/** Binds the runtime to a generated tree's registry, with the rules its contracts declare (see the other signature). */
export function bindContracts<R extends Registry>(registry: R, options: BindOptions<R> | (RulesRequired<R> extends true ? never : undefined)): Runtime<R>;
export function bindContracts<R extends Registry>(registry: R, options?: BindOptions<R>): Runtime<R> {
  const skipRules = options?.skipRules === true;
  const registered = (options?.rules ?? {}) as Readonly<Record<string, Readonly<Record<string, Rule<unknown>>>>>;
  if (!skipRules) checkRegistrations(registry, registered);
  const reporting = options?.errors ?? "all";
  const maxDepth = depthLimit(options?.maxDepth);
  const checkers = new Map<string, Promise<Checker>>();
  const schemas = new Map<string, Promise<unknown>>();
  const entryOf = (name: string): RegistryEntry<unknown, string> => {
    const entry = own(registry, name) ? registry[name] : undefined;
    if (!entry) throw new Error(`unknown contract "${name}"; known: ${Object.keys(registry).sort().join(", ")}`);
    return entry;
  };
  // The fast validator loads on first use; the all-errors one only once data failed (or
  // when `load` asks for a synchronous contract), so valid data never pays for it.
  const checkerOf = (name: string): Promise<Checker> => {
    let checker = checkers.get(name);
    if (!checker) {
      const entry = entryOf(name);
      const rules = skipRules ? [] : Object.keys(entry.rules).map((id) => ({ id, sentence: entry.rules[id]!, check: registered[name]![id]! }));
      checker = loadChecker(name, entry, rules, reporting, maxDepth);
      checkers.set(name, checker);
    }
    return checker;
  };
  const complete = async (name: string): Promise<Checker> => {
    const checker = await checkerOf(name);
    await checker.loadAll();
    return checker;
  };
  /** Violations of the data (none when valid): one fast call for valid data. */
  const check = async (name: string, data: unknown): Promise<readonly Violation[]> => {
    const checker = await checkerOf(name);
    if (checker.fast(data)) return checker.ruleViolations(data);
    // The fast validator's errors are read before any await: other calls may run the same function meanwhile.
    const first = checker.firstViolations();
    if (reporting === "first" || isTooDeep(first)) return first;
    await checker.loadAll();
    return checker.schemaViolations(data);
  };
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
    load: async (name) => loadedContract(await complete(name)) as never,
    validate: async (name, data) => {
      const errors = await check(name, data);
      return (errors.length === 0 ? { ok: true, value: data } : { ok: false, errors: [...errors] }) as never;
    },
    isValid: async (name, data) => {
      const checker = await checkerOf(name);
      return checker.fast(data) && checker.ruleViolations(data).length === 0;
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

function checkRegistrations(registry: Registry, registered: Readonly<Record<string, Readonly<Record<string, unknown>>>>): void {
  const problems: string[] = [];
  for (const name of Object.keys(registry).sort()) {
    const declared = Object.keys(registry[name]!.rules);
    const given = own(registered, name) ? registered[name]! : {};
    const missing = declared.filter((id) => typeof (own(given, id) ? given[id] : undefined) !== "function");
    const unknown = Object.keys(given).filter((id) => !declared.includes(id));
    if (missing.length > 0) problems.push(`${name} declares rule${missing.length === 1 ? "" : "s"} ${missing.join(", ")} with no function registered`);
    if (unknown.length > 0) problems.push(`${name} declares no rule${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}`);
  }
  for (const name of Object.keys(registered)) if (!own(registry, name)) problems.push(`rules are registered for "${name}", which is not in the registry`);
  if (problems.length > 0) throw new Error(`charter runtime: rules do not match the contracts: ${problems.join("; ")}`);
}

interface BoundRule {
  id: string;
  sentence: string;
  check: Rule<unknown>;
}

const NO_VIOLATIONS: readonly Violation[] = Object.freeze([]);

/** One contract's validators and rules; `schemaViolations` needs `loadAll` first. */
interface Checker {
  readonly name: string;
  readonly digest: string;
  /** The fast validator: false also when the data is too deep or it ran out of stack (then `firstViolations` says so). */
  fast(data: unknown): boolean;
  loadAll(): Promise<void>;
  /** Violations of data the fast validator just refused: every one with the all-errors validator loaded, else the first. */
  schemaViolations(data: unknown): readonly Violation[];
  /** The violation the fast validator stopped at, read right after it ran (synchronously). */
  firstViolations(): readonly Violation[];
  /** Violations of the rules, for data the schema accepted. */
  ruleViolations(data: unknown): readonly Violation[];
}

async function loadChecker(name: string, entry: RegistryEntry<unknown, string>, rules: readonly BoundRule[], reporting: ErrorReporting, limit: number): Promise<Checker> {
  const module = await entry.load();
  const fast = module[entry.exportName] as ValidatorFunction | undefined;
  if (typeof fast !== "function") throw new Error(`the validator module of "${name}" has no export ${entry.exportName}; regenerate`);
  const fastGuard = depthGuardOf(module);
  let all: ValidatorFunction | undefined;
  let allGuard: DepthGuard | undefined;
  let allLoading: Promise<void> | undefined;
  // Whether the fast validator's last call ran out of stack, and where it met data too deep
  // for the limit; read synchronously after the call.
  let overflowed = false;
  let tooDeepAt: string | undefined;
  return {
    name,
    digest: entry.digest,
    fast(data) {
      overflowed = false;
      tooDeepAt = undefined;
      // Set around the call only: the module's functions behave as ajv's when called directly.
      if (fastGuard) fastGuard.limit = limit;
      try {
        return fast(data);
      } catch (error) {
        if (fastGuard !== undefined && error === fastGuard) tooDeepAt = fastGuard.at;
        else if (outOfStack(error)) overflowed = true;
        else throw error;
        return false;
      } finally {
        if (fastGuard) fastGuard.limit = Infinity;
      }
    },
    loadAll() {
      if (reporting === "first") return Promise.resolve();
      allLoading ??= entry.loadAllErrors().then((module) => {
        all = module[entry.exportName] as ValidatorFunction;
        allGuard = depthGuardOf(module);
      });
      return allLoading;
    },
    firstViolations: () => (tooDeepAt !== undefined ? beyondLimit(tooDeepAt, limit) : overflowed ? tooDeep() : (fast.errors ?? []).map(toViolation)),
    schemaViolations(data) {
      // `first`, or the all-errors module not loaded: the violation the fast validator stopped at
      // (callers return `firstViolations` themselves when that says the data was too deep).
      if (!all) return (fast.errors ?? []).map(toViolation);
      if (allGuard) allGuard.limit = limit;
      try {
        all(data);
      } catch (error) {
        if (allGuard !== undefined && error === allGuard) return beyondLimit(allGuard.at, limit);
        if (!outOfStack(error)) throw error;
        return tooDeep();
      } finally {
        if (allGuard) allGuard.limit = Infinity;
      }
      return sortViolations((all.errors ?? []).map(toViolation));
    },
    ruleViolations(data) {
      // Rules run only on data the schema accepted: they may rely on its shape.
      if (rules.length === 0) return NO_VIOLATIONS;
      const found: Violation[] = [];
      for (const rule of rules) {
        const outcome = rule.check(data);
        if (outcome === true) continue;
        if (outcome === false) found.push(ruleViolation(rule, {}));
        else if (Array.isArray(outcome)) for (const finding of outcome as readonly RuleFinding[]) found.push(ruleViolation(rule, finding));
        else throw new TypeError(`rule ${rule.id} of ${name} returned ${typeof outcome}; a rule returns true, false or a list of findings`);
      }
      return sortViolations(found);
    },
  };
}

/** A contract whose validators are all loaded: every check is synchronous. */
function loadedContract(checker: Checker): LoadedContract<unknown> {
  const violations = (data: unknown) => {
    if (checker.fast(data)) return checker.ruleViolations(data);
    const first = checker.firstViolations();
    return isTooDeep(first) ? first : checker.schemaViolations(data);
  };
  return {
    name: checker.name,
    digest: checker.digest,
    validate(data: unknown): ValidationResult<unknown> {
      const errors = violations(data);
      return errors.length === 0 ? { ok: true, value: data } : { ok: false, errors: [...errors] };
    },
    isValid: (data: unknown): data is unknown => checker.fast(data) && checker.ruleViolations(data).length === 0,
    assertValid(data: unknown): asserts data is unknown {
      const errors = violations(data);
      if (errors.length > 0) throw new ContractViolation(checker.name, checker.digest, [...errors]);
    },
  };
}

function ruleViolation(rule: BoundRule, finding: RuleFinding): Violation {
  return {
    pointer: finding.pointer ?? "",
    keyword: RULE_KEYWORD,
    message: finding.message ?? rule.sentence,
    schemaPath: `#/${RULE_KEYWORD}/${rule.id}`,
    params: { rule: rule.id },
  };
}

function toViolation(error: NonNullable<ValidatorFunction["errors"]>[number]): Violation {
  return {
    pointer: error.instancePath,
    keyword: error.keyword,
    message: error.message ?? error.keyword,
    schemaPath: error.schemaPath,
    params: error.params,
  };
}

/** By place in the data, then in the schema: the same data always reports in the same order. */
export function sortViolations(violations: Violation[]): Violation[] {
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return violations.sort((a, b) => compare(a.pointer, b.pointer) || compare(a.schemaPath, b.schemaPath) || compare(a.message, b.message));
}
