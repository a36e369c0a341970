/**
 * Mutants of a valid instance, made generically: at every object, drop each
 * member and add an unknown one; at every listed string, swap it for a
 * sibling value (a discriminator flip) or an unlisted one; at every value,
 * change its JSON type. The schema is not interpreted here: ajv judges each
 * candidate, and only those it rejects are kept (`selectMutants`), up to a cap
 * per instance, chosen by a seeded PRNG, the kinds taken in turn so that no
 * one kind crowds out the others.
 */
import { shuffled } from "./prng.js";
import type { Vocabulary } from "./vocabulary.js";

export type JsonPath = readonly (string | number)[];

export type MutationKind = "drop-member" | "add-unknown" | "flip-value" | "unlisted-value" | "change-type";
export const MUTATION_KINDS: readonly MutationKind[] = [
  "drop-member",
  "add-unknown",
  "flip-value",
  "unlisted-value",
  "change-type",
];

/** The member an `add-unknown` mutant adds, and the strings that replace values. */
export const UNKNOWN_KEY = "__charter_unknown__";
export const UNLISTED_STRING = "__charter_unlisted__";
export const TYPE_STRING = "__charter_type__";

export interface Mutation {
  kind: MutationKind;
  /** Where the changed value (or the changed object) is. */
  path: JsonPath;
  /** For `drop-member`: the member removed. */
  key?: string;
  /** For the value mutations: what replaces the value at `path`. */
  replacement?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function pointerOf(path: JsonPath): string {
  return path.map((p) => "/" + String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** A value of another JSON type than `value`, ajv's view of types (integers are numbers). */
export function otherType(value: unknown): unknown {
  if (typeof value === "string") return 0;
  if (typeof value === "number" || typeof value === "boolean" || value === null) return TYPE_STRING;
  if (Array.isArray(value)) return {};
  return [];
}

/** Every candidate mutation of `instance`, in document order. `pick` chooses a sibling for a flip. */
export function candidateMutations(
  instance: unknown,
  vocabulary: Vocabulary,
  pick: (choices: readonly string[]) => string,
): Mutation[] {
  const out: Mutation[] = [];
  const visit = (node: unknown, path: (string | number)[]): void => {
    out.push({ kind: "change-type", path: [...path], replacement: otherType(node) });
    if (typeof node === "string") {
      const alternatives = vocabulary.alternativesOf(node);
      if (alternatives.length > 0) {
        out.push({ kind: "flip-value", path: [...path], replacement: pick(alternatives) });
        out.push({ kind: "unlisted-value", path: [...path], replacement: UNLISTED_STRING });
      }
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...path, i]));
    } else if (isObject(node)) {
      const keys = Object.keys(node);
      for (const key of keys) out.push({ kind: "drop-member", path: [...path], key });
      if (!keys.includes(UNKNOWN_KEY)) out.push({ kind: "add-unknown", path: [...path] });
      for (const key of keys) visit(node[key], [...path, key]);
    }
  };
  visit(instance, []);
  return out;
}

/** A copy of `node` with `change` applied at `path`; containers off the path are shared, never copied. */
function updateAt(node: unknown, path: JsonPath, change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(node);
  const [head, ...rest] = path;
  if (Array.isArray(node) && typeof head === "number") {
    const copy = [...node];
    copy[head] = updateAt(node[head], rest, change);
    return copy;
  }
  if (isObject(node) && typeof head === "string") {
    return withMembers(
      Object.keys(node).map((key) => [key, key === head ? updateAt(node[key], rest, change) : node[key]] as const),
    );
  }
  throw new Error(`mutation path ${pointerOf(path)} does not exist`);
}

/** Builds an object member by member, so that a `__proto__` key stays an own member, as JSON.parse makes it. */
function withMembers(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

export function applyMutation(instance: unknown, mutation: Mutation): unknown {
  switch (mutation.kind) {
    case "drop-member":
      return updateAt(instance, mutation.path, (node) =>
        withMembers(Object.entries(node as object).filter(([k]) => k !== mutation.key)),
      );
    case "add-unknown":
      return updateAt(instance, mutation.path, (node) =>
        withMembers([...Object.entries(node as object), [UNKNOWN_KEY, true]]),
      );
    default:
      return updateAt(instance, mutation.path, () => mutation.replacement);
  }
}

export function describeMutation(m: Mutation): string {
  const at = pointerOf(m.path) || "/";
  switch (m.kind) {
    case "drop-member":
      return `drop ${at === "/" ? "" : at}/${m.key}`;
    case "add-unknown":
      return `add ${UNKNOWN_KEY} at ${at}`;
    default:
      return `${m.kind} at ${at} to ${JSON.stringify(m.replacement)}`;
  }
}

export interface MutantCaps {
  /** Mutants kept per valid instance, at most. */
  perInstance: number;
  /** Candidates judged per valid instance, at most (ajv's time). */
  triesPerInstance: number;
  /** Bytes of mutant JSON per instance, at most (tsc's time): a large instance gets fewer mutants. */
  bytesPerInstance: number;
}

export const DEFAULT_CAPS: MutantCaps = { perInstance: 20, triesPerInstance: 200, bytesPerInstance: 256 * 1024 };

export interface Mutant<V> {
  mutation: Mutation;
  value: unknown;
  /** What the judge said of it (its category of violation). */
  verdict: V;
}

/**
 * Mutants of `instance` that `judge` rejects (it returns a verdict for a
 * rejected value, undefined for an accepted one), the kinds taken in turn,
 * each kind's candidates in an order shuffled by `random`.
 */
export function selectMutants<V>(
  instance: unknown,
  candidates: readonly Mutation[],
  random: () => number,
  judge: (value: unknown) => V | undefined,
  caps: MutantCaps = DEFAULT_CAPS,
): { kept: Mutant<V>[]; tried: number; capped: boolean } {
  const bytes = Math.max(1, JSON.stringify(instance)?.length ?? 1);
  const wanted = Math.min(caps.perInstance, Math.floor(caps.bytesPerInstance / bytes));
  const queues = MUTATION_KINDS.map((kind) =>
    shuffled(
      candidates.filter((c) => c.kind === kind),
      random,
    ),
  );
  const kept: Mutant<V>[] = [];
  let tried = 0;
  for (
    let turn = 0;
    kept.length < wanted && tried < caps.triesPerInstance && queues.some((q) => q.length > 0);
    turn++
  ) {
    const queue = queues[turn % queues.length]!;
    const mutation = queue.shift();
    if (!mutation) continue;
    tried++;
    const value = applyMutation(instance, mutation);
    const verdict = judge(value);
    if (verdict !== undefined) kept.push({ mutation, value, verdict });
  }
  const left = queues.reduce((n, q) => n + q.length, 0);
  return { kept, tried, capped: left > 0 && (kept.length >= wanted || tried >= caps.triesPerInstance) };
}
