/**
 * schema-validation.jsonc, read the way SchemaStore's own harness (`cli.js
 * check`) uses it. Only four of its entries change how a schema and its tests
 * are validated; the rest are catalogue lints and are deliberately ignored:
 *
 * - `skiptest`: the schema is not validated at all (neither compiled nor
 *   tested). Most are one-line `$ref`s to a schema hosted elsewhere.
 * - `ajvNotStrictMode`: ajv runs with `strictTypes: false, strictTuples:
 *   false, allowMatchingProperties: true`. Every other schema runs with
 *   `strict: true` (strictSchema, strictNumbers, strictTypes without union
 *   types, strictTuples and strictRequired all throwing). Note that
 *   non-strict mode keeps strictSchema: an unknown keyword or format still
 *   fails compilation unless listed under `options`.
 * - `options[NAME].unknownFormat`: formats registered as always valid
 *   (`addFormat(name, true)`); `unknownKeywords`: keywords registered as
 *   annotations (`addKeyword(name)`); `externalSchema`: corpus files added
 *   with `addSchema` so that `$ref`s to them resolve.
 * - Beside those, the harness always registers a fixed list of editor
 *   annotation keywords (`ALWAYS_ALLOWED_KEYWORDS`), the formats of
 *   ajv-formats plus, for draft-07 and later, the draft 2019 formats
 *   (`@hyperupcall/ajv-formats-draft2019`), and ajv-keywords'
 *   `uniqueItemProperties`.
 *
 * Ignored on purpose: `highSchemaVersion` (allows 2019-09/2020-12 `$schema`
 * in the catalogue lint), `missingCatalogUrl`, `fileMatchConflict`,
 * `catalogEntryNoLintNameOrDescription` (catalogue checks), and `coverage`
 * (a separate, opt-in test-coverage report, not validation).
 */
import { readFileSync } from "node:fs";
import { parse, type ParseError } from "jsonc-parser";
import { SCHEMA_VALIDATION_FILE } from "./paths.js";

interface SchemaValidationOptions {
  unknownFormat?: string[];
  unknownKeywords?: string[];
  externalSchema?: string[];
}

interface SchemaValidationJson {
  ajvNotStrictMode: string[];
  skiptest: string[];
  options: Record<string, SchemaValidationOptions>;
  [other: string]: unknown;
}

/** How upstream validates one schema (by file name, `NAME.json`). */
export interface UpstreamRules {
  skip: boolean;
  /** `strict: true` (not listed in `ajvNotStrictMode`), or upstream's relaxed set. */
  fullStrict: boolean;
  unknownFormats: string[];
  unknownKeywords: string[];
  /** Corpus file names upstream adds with `addSchema` before compiling. */
  externalSchemas: string[];
}

/**
 * Keywords upstream's harness accepts in every schema: editor annotations
 * (VS Code, IntelliJ, taplo, tombi). A list of names, as documented in
 * SchemaStore's CONTRIBUTING ("Non-standard Properties") and its harness.
 */
export const ALWAYS_ALLOWED_KEYWORDS: readonly string[] = [
  "allowTrailingCommas",
  "defaultSnippets",
  "markdownDescription",
  "enumDescriptions",
  "markdownEnumDescriptions",
  "x-taplo",
  "x-taplo-info",
  "x-tombi-toml-version",
  "x-tombi-array-values-order",
  "x-tombi-array-values-order-by",
  "x-tombi-table-keys-order",
  "x-tombi-string-formats",
  "x-tombi-additional-key-label",
  "x-intellij-language-injection",
  "x-intellij-html-description",
  "x-intellij-enum-metadata",
];

/**
 * Formats upstream gets from `@hyperupcall/ajv-formats-draft2019` (draft-07
 * and later) that ajv-formats lacks. That package is not installed here and
 * no dependency may be added, so the naive pipeline registers them as
 * unchecked formats: compilation then behaves as upstream's, but their values
 * are not checked. The report says so.
 */
export const DRAFT2019_ONLY_FORMATS: readonly string[] = ["iri", "iri-reference", "idn-email", "idn-hostname"];

export interface SchemaValidation {
  raw: SchemaValidationJson;
  rulesFor(schemaFile: string): UpstreamRules;
}

export function readSchemaValidation(file = SCHEMA_VALIDATION_FILE): SchemaValidation {
  const errors: ParseError[] = [];
  const raw = parse(readFileSync(file, "utf8"), errors, { allowTrailingComma: true }) as SchemaValidationJson;
  if (errors.length > 0)
    throw new Error(`${file}: ${errors.length} JSONC parse errors (first at offset ${errors[0]!.offset})`);
  const skip = new Set(raw.skiptest);
  const notStrict = new Set(raw.ajvNotStrictMode);
  return {
    raw,
    rulesFor(schemaFile) {
      const options = raw.options[schemaFile] ?? {};
      return {
        skip: skip.has(schemaFile),
        fullStrict: !notStrict.has(schemaFile),
        unknownFormats: options.unknownFormat ?? [],
        unknownKeywords: options.unknownKeywords ?? [],
        externalSchemas: options.externalSchema ?? [],
      };
    },
  };
}
