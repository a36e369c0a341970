/**
 * The oracle of validity: ajv compiled from a contract's bundled schema, of
 * the class charter uses for its dialect (src/schema/ajv-for-dialect.ts),
 * with ajv-formats, `strict: false`, first error only. The bundle is added as
 * charter's own validators add it (`addBundle`, which lets a bundled copy of
 * a meta-schema win over ajv's); a top-level definition is judged through its
 * fragment, as charter's instance check does.
 */
import type { Ajv, ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { ajvForDialect } from "../../src/schema/ajv-for-dialect.js";
import type { Dialect } from "../../src/schema/dialect.js";
import { idKeyword } from "../../src/schema/dialect.js";
import { pointerToFragment } from "../../src/core/json-pointer.js";
import type { JsonValue } from "../../src/core/json-value.js";
import { addBundle } from "../../src/targets/validators/create-ajv.js";
import { classify, type Classified } from "./classify.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** undefined: accepted. Otherwise why it was rejected, or that ajv could not say (a RangeError on a recursive schema). */
export type Judgement = undefined | { rejected: Classified } | { failed: string };

export interface Judge {
  judge(value: unknown): Judgement;
}

export function ajvFor(dialect: Dialect, bundle: JsonValue): Ajv {
  const ajv = ajvForDialect(dialect, { strict: false, allErrors: false, validateSchema: false, logger: false });
  addFormats(ajv);
  addBundle(ajv, bundle, dialect);
  return ajv;
}

/** A judge for the schema at `pointer` ("" for the root) of `bundle`, or why ajv could not compile it. */
export function judgeFor(ajv: Ajv, bundle: JsonValue, dialect: Dialect, pointer: string): Judge | { error: string } {
  const id = (bundle as Record<string, unknown>)[idKeyword(dialect)];
  if (typeof id !== "string") return { error: "the bundle has no root id" };
  let validate: ValidateFunction | undefined;
  try {
    validate = ajv.getSchema(pointer === "" ? id : `${id}#${pointerToFragment(pointer)}`);
  } catch (error) {
    return {
      error: `ajv: ${String((error as Error).message)
        .split("\n")[0]!
        .slice(0, 200)}`,
    };
  }
  if (!validate) return { error: `ajv: no schema at ${pointer || "the root"}` };
  const compiled = validate;
  return {
    judge(value) {
      try {
        if (compiled(value)) return undefined;
      } catch (error) {
        return { failed: `ajv: ${String((error as Error).message).slice(0, 200)}` };
      }
      return { rejected: classify(compiled.errors ?? []) };
    },
  };
}
