import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { AnySchemaObject, ValidateFunction } from "ajv";
import { ajvForDialect } from "../../schema/ajv-for-dialect.js";
import type { Dialect } from "../../schema/dialect.js";

const require = createRequire(import.meta.url);

/** The meta-schema of each dialect, by the `$id` ajv ships it under. */
export const META_SCHEMAS: Record<Dialect, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema",
  "draft-06": "http://json-schema.org/draft-06/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

/** Every violation, not the first; ajv compiles its meta-schemas without format checks, so `format: regex` is not asserted. */
const OPTIONS = { strict: false, logger: false as const, allErrors: true };

/** ajv compiling the meta-schema of `dialect` now, with its code kept when `source` (for the standalone module). */
export function compileMetaValidator(dialect: Dialect, source = false) {
  const ajv = ajvForDialect(dialect, { ...OPTIONS, ...(source ? { code: { source: true } } : {}) });
  // ajv's default class preloads draft-07's meta-schema only; draft-06's ships beside it.
  if (dialect === "draft-06") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json") as AnySchemaObject);
  return { ajv, validate: ajv.getSchema(META_SCHEMAS[dialect])! };
}

/** The meta-schema validator of `dialect` as a CommonJS module of ajv's standalone code: what the build writes. */
export function metaValidatorCode(dialect: Dialect): string {
  const { ajv, validate } = compileMetaValidator(dialect, true);
  // Required here, not at load: only the build writes the modules, and every run loads this file.
  // ajv's standalone module is CommonJS whose function is its `default`.
  const standaloneCode = (
    require("ajv/dist/standalone") as { default: (ajv: ReturnType<typeof ajvForDialect>, validate: unknown) => string }
  ).default;
  return standaloneCode(ajv, validate);
}

/** Where the build writes the module of `dialect` (scripts/build-meta-validators.mjs), beside this file in dist/. */
export function metaValidatorFile(dialect: Dialect): string {
  return fileURLToPath(new URL(`meta-validators/${dialect}.cjs`, import.meta.url));
}

const validators = new Map<Dialect, ValidateFunction>();

/**
 * The meta-schema validator of a dialect, once per process: the build's precompiled module, or,
 * run from the sources (which the build has not compiled), ajv compiling the same meta-schema
 * with the same options. The module is the same code ajv would compile, so the two give the same
 * verdicts and errors; loading it spares every run 60–90 ms of ajv compiling a 2020-12 meta-schema.
 */
export function metaValidator(dialect: Dialect): ValidateFunction {
  let validate = validators.get(dialect);
  if (validate) return validate;
  const file = metaValidatorFile(dialect);
  validate = existsSync(file) ? (require(file) as ValidateFunction) : compileMetaValidator(dialect).validate;
  validators.set(dialect, validate);
  return validate;
}
