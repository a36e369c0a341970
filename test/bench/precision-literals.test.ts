/**
 * The type-precision benchmark writes instances as typed literals and maps each TypeScript
 * diagnostic to the literal it falls in (scripts/bench-precision/literal.ts, tsc-check.ts):
 * an error reported at the variable's name counts as much as one inside the literal, and a
 * root type that is `any` or missing makes the module unusable rather than all-accepting.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeLiteral } from "../../scripts/bench-precision/literal.js";
import { checkLiterals, checkModule } from "../../scripts/bench-precision/tsc-check.js";

describe("writeLiteral", () => {
  it("writes JSON as a TypeScript expression, __proto__ as a computed key", () => {
    const parsed = JSON.parse('{"__proto__": 1, "a-b": [null, true, -0, 1e21]}') as unknown;
    expect(writeLiteral(parsed)).toEqual({
      ok: true,
      text: '{["__proto__"]: 1, "a-b": [null, true, -0, 1e+21]}',
      computedKeys: 1,
    });
    expect(writeLiteral([Number.NaN, Number.POSITIVE_INFINITY])).toEqual({
      ok: true,
      text: "[NaN, Infinity]",
      computedKeys: 0,
    });
  });

  it("refuses values JSON cannot hold", () => {
    expect(writeLiteral({ when: new Date(0) }).ok).toBe(false);
    expect(writeLiteral({ n: 1n }).ok).toBe(false);
  });
});

describe("checkLiterals", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-precision-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(
    path.join(dir, "types.ts"),
    "export interface Pet { kind: 'cat' | 'dog'; name: string }\nexport type Anything = any;\n",
  );
  const check = (typeName: string, literals: string[]) => {
    const file = path.join(dir, `${typeName}.check.ts`);
    writeFileSync(file, checkModule("./types.js", typeName, literals));
    return checkLiterals(file, literals.length);
  };

  it("says which literals the type rejects, wherever in the statement the error is", () => {
    const reply = check("Pet", [
      '{"kind": "cat", "name": "Tom"}',
      '{"kind": "cat"}',
      '{"kind": "cow", "name": "x"}',
      '{"kind": "dog", "name": "x", "extra": 1}',
    ]);
    expect(reply.moduleProblems).toEqual([]);
    expect(reply.verdicts.map((v) => v === null)).toEqual([true, false, false, false]);
    expect(reply.verdicts[1]).toMatch(/^TS2741/);
  }, 30_000);

  it("refuses a root type that is any, and one that is not exported", () => {
    expect(check("Anything", ['{"a": 1}']).moduleProblems).not.toEqual([]);
    expect(check("Missing", ['{"a": 1}']).moduleProblems).not.toEqual([]);
  }, 30_000);
});
