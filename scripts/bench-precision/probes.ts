/**
 * The instances of one unit (a contract's root, or one of its top-level
 * definitions) as the literals to check: each declared-valid instance that
 * ajv accepts, each declared-invalid instance that ajv rejects (with the
 * category of its violation), and the mutants of the valid ones that ajv
 * rejects. What ajv disagrees with, what cannot be written as a literal and
 * what ajv could not judge are counted, not checked.
 */
import type { Category } from "./classify.js";
import type { Judge } from "./judge.js";
import { writeLiteral } from "./literal.js";
import { candidateMutations, describeMutation, selectMutants, type MutantCaps } from "./mutants.js";
import { hash32, mulberry32 } from "./prng.js";
import type { Vocabulary } from "./vocabulary.js";

export type Origin = "valid" | "invalid" | "mutant";

export interface RawInstance {
  /** Where it comes from: a file (relative), or a contract's `examples` entry. */
  source: string;
  value: unknown;
  /** `judged`: data whose validity ajv decides (files a client reads to show both). */
  declared: "valid" | "invalid" | "judged";
}

export interface Probe {
  origin: Origin;
  /** The instance's source; for a mutant, its source and the mutation. */
  source: string;
  literal: string;
  /** For invalid instances and mutants: why ajv rejects it. */
  category?: Category;
  keyword?: string;
  /** For a mutant: the index of the valid probe it was made from. */
  parent?: number;
}

export interface Exclusions {
  /** Declared valid, rejected by ajv (with its first error's keyword): not a test of the types. */
  validRejected: { source: string; keyword: string }[];
  invalidAccepted: number;
  /** Not writable as a TypeScript literal (YAML values JSON lacks). */
  unwritable: number;
  /** ajv threw (a RangeError on a recursive schema). */
  ajvFailed: number;
}

export interface MutationStats {
  instances: number;
  candidates: number;
  tried: number;
  kept: number;
  /** Instances whose mutants the caps cut short. */
  capped: number;
}

export interface UnitProbes {
  probes: Probe[];
  excluded: Exclusions;
  mutation: MutationStats;
  /** Literals with a computed `__proto__` key. */
  computedKeys: number;
}

export function prepareProbes(
  unitId: string,
  raws: readonly RawInstance[],
  judge: Judge,
  vocabulary: Vocabulary,
  caps: MutantCaps,
  seed: number,
): UnitProbes {
  const out: UnitProbes = {
    probes: [],
    excluded: { validRejected: [], invalidAccepted: 0, unwritable: 0, ajvFailed: 0 },
    mutation: { instances: 0, candidates: 0, tried: 0, kept: 0, capped: 0 },
    computedKeys: 0,
  };
  const add = (probe: Omit<Probe, "literal">, value: unknown) => {
    const written = writeLiteral(value);
    if (!written.ok) {
      out.excluded.unwritable++;
      return false;
    }
    out.computedKeys += written.computedKeys > 0 ? 1 : 0;
    out.probes.push({ ...probe, literal: written.text });
    return true;
  };
  for (const raw of raws) {
    const verdict = judge.judge(raw.value);
    if (verdict !== undefined && "failed" in verdict) {
      out.excluded.ajvFailed++;
      continue;
    }
    if (raw.declared === "invalid" || (raw.declared === "judged" && verdict !== undefined)) {
      if (verdict === undefined) out.excluded.invalidAccepted++;
      else
        add(
          {
            origin: "invalid",
            source: raw.source,
            category: verdict.rejected.category,
            keyword: verdict.rejected.keyword,
          },
          raw.value,
        );
      continue;
    }
    if (verdict !== undefined) {
      out.excluded.validRejected.push({ source: raw.source, keyword: verdict.rejected.keyword });
      continue;
    }
    if (!add({ origin: "valid", source: raw.source }, raw.value)) continue;
    const parent = out.probes.length - 1;
    const random = mulberry32(hash32(`${seed}:${unitId}:${raw.source}`));
    const candidates = candidateMutations(
      raw.value,
      vocabulary,
      (choices) => choices[Math.floor(random() * choices.length)]!,
    );
    const selected = selectMutants(
      raw.value,
      candidates,
      random,
      (value) => {
        const j = judge.judge(value);
        return j !== undefined && "rejected" in j ? j.rejected : undefined;
      },
      caps,
    );
    out.mutation.instances++;
    out.mutation.candidates += candidates.length;
    out.mutation.tried += selected.tried;
    out.mutation.kept += selected.kept.length;
    if (selected.capped) out.mutation.capped++;
    for (const m of selected.kept) {
      add(
        {
          origin: "mutant",
          source: `${raw.source}: ${describeMutation(m.mutation)}`,
          category: m.verdict.category,
          keyword: m.verdict.keyword,
          parent,
        },
        m.value,
      );
    }
  }
  return out;
}
