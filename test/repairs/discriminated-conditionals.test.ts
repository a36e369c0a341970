import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compile } from "../../src/pipeline/compile.js";
import { tempTree } from "../helpers/temp-tree.js";
import { combinations, typedLiterals } from "./typed-literals.js";

const FIXTURE = fileURLToPath(new URL("./fixtures/discriminated-conditionals/in.yaml", import.meta.url));
const GENERATED = fileURLToPath(new URL("../../generated/types/", import.meta.url));

async function fixtureTypes(): Promise<string> {
  const dir = tempTree({ "src/fixture.yaml": readFileSync(FIXTURE, "utf8") });
  const result = await compile({
    sourceDir: path.join(dir, "src"),
    outDir: path.join(dir, "out"),
    baseUri: "https://fixtures.test/",
    catalog: [],
    typeCheck: false,
  });
  return result.files.get("types/fixture.ts")!;
}

describe("discriminated-conditionals: soundness and precision over every combination of members", () => {
  const document = parse(readFileSync(FIXTURE, "utf8"));
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema({ ...document, $id: "https://fixtures.test/fixture" });
  const validator = (pointer: string) => ajv.getSchema(`https://fixtures.test/fixture#${pointer}`)!;
  const cases = [
    {
      type: "Fixture",
      pointer: "",
      // The discriminator absent, unlisted, and each value; a note long enough for the condition that is no discriminator test.
      instances: combinations({
        outcome: [undefined, "succeeded", "failed", "suspended", "done"],
        payload: [undefined, {}],
        problem: [undefined, "p"],
        retry_after: [undefined, 1],
        note: [undefined, "a note long enough"],
      }),
    },
    {
      type: "Shipment",
      pointer: "/$defs/shipment",
      instances: combinations({
        mode: [undefined, "post", "courier", "van"],
        tracking: [undefined, "t"],
        courier: [undefined, "c"],
      }),
    },
    {
      type: "Gated",
      pointer: "/$defs/gated",
      instances: combinations({ level: [undefined, 1, 2, 3], key: [undefined, "k"] }),
    },
    {
      type: "Delivery",
      pointer: "/$defs/delivery",
      instances: combinations({
        mode: [undefined, "post", "courier"],
        paid: [undefined, true, false],
        courier: [undefined, "c"],
        receipt: [undefined, "r"],
      }),
    },
    {
      type: "Bounds",
      pointer: "/$defs/bounds",
      instances: combinations({
        compare: [undefined, "exact", "numeric"],
        absolute: [undefined, 0.1],
        relative: [undefined, 0.2],
      }),
    },
    // Without `interface`, TypeScript has no discriminant to pick the member by, and a key any member declares is
    // known: `{ elements, methods }` is left to the validator.
    {
      type: "Page",
      pointer: "/$defs/page",
      instances: combinations({
        interface: [undefined, true, false],
        elements: [undefined, []],
        methods: [undefined, []],
      }).filter((i) => "interface" in i || !("elements" in i && "methods" in i)),
    },
  ];

  it("accepts every instance the schema accepts, and refuses every invalid one whose only fault is a member its case requires or forbids", async () => {
    const types = await fixtureTypes();
    for (const { type, pointer, instances } of cases) {
      const verdicts = typedLiterals(
        { "types.ts": types },
        "types.js",
        instances.map((value) => ({ type, value })),
      );
      const valid = instances.map((instance) => validator(pointer)(instance) as boolean);
      const unsound = instances.filter((_, i) => valid[i] && !verdicts[i]);
      expect(unsound, `${type}: valid instances the type refuses`).toEqual([]);
      // The validator's only other checks here are the unlisted discriminator value and the note's length.
      const structural = instances.filter(
        (instance, i) =>
          !valid[i] &&
          !["done", "van", 3].includes(
            instance["outcome" in instance ? "outcome" : "mode" in instance ? "mode" : "level"] as never,
          ),
      );
      const loose = structural.filter((instance) => verdicts[instances.indexOf(instance)]);
      // Fixture's `note` condition is not a discriminator test: the instances it alone refuses stay accepted.
      const noteOnly = loose.filter(
        (instance) => type === "Fixture" && instance["note"] !== undefined && instance["payload"] === undefined,
      );
      expect(
        loose.filter((instance) => !noteOnly.includes(instance)),
        `${type}: invalid instances the type accepts`,
      ).toEqual([]);
      expect(structural.length).toBeGreaterThan(0);
    }
  });
});

