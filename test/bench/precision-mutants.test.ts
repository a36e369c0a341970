/**
 * The type-precision benchmark's mutant generator (scripts/bench-precision/mutants.ts):
 * which candidates it makes, that applying one never changes the instance, and that the
 * selection keeps only what ajv rejects, deterministically for a seed, within its caps.
 */
import { describe, expect, it } from "vitest";
import { ajvFor, judgeFor, type Judge } from "../../scripts/bench-precision/judge.js";
import {
  applyMutation,
  candidateMutations,
  describeMutation,
  selectMutants,
  UNKNOWN_KEY,
  type Mutation,
} from "../../scripts/bench-precision/mutants.js";
import { hash32, mulberry32 } from "../../scripts/bench-precision/prng.js";
import { schemaVocabulary } from "../../scripts/bench-precision/vocabulary.js";
import type { JsonValue } from "../../src/core/json-value.js";

const SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: "https://example.invalid/pet.schema.json",
  type: "object",
  required: ["kind", "name"],
  additionalProperties: false,
  properties: {
    kind: { enum: ["cat", "dog"] },
    name: { type: "string" },
    tags: { type: "array", items: { type: "object", properties: { label: { type: "string" } } } },
  },
  if: { properties: { kind: { const: "dog" } } },
  then: { required: ["tags"] },
} as const;

const PET = { kind: "cat", name: "Tom", tags: [{ label: "grey" }] };

function judge(): Judge {
  const made = judgeFor(
    ajvFor("2020-12", SCHEMA as unknown as JsonValue),
    SCHEMA as unknown as JsonValue,
    "2020-12",
    "",
  );
  if ("error" in made) throw new Error(made.error);
  return made;
}

const rejected = (j: Judge) => (value: unknown) => {
  const verdict = j.judge(value);
  return verdict !== undefined && "rejected" in verdict ? verdict.rejected : undefined;
};

describe("candidate mutations", () => {
  const candidates = candidateMutations(PET, schemaVocabulary(SCHEMA), (choices) => choices[0]!);
  const described = candidates.map(describeMutation);

  it("drops each member and adds an unknown one at every object, nested ones included", () => {
    expect(described).toEqual(
      expect.arrayContaining([
        "drop /kind",
        "drop /name",
        "drop /tags",
        "drop /tags/0/label",
        `add ${UNKNOWN_KEY} at /`,
        `add ${UNKNOWN_KEY} at /tags/0`,
      ]),
    );
  });

  it("swaps a listed string for a sibling (a discriminator flip) and for an unlisted one, and changes every value's type", () => {
    expect(described).toEqual(
      expect.arrayContaining([
        'flip-value at /kind to "dog"',
        'unlisted-value at /kind to "__charter_unlisted__"',
        "change-type at /name to 0",
        "change-type at /tags to {}",
        "change-type at /tags/0 to []",
      ]),
    );
    // "Tom" is listed nowhere in the schema: no swap for it.
    expect(described.filter((d) => d.startsWith("flip-value") || d.startsWith("unlisted-value"))).toHaveLength(2);
  });

  it("applies a mutation to a copy, sharing what it does not change", () => {
    const frozen = structuredClone(PET);
    const drop = candidates.find((c) => describeMutation(c) === "drop /tags/0/label")!;
    const mutant = applyMutation(PET, drop) as typeof PET;
    expect(mutant).toEqual({ kind: "cat", name: "Tom", tags: [{}] });
    expect(PET).toEqual(frozen);
    const rename: Mutation = { kind: "change-type", path: ["name"], replacement: 0 };
    expect((applyMutation(PET, rename) as typeof PET).tags).toBe(PET.tags);
  });

  it("keeps a __proto__ member an own member, as JSON.parse makes it", () => {
    const parsed = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as object;
    const mutant = applyMutation(parsed, { kind: "drop-member", path: [], key: "b" }) as object;
    expect(Object.keys(mutant)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(mutant)).toBe(Object.prototype);
  });
});

describe("mutant selection", () => {
  const select = (seed: number, caps = { perInstance: 20, triesPerInstance: 200, bytesPerInstance: 1 << 20 }) => {
    const random = mulberry32(hash32(`${seed}:pet`));
    const candidates = candidateMutations(
      PET,
      schemaVocabulary(SCHEMA),
      (choices) => choices[Math.floor(random() * choices.length)]!,
    );
    return selectMutants(PET, candidates, random, rejected(judge()), caps);
  };

  it("keeps only mutants ajv rejects, each with the category of its violation", () => {
    const { kept } = select(1);
    expect(kept.length).toBeGreaterThan(5);
    const j = judge();
    for (const m of kept) expect(j.judge(m.value)).toBeDefined();
    const byMutation = new Map(kept.map((m) => [describeMutation(m.mutation), m.verdict.category]));
    // With caps this wide every candidate is judged: a required member dropped, an unknown one added to a closed object, a type changed.
    expect(byMutation.get("drop /name")).toBe("required");
    expect(byMutation.get(`add ${UNKNOWN_KEY} at /`)).toBe("additional");
    expect(byMutation.get("change-type at /tags/0/label to 0")).toBe("type");
    expect(byMutation.get('unlisted-value at /kind to "__charter_unlisted__"')).toBe("const/enum");
    // Valid mutants are never kept: the optional label dropped, the discriminator flipped while tags are there.
    expect(byMutation.has("drop /tags/0/label")).toBe(false);
    expect(byMutation.has('flip-value at /kind to "dog"')).toBe(false);
  });

  it("chooses the same mutants for the same seed, others for another", () => {
    const names = (seed: number) =>
      select(seed, { perInstance: 4, triesPerInstance: 200, bytesPerInstance: 1 << 20 }).kept.map((m) =>
        describeMutation(m.mutation),
      );
    expect(names(7)).toEqual(names(7));
    expect(names(7)).not.toEqual(names(8));
  });

  it("stops at its caps: mutants per instance, candidates judged, bytes", () => {
    expect(select(1, { perInstance: 3, triesPerInstance: 200, bytesPerInstance: 1 << 20 }).kept).toHaveLength(3);
    const tried = select(1, { perInstance: 20, triesPerInstance: 4, bytesPerInstance: 1 << 20 });
    expect(tried.tried).toBe(4);
    expect(tried.capped).toBe(true);
    // The instance is about 60 bytes: 130 bytes allow two mutants.
    expect(select(1, { perInstance: 20, triesPerInstance: 200, bytesPerInstance: 130 }).kept).toHaveLength(2);
  });

  it("a flip of the discriminator that breaks a conditional requirement is classified conditional", () => {
    const dog = applyMutation({ kind: "cat", name: "Rex" }, { kind: "flip-value", path: ["kind"], replacement: "dog" });
    expect(rejected(judge())(dog)?.category).toBe("conditional");
  });

  it("the PRNG is deterministic", () => {
    const [a, b] = [mulberry32(42), mulberry32(42)];
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
