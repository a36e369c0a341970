import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { isJsonObject } from "../../core/json-object.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";

/** charter's keyword for a contract's own version, which `charter diff` holds breaking changes to. */
export const VERSION_KEYWORD = CHARTER_KEYWORD.version;

/** `MAJOR.MINOR.PATCH`, without pre-release or build parts. */
export const SEMVER = /^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$/;

/** The version a contract declares at its root, if any; declared anywhere else, or malformed, it is an error. */
export function declaredVersion(document: SchemaDocument): { version?: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const at = (pointer: string) => ({
    file: document.file,
    position: document.keyPositions.get(pointer) ?? document.positions.get(pointer),
    pointer,
  });
  walkSchema(document.value, undefined, (schema, pointer) => {
    if (pointer !== "" && VERSION_KEYWORD in schema)
      diagnostics.push(
        errorAt(
          CHECK_CODES.badVersion,
          `${VERSION_KEYWORD} is read at the root of a contract only`,
          at(joinPointer(pointer, VERSION_KEYWORD)),
        ),
      );
    return undefined;
  });
  const root = document.value;
  if (!isJsonObject(root) || !(VERSION_KEYWORD in root)) return { diagnostics };
  const version = root[VERSION_KEYWORD];
  if (typeof version !== "string" || !SEMVER.test(version)) {
    // YAML reads `2.0` as a number: say so, since the fix is to write all three parts.
    const got =
      typeof version === "string" ? JSON.stringify(version) : `${JSON.stringify(version)}, a ${typeof version}`;
    diagnostics.push(
      errorAt(CHECK_CODES.badVersion, `${VERSION_KEYWORD} must be MAJOR.MINOR.PATCH, such as "1.4.0" (got ${got})`, {
        ...at(joinPointer("", VERSION_KEYWORD)),
        position: document.positions.get(joinPointer("", VERSION_KEYWORD)),
      }),
    );
    return { diagnostics };
  }
  return { version, diagnostics };
}
