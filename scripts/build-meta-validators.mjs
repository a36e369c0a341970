// The meta-schema validators, precompiled: ajv's standalone code for each dialect's meta-schema,
// written beside dist/compiler/check/meta-validator.js, which loads them (src/compiler/check/meta-validator.ts),
// so that no run compiles a meta-schema. Made from what tsc just wrote, with the locked ajv.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { META_SCHEMAS, metaValidatorCode, metaValidatorFile } from "../dist/compiler/check/meta-validator.js";

for (const dialect of Object.keys(META_SCHEMAS)) {
  const file = metaValidatorFile(dialect);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${metaValidatorCode(dialect)}\n`);
}
