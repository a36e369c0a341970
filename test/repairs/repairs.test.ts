import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compile } from "../../src/pipeline/compile.js";
import { REPAIRS } from "../../src/repairs/registry.js";
import type { Repair } from "../../src/repairs/support/repair.js";
import { tempTree } from "../helpers/temp-tree.js";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
// UPDATE_GOLDEN=1 rewrites out.ts from the current output; review every change.
const UPDATE = process.env["UPDATE_GOLDEN"] === "1";

/** Generates the types of fixtures/<id>/in.yaml (as the contract `fixture`) with the given repairs. */
async function generate(id: string, repairs: readonly Repair[]) {
  const dir = tempTree({ "src/fixture.yaml": readFileSync(path.join(FIXTURES, id, "in.yaml"), "utf8") });
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://fixtures.test/",
    catalog: [],
    repairs,
    typeCheck: false,
  });
  return { output: result.files.get("types/fixture.ts"), diagnostics: result.diagnostics };
}

/**
 * Canaries: what the generator does without the repair, asserted as what it
 * emits (never only as what it leaves out, which any unrelated change would
 * also satisfy). When upstream fixes a gap its canary fails: delete the
 * repair, its fixtures and this row.
 */
const GAPS: Record<string, { gap: string; shows: (output: string | undefined, messages: string) => boolean }> = {
  "anchor-references": {
    gap: "the generator throws on a $ref to an anchor",
    shows: (out, messages) => out === undefined && messages.includes("Refs should have been resolved"),
  },
  "dynamic-references": {
    gap: "$dynamicRef loses the recursive structure",
    shows: (out) => /children\?: unknown\[\];/.test(out!),
  },
  "prefix-items-tuple": {
    gap: "prefixItems becomes never[] / unknown[]",
    shows: (out) => /point\?: never\[\]/.test(out!) && /labelled\?: boolean\[\]/.test(out!),
  },
  "open-tuples": {
    gap: "an items list without additionalItems becomes a closed tuple",
    shows: (out) => /settings\?: \[\] \| \[string\];/.test(out!),
  },
  "unevaluated-properties-closed": {
    gap: "unevaluatedProperties: false leaves an index signature",
    shows: (out) => out!.includes("[k: string]: unknown"),
  },
  "pattern-properties-open": {
    gap: "patternProperties on an open object refuse keys that match no pattern",
    shows: (out) => /\[k: string\]: number \| string \| undefined;/.test(out!),
  },
  "literal-pattern-properties": {
    gap: "a pattern that spells out its keys becomes an index signature",
    shows: (out) => /\[k: string\]: Cdn \| string \| undefined;/.test(out!),
  },
  "pattern-strings": {
    gap: "a pattern that fixes a string's start or lists its values leaves it string",
    shows: (out) => /command\?: string;/.test(out!) && /newLine\?: string;/.test(out!),
  },
  "dependent-required": {
    gap: "dependentRequired is ignored: a member stays optional when another is present",
    shows: (out) =>
      /export interface Fixture \{\n\s+card\?: string;\n\s+billing\?: string;/.test(out!) && !out!.includes("never"),
  },
  "dependent-schemas": {
    gap: "properties of dependentSchemas are dropped",
    shows: (out) => /export interface Fixture \{\n\s+card\?: string;\n\}/.test(out!),
  },
  "discriminated-alternatives": {
    gap: "a member a oneOf branch requires but only the object declares stays optional, and each branch opens the object",
    shows: (out) =>
      /\| \{\n\s+shape\?: "circle";\n\s+\[k: string\]: unknown;\n\s+\}/.test(out!) && !/radius: number/.test(out!),
  },
  "discriminated-conditionals": {
    // conditional-branches still states each conditional as the union of its branches, but not per outcome.
    gap: "if/then/else is ignored: no member of the type says which members each outcome requires or forbids",
    shows: (out) =>
      /outcome: Outcome;\n\s+payload\?: \{/.test(out!) && !/outcome: "(succeeded|failed|suspended)"/.test(out!),
  },
  "conditional-branches": {
    gap: "if/then/else is ignored: a value fitting neither branch type-checks",
    shows: (out) =>
      /modules\?: unknown\[\];/.test(out!) && /export interface Command \{\n\s+\[k: string\]: unknown;\n\}/.test(out!),
  },
  "implied-types": {
    gap: "keywords of one kind make an untyped schema that kind alone",
    shows: (out) =>
      /export interface Widget \{\n\s+hint\?: string;/.test(out!) &&
      /with\?: \{\n\s+args\?: string;\n\s+\[k: string\]: unknown;\n\s+\} & Env;/.test(out!),
  },
  "not-schema": { gap: "not becomes an object type", shows: (out) => /anythingButText\?: \{/.test(out!) },
  "title-names": { gap: "titles make numbered names", shows: (out) => out!.includes("Point1") },
  "jsdoc-tags": {
    gap: "default and examples are left out of JSDoc",
    shows: (out) => /\/\*\*\n\s+\* How many times to try again\.\n\s+\*\/\n\s+retries\?: number;/.test(out!),
  },
  "readonly-properties": { gap: "readOnly is ignored", shows: (out) => /\*\/\n\s+id\?: string;/.test(out!) },
  "ref-sibling-keywords": {
    gap: "a $ref with a description duplicates its target",
    shows: (out) => out!.includes("Path1"),
  },
  "composite-schema-names": {
    gap: "parts of a composite schema get numbered names",
    shows: (out) => /Fixture1/.test(out!),
  },
  "deprecated-reason": {
    gap: "a textual deprecated refuses the whole schema",
    shows: (out, messages) => out === undefined && messages.includes("deprecated must be a boolean"),
  },
  "alias-chains": {
    gap: "each alias of a long chain names the next, a chain the generator and tsc must follow to its end",
    shows: (out) => /export type A0 = A1;/.test(out!) && /export type A100 = A101;/.test(out!),
  },
  "alias-definitions": {
    gap: "a definition that is only a $ref copies its target instead of naming it",
    shows: (out) => /export type Id = string;/.test(out!),
  },
  "keyword-named-properties": {
    gap: "a property named deprecated makes the generator refuse the schema",
    shows: (out, messages) => out === undefined && messages.includes("deprecated must be a boolean"),
  },
  "unconstrained-schemas": {
    gap: "a named schema that accepts anything becomes an object type",
    shows: (out) => /export interface Anything \{/.test(out!),
  },
  "comment-terminator": { gap: "*/ in a description is mangled", shows: (out) => out!.includes("src/** /*.ts") },
  "generator-keywords": {
    gap: "keywords of the generator's own in a source inject TypeScript, an enum, `| null` and a type name",
    shows: (out) =>
      out!.includes("version?: (string & string) | undefined;") &&
      out!.includes("export enum Level") &&
      out!.includes("note?: string | null;") &&
      out!.includes("export interface Item"),
  },
  "generator-input-checks": {
    gap: "bounds that no array meets refuse the schema",
    shows: (out, messages) => out === undefined && messages.includes("maxItems >= minItems"),
  },
  "object-intersections": {
    gap: "an allOf member of only type: object opens the intersection to unknown keys",
    shows: (out) => /export type Fixture = \{\n\s+\[k: string\]: unknown;\n\} & \(V1 \| V2\);/.test(out!),
  },
  "self-applied-schemas": {
    gap: "a definition that applies itself is declared as an alias naming itself",
    shows: (out) => /export type Loop = Loop;/.test(out!) && /export type A = B \| string;/.test(out!),
  },
  "unknown-composites": {
    gap: "a named union with a member that accepts anything is not declared",
    shows: (out, messages) => out === undefined && messages.includes("did not declare Fixture"),
  },
};

describe("the gap behind alias-chains, upstream", () => {
  it("canary: json-schema-to-typescript overflows its stack on a chain of 1,500 definitions that only name the next", async () => {
    const { compile: generateTypes } = await import("json-schema-to-typescript");
    const $defs: Record<string, object> = Object.fromEntries(
      Array.from({ length: 1499 }, (_, i) => [`a${i}`, { $ref: `#/$defs/a${i + 1}` }]),
    );
    $defs["a1499"] = { type: "string" };
    await expect(
      generateTypes({ $ref: "#/$defs/a0", $defs } as never, "Chain", {
        bannerComment: "",
        declareExternallyReferenced: true,
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe("every registered repair", () => {
  it("is registered once, has fixtures, a canary and a description, and its id is its file name", () => {
    const ids = REPAIRS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    // What the repairs share lives in src/repairs/support/; beside the registry, every file here is a repair.
    const files = readdirSync(fileURLToPath(new URL("../../src/repairs/", import.meta.url)), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== "registry.ts")
      .map((entry) => entry.name.replace(/\.ts$/, ""))
      .sort();
    expect([...ids].sort()).toEqual(files);
    expect(Object.keys(GAPS).sort()).toEqual([...ids].sort());
    for (const repair of REPAIRS) {
      expect(existsSync(path.join(FIXTURES, repair.id, "in.yaml")), repair.id).toBe(true);
      expect(repair.description.length, repair.id).toBeGreaterThan(150);
      expect(repair.source ?? repair.reference ?? repair.schema ?? repair.ast, repair.id).toBeDefined();
    }
  });
});

describe.each(REPAIRS.map((r) => [r.id, r] as const))("repair %s", (id, repair) => {
  it(`canary: without it, ${GAPS[id]?.gap}`, async () => {
    const { output, diagnostics } = await generate(
      id,
      REPAIRS.filter((r) => r !== repair),
    );
    expect(GAPS[id]!.shows(output, diagnostics.map((d) => d.message).join("\n"))).toBe(true);
  });

  it("golden: with every repair, the output equals out.ts, and unregistering this one changes it", async () => {
    const golden = path.join(FIXTURES, id, "out.ts");
    const { output, diagnostics } = await generate(id, REPAIRS);
    // Fixtures may break their meta-schema on purpose (a textual `deprecated`): a warning, not an error.
    // and a self-applying cycle no value need reach (CH306) is a warning too.
    expect(diagnostics.filter((d) => d.severity === "error" || !["CH304", "CH306"].includes(d.code))).toEqual([]);
    if (UPDATE) writeFileSync(golden, output!);
    expect(output).toBe(readFileSync(golden, "utf8"));
    const without = await generate(
      id,
      REPAIRS.filter((r) => r !== repair),
    );
    expect(without.output).not.toBe(output);
  });
});
