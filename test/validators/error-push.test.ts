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
import { compactErrorPushes } from "../../src/targets/validators/error-push.js";

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
  });
});
