import path from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { compareTypes } from "../../src/diff/compare-types.js";
import { diffTrees } from "../../src/diff/diff-trees.js";
import { DEFAULT_DIFF } from "../../src/diff/settings.js";
import type { Manifest } from "../../src/targets/manifest/emit-manifest.js";
import { tempTree } from "../helpers/temp-tree.js";

/** A discriminated result as the discriminated-conditionals repair writes it. */
const RESULT = (succeeded: string, failed: string) => `export type R = {
  outcome: "succeeded" | "failed" | "suspended";
  payload?: { [k: string]: unknown };
  problem?: string;
} & (
  | { outcome: "succeeded"; ${succeeded} }
  | { outcome: "failed" | "suspended"; ${failed} }
);
`;
const modules = (text: string) => new Map([["types/r.ts", { text, contract: "r" }]]);
const findings = (base: string, head: string) =>
  compareTypes(modules(base), modules(head)).map((f) => `${f.rule} [${f.category}] ${f.message}`);

describe("charter diff on discriminated union types", () => {
  it("reports a member that one outcome's branch now requires as a breaking change of the TypeScript API, naming the outcome", () => {
    expect(
      findings(
        RESULT("payload: { [k: string]: unknown }; problem?: never;", "payload?: never;"),
        RESULT("payload: { [k: string]: unknown }; problem?: never;", "problem: string; payload?: never;"),
      ),
    ).toEqual([
      'field-became-required [typescript-api] field R.problem is now required where outcome is "failed" or "suspended"',
    ]);
  });

  it("reports a member the branch now forbids as removed for that outcome, and one it no longer requires as optional", () => {
    expect(
      findings(
        RESULT("payload: { [k: string]: unknown };", "problem: string;"),
        RESULT("payload: { [k: string]: unknown }; problem?: never;", ""),
      ),
    ).toEqual([
      'field-removed [typescript-api] field R.problem removed where outcome is "succeeded"',
      'field-became-optional [typescript-api] field R.problem is now optional where outcome is "failed" or "suspended"',
    ]);
  });

  it("still compares the object's own members, and reports nothing when the values are only regrouped", () => {
    const regrouped = `export type R = {
  outcome: "succeeded" | "failed" | "suspended";
  payload?: { [k: string]: unknown };
  problem?: string;
} & ({ outcome: "succeeded"; payload: { [k: string]: unknown } } | { outcome: "failed"; problem: string } | { outcome: "suspended"; problem: string });
`;
    const base = RESULT("payload: { [k: string]: unknown };", "problem: string;");
    expect(findings(base, regrouped)).toEqual([]);
    expect(
      findings(
        base,
        base
          .replace("payload?: {", "payload: {")
          .replace('outcome: "succeeded"; payload: { [k: string]: unknown };', 'outcome: "succeeded";'),
      ),
    ).toEqual([
      'field-became-required [typescript-api] field R.payload is now required where outcome is "failed" or "suspended"',
    ]);
  });

  it("compares each union of an object with two discriminators, and a change of the object's own members once", () => {
    const two = (
      receipt: string,
      courier: string,
    ) => `export type D = { mode: "post" | "courier"; paid: boolean; courier?: string; receipt?: string } & (
  | { mode: "post"; courier?: never }
  | { mode: "courier"; ${courier} }
) & ({ paid: true; ${receipt} } | { paid: false; receipt?: never });
`;
    const base = two("receipt?: string;", "courier: string;");
    expect(findings(base, two("receipt: string;", "courier: string;"))).toEqual([
      "field-became-required [typescript-api] field D.receipt is now required where paid is true",
    ]);
    expect(findings(base, base.replace("paid: boolean; courier?: string;", "paid: boolean; courier: string;"))).toEqual(
      ["field-became-required [typescript-api] field D.courier is now required"],
    );
    expect(
      findings(
        base,
        base.replace(
          'mode: "post" | "courier"; paid: boolean;',
          'mode: "post" | "courier"; paid: boolean; note: string;',
        ),
      ),
    ).toEqual([]);
    expect(
      findings(
        base.replace("receipt?: string }", "receipt?: string; note?: string }"),
        base.replace("receipt?: string }", "receipt?: string; note: string }"),
      ),
    ).toEqual(["field-became-required [typescript-api] field D.note is now required"]);
  });

  it("on generated contracts: a then-branch that requires one more member breaks the types of that outcome only", async () => {
    const contract = (required: string) => `
$schema: https://json-schema.org/draft/2020-12/schema
type: object
additionalProperties: false
required: [decision]
properties:
  decision: { enum: [allow, deny] }
  reason: { type: string }
  ticket: { type: string }
allOf:
  - if: { properties: { decision: { const: deny } } }
    then: { required: [${required}] }
    else: { properties: { reason: false, ticket: false } }
`;
    const generate = async (required: string) => {
      const dir = tempTree({ "src/decision.yaml": contract(required) });
      return (
        await compile({
          sourceDir: path.join(dir, "src"),
          outDir: path.join(dir, "out"),
          baseUri: "https://t.test/",
          catalog: [],
          typeCheck: false,
        })
      ).files;
    };
    const [base, head] = [await generate("reason"), await generate("reason, ticket")];
    const tree = (files: ReadonlyMap<string, string>) => ({
      manifest: JSON.parse(files.get("manifest.json")!) as Manifest,
      files,
    });
    const report = diffTrees(tree(base), tree(head), DEFAULT_DIFF);
    const typescript = report.findings
      .filter((f) => f.category === "typescript-api")
      .map((f) => `${f.verdict} ${f.rule} ${f.message}`);
    expect(typescript).toEqual([
      'breaking field-became-required field Decision.ticket is now required where decision is "deny"',
    ]);
    expect(report.ok).toBe(false);
  });
});

describe("charter diff on a union member with alternatives of its own", () => {
  it("reads the member's object part", () => {
    const tolerances = (
      numeric: string,
    ) => `export type T = { compare: "exact" | "numeric"; absolute?: number; relative?: number } & (
  | { compare: "exact"; absolute?: never; relative?: never }
  | ({ compare: "numeric"; ${numeric} } & ({ absolute: number } | { relative: number }))
);
`;
    const found = compareTypes(modules(tolerances("")), modules(tolerances("relative: number;"))).map((f) => f.message);
    expect(found).toEqual(['field T.relative is now required where compare is "numeric"']);
  });
});
