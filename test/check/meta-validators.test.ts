/**
 * The meta-schema validators the build precompiles (scripts/build-meta-validators.mjs) are the
 * code ajv compiles at run time: the same verdict and the same errors, on every schema and test
 * datum of the JSON-Schema-Test-Suite and on broken copies of them, for every dialect.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/schema/dialect.js";
import * as fromSources from "../../src/compiler/check/meta-validator.js";

const SUITE = fileURLToPath(new URL("../../../shared/corpora/json-schema-test-suite/tests/", import.meta.url));
const built = (await import(
  new URL("../../dist/compiler/check/meta-validator.js", import.meta.url).href
)) as typeof fromSources;
const DIALECTS = Object.keys(fromSources.META_SCHEMAS) as Dialect[];
const require = createRequire(import.meta.url);

/** Every schema and datum of the suite's three drafts, and three broken copies of each object among them. */
function values(): unknown[] {
  const found: unknown[] = [];
  for (const draft of ["draft7", "draft2019-09", "draft2020-12"]) {
    const dir = path.join(SUITE, draft);
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".json")) continue;
      const groups = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
        schema: unknown;
        tests: { data: unknown }[];
      }[];
      for (const group of groups) found.push(group.schema, ...group.tests.map((test) => test.data));
    }
  }
  const broken = found
    .filter(
      (value): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value),
    )
    .flatMap((value) => [
      { ...value, type: 5 },
      { ...value, properties: [1], required: "x" },
      { ...value, $defs: { a: { type: "nope", minimum: "x", $dynamicRef: 3 } }, definitions: { b: { enum: 3 } } },
    ]);
  return [...found, ...broken];
}

describe("the precompiled meta-schema validators", () => {
  const all = values();

  it.each(DIALECTS)("%s: the built module is the code ajv compiles now", (dialect) => {
    expect(readFileSync(built.metaValidatorFile(dialect), "utf8")).toBe(`${fromSources.metaValidatorCode(dialect)}\n`);
  });

  it.each(DIALECTS)("%s: the same verdicts and errors as ajv compiling the meta-schema", (dialect) => {
    const precompiled = require(built.metaValidatorFile(dialect)) as ValidateFunction;
    const compiled = fromSources.compileMetaValidator(dialect).validate;
    let refused = 0;
    const differing: unknown[] = [];
    for (const value of all) {
      const verdict = compiled(value);
      if (!verdict) refused++;
      const expected = JSON.stringify([verdict, compiled.errors]);
      if (JSON.stringify([precompiled(value), precompiled.errors]) !== expected) differing.push(value);
    }
    expect(differing).toEqual([]);
    // The broken copies are there to be refused: the comparison covers errors, not only passes.
    expect(refused).toBeGreaterThan(all.length / 4);
  });

  it("the built CLI loads them, and a run from the sources compiles its own", () => {
    for (const dialect of DIALECTS) {
      expect(built.metaValidator(dialect)).toBe(require(built.metaValidatorFile(dialect)));
      const fallback = fromSources.metaValidator(dialect);
      expect(fallback({ type: 5 })).toBe(false);
      expect(fallback({ type: "object" })).toBe(true);
    }
  });
});
