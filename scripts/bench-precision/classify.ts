/**
 * What kind of violation makes ajv reject an instance, from the errors of a
 * first-error validator (`allErrors: false`). Such a validator reports one
 * failure, preceded by the errors of the branches of every union it failed
 * in: the first error is the innermost keyword that failed, the last the
 * outermost (a `oneOf` reached through a `$ref`, whose own `schemaPath`
 * starts at the reference's target, shows only there). So:
 *
 * - a failed `oneOf`/`anyOf` (the last error, or the outermost place its
 *   path goes through) is `oneOf/anyOf`;
 * - an error under `if`/`then`/`else`, `dependentRequired`,
 *   `dependentSchemas` or draft-07's `dependencies` is `conditional`;
 * - otherwise the first error's keyword decides: `required`,
 *   `additionalProperties`/`unevaluatedProperties` (and a `false` schema
 *   under `properties`: a member that must not be there), `type`,
 *   `const`/`enum`, and `other` for what types cannot state (`format`,
 *   `pattern`, `minimum`, `minItems`, ...).
 */

export const CATEGORIES = [
  "required",
  "additional",
  "type",
  "const/enum",
  "conditional",
  "oneOf/anyOf",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The categories types can express: "structural" precision is over these. */
export const STRUCTURAL: ReadonlySet<Category> = new Set([
  "required",
  "additional",
  "type",
  "const/enum",
  "conditional",
  "oneOf/anyOf",
]);

export const CATEGORY_LABELS: Record<Category, string> = {
  required: "required",
  additional: "additional/unevaluatedProperties",
  type: "type",
  "const/enum": "const/enum",
  conditional: "conditional",
  "oneOf/anyOf": "oneOf/anyOf",
  other: "other (not structural)",
};

export interface AjvErrorLike {
  keyword: string;
  schemaPath: string;
}

export interface Classified {
  category: Category;
  /** The first error's keyword, for `other`'s breakdown. */
  keyword: string;
  schemaPath: string;
}

const UNION = new Set(["oneOf", "anyOf"]);
const CONDITIONAL = new Set(["if", "then", "else", "dependentRequired", "dependentSchemas", "dependencies"]);
/** Keywords whose next path segment is a name, never a keyword (`properties/then` is a property). */
const NAMED = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
  "dependentRequired",
]);

function segments(schemaPath: string): string[] {
  return schemaPath
    .replace(/^[^#]*#?\/?/, "")
    .split("/")
    .filter((s) => s !== "")
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The outermost union or conditional keyword a schema path goes through. */
function outermost(schemaPath: string): "union" | "conditional" | undefined {
  const parts = segments(schemaPath);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (UNION.has(part)) return "union";
    if (CONDITIONAL.has(part)) return "conditional";
    if (NAMED.has(part)) i++;
  }
  return undefined;
}

function byKeyword(error: AjvErrorLike): Category {
  switch (error.keyword) {
    case "required":
      return "required";
    case "additionalProperties":
    case "unevaluatedProperties":
      return "additional";
    case "type":
      return "type";
    case "const":
    case "enum":
      return "const/enum";
    case "false schema": {
      const parts = segments(error.schemaPath).slice(0, -1);
      const parent = parts[parts.length - 1];
      const named = parts[parts.length - 2];
      return parent === "additionalProperties" ||
        parent === "unevaluatedProperties" ||
        named === "properties" ||
        named === "patternProperties"
        ? "additional"
        : "other";
    }
    default:
      return "other";
  }
}

export function classify(errors: readonly AjvErrorLike[]): Classified {
  const first = errors[0];
  const last = errors[errors.length - 1];
  if (!first || !last) return { category: "other", keyword: "(no error)", schemaPath: "" };
  const described = { keyword: first.keyword, schemaPath: first.schemaPath };
  const outer =
    outermost(last.schemaPath) ??
    (UNION.has(last.keyword) ? "union" : CONDITIONAL.has(last.keyword) ? "conditional" : outermost(first.schemaPath));
  if (outer === "union") return { category: "oneOf/anyOf", ...described };
  if (outer === "conditional") return { category: "conditional", ...described };
  return { category: byKeyword(first), ...described };
}
