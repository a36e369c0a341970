/**
 * The depth check's placement (recursion-guard.ts): the functions of ajv's standalone code that
 * lie on a cycle of its call graph, read from the text, and nothing else; and ajv's code still has
 * the shape the reading relies on (if it changes, the check would silently go missing).
 */
import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { createAjv } from "../../src/targets/validators/create-ajv.js";
import * as recursionGuard from "../../src/targets/validators/recursion-guard.js";

/** The functions over a module's text, as these tests read it. */
const functionsOnCycles = (code: string) => recursionGuard.functionsOnCycles(code.split("\n"));
const guardDepth = (code: string, cyclic: ReadonlySet<string>) =>
  recursionGuard.guardDepth(code.split("\n"), cyclic).join("\n");

const standaloneCode = (
  createRequire(import.meta.url)("ajv/dist/standalone") as {
    default: (ajv: Ajv, refs: Record<string, string>) => string;
  }
).default;

const header = (name: string) =>
  `function ${name}(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){`;

/** ajv-shaped text: each function with the calls it makes, and what ajv writes besides calls. */
function code(functions: Record<string, string[]>, between: string[] = []): string {
  return Object.entries(functions)
    .flatMap(([name, calls]) => [
      header(name),
      ...calls,
      `${name}.errors = vErrors;`,
      "return errors === 0;",
      "}",
      `${name}.evaluated = {"dynamicProps":false,"dynamicItems":false};`,
      ...between,
    ])
    .concat(["export const validate = validate0;", ""])
    .join("\n");
}

describe("the functions on a cycle", () => {
  it("are those that call themselves or take part in a mutual recursion, calls through wrappers included", () => {
    expect(functionsOnCycles(code({ validate0: ["if(!(validate0(data.a, {instancePath})))"] }))).toEqual(
      new Set(["validate0"]),
    );
    const mutual = code(
      {
        validate0: ["if(!(validate1(data.a, {instancePath})))"],
        validate1: ["if(!(wrapper0.validate(data.b, {instancePath})))", "vErrors = wrapper0.validate.errors;"],
        validate2: ["if(!(validate0(data, {instancePath})))"],
      },
      ["const wrapper0 = {validate: validate0};"],
    );
    // validate2 calls into the cycle but is not on it: the check runs on the cycle, once per level.
    expect(functionsOnCycles(mutual)).toEqual(new Set(["validate0", "validate1"]));
  });

  it("are none where functions only read each other's errors or call down a chain", () => {
    const chain = code({
      validate0: [
        "if(!(validate1(data.a, {instancePath})))",
        "vErrors = validate1.errors;",
        "const x = validate0.evaluated;",
      ],
      validate1: ["if(!(validate2(data.b, {instancePath})))"],
      validate2: ['if(typeof data !== "string")'],
    });
    expect(functionsOnCycles(chain)).toEqual(new Set());
    expect(functionsOnCycles("const schema0 = {};\nexport const validate = validate0;\n")).toEqual(new Set());
  });

  it.each([false, true])(
    "are found in ajv's own standalone code for a recursive schema, and only there (allErrors: %s)",
    (allErrors) => {
      const compiled = (schema: object) => {
        const ajv = createAjv("2020-12", { allErrors }, { warnings: [] });
        ajv.addSchema({ $id: "https://g.test/s", ...schema });
        return standaloneCode(ajv, { validate: "https://g.test/s" });
      };
      const tree = compiled({ type: "object", properties: { children: { type: "array", items: { $ref: "#" } } } });
      expect(functionsOnCycles(tree).size).toBe(1);
      const nodes = compiled({
        $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { items: { $ref: "#/$defs/a" } } },
        $ref: "#/$defs/a",
      });
      expect(functionsOnCycles(nodes).size).toBe(2);
      expect(
        functionsOnCycles(
          compiled({
            $defs: { a: { type: "string" } },
            properties: { x: { $ref: "#/$defs/a" }, y: { $ref: "#/$defs/a" } },
          }),
        ).size,
      ).toBe(0);
    },
  );
});

describe("the guarded code", () => {
  it("checks the depth first thing in each function on a cycle, and exports the limit, Infinity until set", () => {
    const text = code({
      validate0: ["if(!(validate0(data.a, {instancePath})))"],
      validate1: ["if(!(validate0(data, {instancePath})))"],
    });
    const guarded = guardDepth(text, functionsOnCycles(text)).split("\n");
    const check =
      "if (instancePath.length >= __charterDepth.limit && __charterTooDeep(instancePath, data)) throw __charterDepth;";
    expect(guarded[guarded.indexOf(header("validate0")) + 1]).toBe(check);
    expect(guarded[guarded.indexOf(header("validate1")) + 1]).not.toBe(check);
    expect(guarded.filter((line) => line === check)).toHaveLength(1);
    expect(guarded).toContain('const __charterDepth = { limit: Infinity, at: "" };');
    expect(guarded.slice(-3)).toEqual([
      "export const validate = validate0;",
      "export const __charterDepth = __charterDepth;",
      "",
    ]);
  });
});
