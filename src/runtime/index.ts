/**
 * charter's runtime: validates data with the precompiled validators of a
 * generated tree. It imports nothing from the compiler, nor yaml, ts-morph,
 * json-schema-to-typescript, prettier, typescript or ajv's compiler (a test
 * walks its module graph); the validators it loads use only ajv's small
 * runtime helpers and ajv-formats' format functions.
 */

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
export interface RegistryEntry<T> {
  readonly contract: string;
  readonly digest: string;
  /** The export of the contract's validator modules that checks this entry. */
  readonly exportName: string;
  readonly load: () => Promise<Record<string, unknown>>;
  readonly loadAllErrors: () => Promise<Record<string, unknown>>;
  /** Carries the validated type; never set. */
  readonly __type?: T;
}

export type Registry = Readonly<Record<string, RegistryEntry<unknown>>>;
type TypeOf<E> = E extends RegistryEntry<infer T> ? T : never;

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
  /** Loads a contract's validator module on first use; later calls reuse it. */
  load<N extends keyof R & string>(name: N): Promise<LoadedContract<TypeOf<R[N]>>>;
  validate<N extends keyof R & string>(name: N, data: unknown): Promise<ValidationResult<TypeOf<R[N]>>>;
  isValid<N extends keyof R & string>(name: N, data: unknown): Promise<boolean>;
  assertValid<N extends keyof R & string>(name: N, data: unknown): Promise<TypeOf<R[N]>>;
}

/**
 * Binds the runtime to a generated tree's registry. Nothing is loaded until a
 * contract is first used, so binding costs the same for 5 contracts as for 500.
 */
export function bindContracts<R extends Registry>(registry: R): Runtime<R> {
  const loaded = new Map<string, Promise<LoadedContract<unknown>>>();
  const entryOf = (name: string): RegistryEntry<unknown> => {
    const entry = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
    if (!entry) throw new Error(`unknown contract "${name}"; known: ${Object.keys(registry).sort().join(", ")}`);
    return entry;
  };
  const load = (name: string): Promise<LoadedContract<unknown>> => {
    let contract = loaded.get(name);
    if (!contract) {
      contract = loadContract(name, entryOf(name));
      loaded.set(name, contract);
    }
    return contract;
  };
  return {
    contracts: () => Object.keys(registry).sort() as (keyof R & string)[],
    digestOf: (name) => entryOf(name).digest,
    load: (name) => load(name) as never,
    validate: async (name, data) => (await load(name)).validate(data) as never,
    isValid: async (name, data) => (await load(name)).isValid(data),
    assertValid: async (name, data) => {
      const contract: LoadedContract<unknown> = await load(name);
      contract.assertValid(data);
      return data as never;
    },
  };
}

async function loadContract(name: string, entry: RegistryEntry<unknown>): Promise<LoadedContract<unknown>> {
  const fast = (await entry.load())[entry.exportName] as ValidatorFunction | undefined;
  if (typeof fast !== "function") throw new Error(`the validator module of "${name}" has no export ${entry.exportName}; regenerate`);
  // Checks stay synchronous once loaded, so the all-errors variant (run only when data failed,
  // to report every violation rather than the first) loads with the contract.
  const all = (await entry.loadAllErrors())[entry.exportName] as ValidatorFunction;
  const report = (data: unknown): Violation[] => {
    all(data);
    return sortViolations((all.errors ?? []).map(toViolation));
  };
  const validate = (data: unknown): ValidationResult<unknown> => (fast(data) ? { ok: true, value: data } : { ok: false, errors: report(data) });
  return {
    name,
    digest: entry.digest,
    validate,
    isValid: (data: unknown): data is unknown => fast(data),
    assertValid(data: unknown): asserts data is unknown {
      if (!fast(data)) throw new ContractViolation(name, entry.digest, report(data));
    },
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
