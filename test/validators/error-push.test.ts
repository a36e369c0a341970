/**
 * Each error ajv records in a list, appended in one statement
 * (src/targets/validators/error-push.ts): the canary that ajv still writes
 * the six lines, and the rewrite's refusal to touch a constant used elsewhere.
 * The differential tests hold the rewritten modules' errors equal to ajv's.
 */
import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import { compactErrorPushes as compactLines } from "../../src/targets/validators/error-push.js";

/** The rewrite over a module's text, as these tests read it. */
function compactErrorPushes(code: string): { code: string; replaced: number } {
  const { lines, replaced } = compactLines(code.split("\n"));
  return { code: lines.join("\n"), replaced };
}

const standaloneCode = (
  createRequire(import.meta.url)("ajv/dist/standalone") as {
    default: (ajv: Ajv, refs: Record<string, string>) => string;
  }
).default;

describe("compactErrorPushes", () => {
  it("canary: ajv's all-errors code still appends each error in six lines, and each becomes one", () => {
    const ajv = ajvForDialect("draft-07", {
      strict: false,
      allErrors: true,
      code: { source: true, esm: true, lines: true },
    });
    ajv.addSchema({ $id: "https://w.test/p", properties: { a: { type: "string" }, b: { minimum: 3 } } });
    const code = standaloneCode(ajv, { validate: "https://w.test/p" });
    const { code: compact, replaced } = compactErrorPushes(code);
    expect(replaced).toBe(2);
    expect(compact).not.toMatch(/vErrors\.push\(err\d+\)/);
    expect(compact.match(/^vErrors = __charterPush\(vErrors, \{instancePath:/gm)).toHaveLength(2);
    // The function that appends is declared once, before the first validation function.
    expect(compact.match(/^function __charterPush\(/gm)).toHaveLength(1);
    expect(compact.indexOf("function __charterPush(")).toBeLessThan(compact.search(/^function validate\d+\(/m));
  });

  it("canary: an error whose params ajv spreads over several lines (dependencies) becomes one statement too", () => {
    const ajv = ajvForDialect("draft-07", {
      strict: false,
      allErrors: true,
      code: { source: true, esm: true, lines: true },
    });
    ajv.addSchema({ $id: "https://w.test/d", dependencies: { order: ["properties"] }, type: "object" });
    const code = standaloneCode(ajv, { validate: "https://w.test/d" });
    // ajv still writes this constant across lines: were it one line, this test would not cover the case.
    expect(code).toMatch(/^const err\d+ = \{[^\n]*[^;]\n/m);
    const { code: compact, replaced } = compactErrorPushes(code);
    expect(replaced).toBe(2);
    expect(compact).not.toMatch(/\berr\d+\b/);
    const validate = moduleFunction(compact);
    expect(validate({ order: 1 })).toBe(false);
    expect(validate.errors).toEqual([
      {
        instancePath: "",
        schemaPath: "#/dependencies",
        keyword: "dependencies",
        params: { property: "order", missingProperty: "properties", depsCount: 1, deps: "properties" },
        message: "must have property properties when property order is present",
      },
    ]);
    expect(validate({ order: 1, properties: 2 })).toBe(true);
  });

  it("leaves a module alone when an error constant is named anywhere else", () => {
    const code = [
      'const err0 = {keyword:"type"};',
      "if(vErrors === null){",
      "vErrors = [err0];",
      "}",
      "else {",
      "vErrors.push(err0);",
      "}",
      "log(err0);",
    ].join("\n");
    expect(compactErrorPushes(code)).toEqual({ code, replaced: 0 });
    expect(compactErrorPushes(code.replace("log(err0);", "")).code).toContain(
      'vErrors = __charterPush(vErrors, {keyword:"type"});\n',
    );
    // A schema's own string that spells the name (an enum value) is not a use of the constant.
    const spelled = code.replace("log(err0);", 'const schema1 = {"enum":["a-err0","say \\"err0\\""]};');
    expect(compactErrorPushes(spelled).replaced).toBe(1);
  });
});

/** The standalone module's exported function, run in this process (the module imports nothing here). */
function moduleFunction(code: string): ((data: unknown) => boolean) & { errors?: unknown } {
  const body = code.replace(/^export const validate = /m, "const validate = ").replace(/^export default .*$/m, "");
  return new Function(`${body}\nreturn validate;`)() as ((data: unknown) => boolean) & { errors?: unknown };
}