describe("discriminated-conditionals on this repository's contracts (generated/types)", () => {
  const modules = (...names: string[]) =>
    Object.fromEntries(names.map((name) => [name, readFileSync(path.join(GENERATED, name), "utf8")]));
  const result = modules("agent/result.ts", "agent/problem.ts", "agent/uuidv7.ts");
  const base = { invocation_id: "019374d2-4a1c-7b3e-8f00-2c5d6e7f8a9b", invocation_created_at: "2026-11-30T09:15:00Z" };

  it("agent/result: a failed result with a payload, a succeeded one without it, and a referral without its target do not compile", () => {
    const problem = { type: "about:blank", title: "Internal Server Error", status: 500 };
    const verdicts = typedLiterals(result, "agent/result.js", [
      { type: "AgentResult", value: { ...base, outcome: "failed", problem } },
      { type: "AgentResult", value: { ...base, outcome: "succeeded", payload: {} } },
      { type: "AgentResult", value: { ...base, outcome: "failed", problem, payload: { category: "hardware" } } },
      { type: "AgentResult", value: { ...base, outcome: "succeeded" } },
      { type: "AgentResult", value: { ...base, outcome: "referred", reason_code: "out_of_scope" } },
      { type: "AgentResult", value: { ...base, outcome: "suspended", problem } },
    ]);
    expect(verdicts).toEqual([true, true, false, false, false, false]);
  });

  it("tasks/action: a side effect without an idempotency key does not compile; a read without one does", () => {
    const action = {
      action_id: base.invocation_id,
      task_id: base.invocation_id,
      tool: "payments.refund",
      arguments: {},
    };
    const verdicts = typedLiterals(modules("tasks/action.ts", "agent/uuidv7.ts"), "tasks/action.js", [
      { type: "TasksAction", value: { ...action, side_effects: "none" } },
      { type: "TasksAction", value: { ...action, side_effects: "irreversible", idempotency_key: "refund-1042-1" } },
      { type: "TasksAction", value: { ...action, side_effects: "irreversible" } },
      { type: "TasksAction", value: { ...action, side_effects: "reversible" } },
    ]);
    expect(verdicts).toEqual([true, true, false, false]);
  });

  it("tasks/policy-decision: each decision carries its own member and no other's", () => {
    const decision = { decision_id: base.invocation_id, action_id: base.invocation_id };
    const verdicts = typedLiterals(modules("tasks/policy-decision.ts", "agent/uuidv7.ts"), "tasks/policy-decision.js", [
      { type: "TasksPolicyDecision", value: { ...decision, decision: "allow" } },
      { type: "TasksPolicyDecision", value: { ...decision, decision: "deny", reason: "no" } },
      { type: "TasksPolicyDecision", value: { ...decision, decision: "allow", reason: "looks fine" } },
      { type: "TasksPolicyDecision", value: { ...decision, decision: "allow_with_constraints" } },
      {
        type: "TasksPolicyDecision",
        value: {
          ...decision,
          decision: "require_approval",
          constraints: ["x"],
          approval_request_id: base.invocation_id,
        },
      },
    ]);
    expect(verdicts).toEqual([true, true, false, false, false]);
  });

  it("problems/contract: a budget's kind decides its members", () => {
    const verdicts = typedLiterals(
      modules(
        "problems/contract.ts",
        "problems/argmin-semantics.ts",
        "problems/schema-slot.ts",
        "problems/semantics.ts",
        "problems/sum-semantics.ts",
      ),
      "problems/contract.js",
      [
        { type: "Budget", value: { kind: "none" } },
        { type: "Budget", value: { kind: "wall_clock", seconds: 10 } },
        { type: "Budget", value: { kind: "wall_clock" } },
        { type: "Budget", value: { kind: "none", limit: 3 } },
      ],
    );
    expect(verdicts).toEqual([true, true, false, false]);
  });
});

describe("discriminated-conditionals on many discriminators", () => {
  it("intersects unions only up to 64 object types, so that TypeScript never has to multiply out more", async () => {
    const flags = Array.from({ length: 8 }, (_, i) => `f${i}`);
    const schema = {
      type: "object",
      properties: Object.fromEntries(
        flags.flatMap((f) => [
          [f, { type: "boolean" }],
          [`${f}_note`, { type: "string" }],
        ]),
      ),
      allOf: flags.map((f) => ({ if: { properties: { [f]: { const: true } } }, then: { required: [`${f}_note`] } })),
    };
    const dir = tempTree({ "src/flags.json": JSON.stringify(schema) });
    const result = await compile({
      sourceDir: path.join(dir, "src"),
      outDir: path.join(dir, "out"),
      baseUri: "https://fixtures.test/",
      catalog: [],
      typeCheck: false,
    });
    const types = result.files.get("types/flags.ts")!;
    // Three members each (true, false, absent): 3 × 3 × 3 = 27 ≤ 64 < 81. The note is required when the flag is true or absent.
    expect(types.match(/f\d_note: string;/g)?.length).toBe(6);
    expect(types).not.toContain("f3_note: string;");
    const all = Object.fromEntries(flags.map((f) => [f, false]));
    expect(
      typedLiterals({ "flags.ts": types }, "flags.js", [
        { type: "Flags", value: all },
        { type: "Flags", value: { ...all, f0: true } },
      ]),
    ).toEqual([true, false]);
  });
});
