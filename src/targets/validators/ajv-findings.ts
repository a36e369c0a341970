import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { fragmentToPointer, pointerToFragment } from "../../core/json-pointer.js";
import { errorAt, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import type { ValidationPolicy } from "../../settings/validation.js";
import { VALIDATOR_CODES } from "./codes.js";
import { declaredByEnclosingSchema } from "./enclosing-properties.js";
import { locateFinding } from "./finding-location.js";
import { bundleResources, resourceOf, type BundleResource } from "./finding-resources.js";

/**
 * What ajv logged while compiling, as diagnostics placed in the contract's
 * source where ajv's location allows: unknown formats (each once; a warning,
 * or an error when refused) and, under `strict`, its strict-mode findings:
 * errors where ajv's strict mode refuses the contract, warnings where ajv
 * meets them only compiling a definition on its own (`strictApart`).
 */
export function ajvFindings(
  warnings: readonly string[],
  strictApart: readonly string[],
  bundle: Bundle,
  source: SchemaDocument,
  policy: ValidationPolicy,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let known: Map<string, BundleResource> | undefined;
  const resources = () => (known ??= bundleResources(bundle.schema, bundle.id, source.value, bundle.dialect));
  const seen = new Set<string>();
  const place = (pointer: string | undefined) => ({
    file: source.file,
    position: (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 },
    ...(pointer !== undefined && source.positions.has(pointer) ? { pointer } : {}),
  });
  const strictFinding = (warning: string, apart: boolean): void => {
    const strict = /^strict mode: (.*?)(?: at (?:path )?"([^"]*)")?(?: \((\w+)\))?$/s.exec(warning);
    if (!strict || policy.strictness !== "strict") return;
    const [, what, where] = strict;
    const named = where !== undefined ? resourceOf(where, resources(), bundle.id) : undefined;
    // A finding inside an embedded document belongs to that document's own contract (and policy).
    if (where !== undefined && !named?.resource.own) return;
    const required = /^required property "(.*)" is not defined$/s.exec(what ?? "")?.[1];
    const relative = named ? fragmentToPointer(named.fragment) : undefined;
    const given = relative !== undefined ? named!.resource.pointer + relative : undefined;
    const pointer =
      relative !== undefined ? locateFinding(source.value, relative, required, named!.resource.pointer) : undefined;
    if (required !== undefined && pointer !== undefined && declaredByEnclosingSchema(source.value, pointer, required))
      return;
    // A definition compiled apart and again as its own export yields one finding twice; an
    // error and a warning for one place is the error.
    if (seen.has(`strict:${what}@${pointer}`)) return;
    seen.add(`strict:${what}@${pointer}`);
    // Name the place found in the source, not ajv's location relative to a definition.
    const at =
      pointer !== undefined && (pointer !== given || named!.uri !== bundle.id)
        ? `${bundle.id}#${pointerToFragment(pointer)}`
        : where;
    const message = `${what}${at ? ` (ajv: at ${at})` : ""}`;
    if (!apart) diagnostics.push(errorAt(VALIDATOR_CODES.strictMode, message, place(pointer)));
    else
      diagnostics.push(
        warningAt(
          VALIDATOR_CODES.strictMode,
          `${message}; a warning: ajv meets it only compiling this definition on its own, and its strict mode accepts the contract`,
          place(pointer),
        ),
      );
  };
  for (const warning of warnings) {
    if (seen.has(warning)) continue; // the strict checker, or another export's compilation, logs it again
    seen.add(warning);
    const format = /unknown format "([^"]+)"/.exec(warning)?.[1];
    if (format !== undefined) {
      if (seen.has(`format:${format}`)) continue;
      seen.add(`format:${format}`);
      const at = place(formatPointer(source, format));
      if (policy.unknownFormats === "refuse") {
        diagnostics.push(
          errorAt(
            VALIDATOR_CODES.unknownFormatRefused,
            `format "${format}" is unknown to charter-runtime, and this contract refuses unknown formats`,
            at,
          ),
        );
      } else {
        diagnostics.push(
          warningAt(
            VALIDATOR_CODES.unknownFormat,
            `format "${format}" is unknown to charter-runtime; the validator does not check it`,
            at,
          ),
        );
      }
      continue;
    }
    strictFinding(warning, false);
  }
  for (const warning of strictApart) strictFinding(warning, true);
  return diagnostics;
}

/** The first `format` keyword in the source with this value, to place a finding about it. */
function formatPointer(source: SchemaDocument, format: string): string | undefined {
  let found: string | undefined;
  walkSchema(source.value, undefined, (schema, pointer) => {
    if (found === undefined && schema["format"] === format) found = `${pointer}/format`;
    return undefined;
  });
  return found;
}
