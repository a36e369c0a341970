import { errorAt, type Code, type Diagnostic } from "../../core/diagnostic.js";
import { joinPointer } from "../../core/json-pointer.js";
import { CHARTER_KEYWORD, CHARTER_KEYWORD_PREFIX } from "../../schema/keywords.js";
import { metaValidator } from "./meta-validator.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";

/** charter's keywords; any other `x-charter-*` is most likely a typo. */
export const CHARTER_KEYWORDS = new Set<string>(Object.values(CHARTER_KEYWORD));

/** The lints `x-charter-ignore` may silence: the warnings of lints.ts. */
const SILENCEABLE: ReadonlySet<string> = new Set([
  "CH310",
  "CH311",
  "CH312",
  "CH313",
  "CH314",
  "CH315",
  "CH316",
  "CH318",
  "CH319",
] satisfies Code[]);

/**
 * Checks a source against the meta-schema of its dialect, and its `x-charter-*`
 * keywords against the ones charter knows. A violation is placed at the YAML
 * node it concerns: ajv's instance path is a JSON pointer into the source.
 */
export function checkMetaSchema(document: SchemaDocument): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const validate = metaValidator(document.dialect);
  // Every place that breaks the meta-schema, once: ajv's first error there (the alternatives of
  // an `anyOf` report at the same place, and the first says the most).
  const seen = new Set<string>();
  const firstAtEachPlace = validate(document.value)
    ? []
    : validate.errors!.filter((e) => !seen.has(e.instancePath) && seen.add(e.instancePath));
  for (const error of firstAtEachPlace) {
    const pointer = error.instancePath;
    // ajv's message, with what it leaves in params and a person needs.
    const params = error.params as Record<string, unknown>;
    const detail = Array.isArray(params["allowedValues"])
      ? `: ${params["allowedValues"].map((v) => JSON.stringify(v)).join(", ")}`
      : typeof params["additionalProperty"] === "string"
        ? `: ${JSON.stringify(params["additionalProperty"])}`
        : "";
    diagnostics.push(
      errorAt(
        CHECK_CODES.metaSchema,
        `${pointer || "the root"} ${error.message ?? "is invalid"}${detail} (${document.dialect} meta-schema, ${error.schemaPath})`,
        {
          file: document.file,
          position: document.positions.get(pointer) ?? document.positions.get(""),
          pointer,
        },
      ),
    );
  }
  walkSchema(document.value, undefined, (schema, pointer) => {
    const ignore = schema[CHARTER_KEYWORD.ignore];
    if (
      ignore !== undefined &&
      !(Array.isArray(ignore) && ignore.every((code) => typeof code === "string" && SILENCEABLE.has(code)))
    ) {
      const at = joinPointer(pointer, CHARTER_KEYWORD.ignore);
      diagnostics.push(
        errorAt(CHECK_CODES.badIgnore, `x-charter-ignore must list lint codes (${[...SILENCEABLE].join(", ")})`, {
          file: document.file,
          position: document.positions.get(at),
          pointer: at,
        }),
      );
    }
    for (const key of Object.keys(schema)) {
      if (!key.startsWith(CHARTER_KEYWORD_PREFIX) || CHARTER_KEYWORDS.has(key)) continue;
      const at = joinPointer(pointer, key);
      diagnostics.push(
        errorAt(
          CHECK_CODES.unknownCharterKeyword,
          `unknown charter keyword ${key}; charter knows ${[...CHARTER_KEYWORDS].join(", ")}`,
          {
            file: document.file,
            position: document.keyPositions.get(at),
            pointer: at,
          },
        ),
      );
    }
    return undefined;
  });
  return diagnostics;
}
