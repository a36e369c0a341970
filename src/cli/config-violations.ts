import { readFileSync } from "node:fs";
import { errorAt, type Diagnostic, type SourcePosition } from "../core/diagnostic.js";
import { getAtPointer, joinPointer, splitPointer } from "../core/json-pointer.js";
import type { ValidationError } from "../../generated/validators/charter/config.js";
import { CLI_CODES } from "./codes.js";

// The bundled schema the validator was generated from: where an unknown key is reported, the
// message lists the keys that place does take, read from the schema rather than repeated here.
// Read only when a key is unknown: a valid config, every run's case, costs nothing here.
let configSchema: unknown;
const bundledConfigSchema = (): unknown =>
  (configSchema ??= JSON.parse(
    readFileSync(new URL("../../generated/schemas/charter/config.schema.json", import.meta.url), "utf8"),
  ));

/** Settings whose rule is easier said than its pattern. */
const SENTENCES: Readonly<Record<string, string>> = {
  "/baseUri": `must be an absolute URI ending in "/" or ":", without "?" or "#"`,
  "/targets/python/package":
    "must be a Python package name (lower case letters, digits, `_`) that is neither a folder of the generated tree (types, schemas, validators) nor a module the package or pydantic imports (json, typing, pydantic, ...)",
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  object: "a mapping",
  array: "a list",
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
};

export interface ConfigSource {
  file: string;
  value: unknown;
  positions: ReadonlyMap<string, SourcePosition>;
  keyPositions: ReadonlyMap<string, SourcePosition>;
}

/**
 * The generated validator's findings about a config file, as diagnostics in the
 * file: CH002 at an unknown key, with the keys allowed there; CH003 at a value of
 * the wrong type or form, saying what is expected.
 */
export function configDiagnostics(errors: readonly ValidationError[], source: ConfigSource): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of relevantErrors(errors)) {
    const pointer = error.instancePath;
    const unknown =
      error.keyword === "additionalProperties"
        ? error.params["additionalProperty"]
        : error.keyword === "unevaluatedProperties"
          ? error.params["unevaluatedProperty"]
          : undefined;
    if (typeof unknown === "string") {
      const at = joinPointer(pointer, unknown);
      const keys = keysAt(error.schemaPath.replace(/\/(additionalProperties|unevaluatedProperties)$/, ""));
      const list = keys.length > 0 ? `; the keys are ${keys.join(", ")}` : "";
      push(
        diagnostics,
        seen,
        errorAt(CLI_CODES.configKey, `unknown key "${unknown}"${list}`, {
          file: source.file,
          position: source.keyPositions.get(at) ?? source.positions.get(pointer),
          pointer: at,
        }),
      );
      continue;
    }
    // A key that breaks `propertyNames`: ajv reports what it broke (with `propertyName`), then a
    // summary; the first is said at the key, the summary dropped.
    const key = (error as { propertyName?: unknown }).propertyName;
    if (error.keyword === "propertyNames") continue;
    if (typeof key === "string") {
      const at = joinPointer(pointer, key);
      const what = describe(error, key);
      if (what !== undefined)
        push(
          diagnostics,
          seen,
          errorAt(
            CLI_CODES.configValue,
            `${label(pointer)} key ${JSON.stringify(key)}: ${what.replace(/^must be a non-empty string$/, "must not be empty")}`,
            { file: source.file, position: source.keyPositions.get(at) ?? source.positions.get(pointer), pointer: at },
          ),
        );
      continue;
    }
    const sentence = describe(error, getAtPointer(source.value, pointer));
    if (sentence === undefined) continue;
    push(
      diagnostics,
      seen,
      errorAt(CLI_CODES.configValue, `${label(pointer)} ${sentence}`, {
        file: source.file,
        position: source.positions.get(pointer),
        pointer,
      }),
    );
  }
  // In the order of the file, as a person fixes them.
  const place = (d: Diagnostic) => [d.line ?? 0, d.column ?? 0] as const;
  return diagnostics.sort((a, b) => place(a)[0] - place(b)[0] || place(a)[1] - place(b)[1]);
}

/**
 * A value that fails a `oneOf` whose branches each fix a type (`typeNames`: a
 * string or a mapping) is told what the branch of its own type wants; the
 * branches of other types, and ajv's summary, say nothing useful. When no
 * branch has the value's type, one finding lists the types.
 */
function relevantErrors(errors: readonly ValidationError[]): ValidationError[] {
  const branchType = /^(.*\/oneOf)\/(\d+)\/type$/;
  const wrongBranches = new Set<string>();
  const typeErrors = new Map<string, ValidationError[]>();
  for (const error of errors) {
    const match = branchType.exec(error.schemaPath);
    if (!match) continue;
    wrongBranches.add(`${match[1]}/${match[2]}/`);
    typeErrors.set(match[1]!, [...(typeErrors.get(match[1]!) ?? []), error]);
  }
  const kept: ValidationError[] = [];
  for (const error of errors) {
    if (error.keyword === "oneOf") {
      const types = typeErrors.get(error.schemaPath) ?? [];
      const branches = error.schemaPath;
      // Every branch refused the value's type: say which types are taken, once.
      const branchCount = new Set(
        errors
          .filter((e) => e.schemaPath.startsWith(`${branches}/`) && e.instancePath === error.instancePath)
          .map((e) => e.schemaPath.slice(branches.length + 1).split("/")[0]),
      ).size;
      if (types.length > 0 && types.length === branchCount)
        kept.push({ ...types[0]!, params: { type: types.map((t) => String(t.params["type"])).join(",") } });
      continue;
    }
    if ([...wrongBranches].some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    kept.push(error);
  }
  return kept;
}

function push(diagnostics: Diagnostic[], seen: Set<string>, diagnostic: Diagnostic): void {
  const key = `${diagnostic.pointer}\u0000${diagnostic.message}`;
  if (seen.has(key)) return;
  seen.add(key);
  diagnostics.push(diagnostic);
}

/** What the value should have been; undefined for findings that only summarise others (`allOf`, `if`). */
function describe(error: ValidationError, value: unknown): string | undefined {
  const sentence = SENTENCES[error.instancePath];
  switch (error.keyword) {
    case "type": {
      const types = String(error.params["type"]).split(",");
      return `must be ${types.map((t) => TYPE_NAMES[t] ?? t).join(" or ")}`;
    }
    case "enum":
      return `must be ${(error.params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(" or ")}`;
    case "minLength":
      return error.params["limit"] === 1
        ? "must be a non-empty string"
        : `must be at least ${String(error.params["limit"])} characters long`;
    case "pattern":
    case "format":
      return `${sentence ?? `must match ${String(error.params["pattern"] ?? error.params["format"])}`} (got ${JSON.stringify(value)})`;
    case "allOf":
    case "if":
      return undefined;
    default:
      return sentence ?? error.message ?? error.keyword;
  }
}

/** `validation.contracts["vendor/"].strictness`: the path a person reads in the file. */
function label(pointer: string): string {
  if (pointer === "") return "the config file";
  return splitPointer(pointer)
    .map((token, index) =>
      /^[A-Za-z_][A-Za-z0-9_]*$/.test(token) ? `${index === 0 ? "" : "."}${token}` : `[${JSON.stringify(token)}]`,
    )
    .join("");
}

/** The property names the schema at `schemaPath` declares, following local `$ref` and `allOf`. */
function keysAt(schemaPath: string): string[] {
  const keys: string[] = [];
  const visit = (pointer: string, depth: number) => {
    const schema = getAtPointer(bundledConfigSchema(), pointer) as Record<string, unknown> | undefined;
    if (schema === undefined || schema === null || typeof schema !== "object" || depth > 8) return;
    for (const key of Object.keys((schema["properties"] as object | undefined) ?? {}))
      if (!keys.includes(key)) keys.push(key);
    const ref = schema["$ref"];
    if (typeof ref === "string" && ref.startsWith("#")) visit(decodeURIComponent(ref.slice(1)), depth + 1);
    const all = schema["allOf"];
    if (Array.isArray(all)) all.forEach((_, index) => visit(joinPointer(pointer, "allOf", index), depth + 1));
  };
  visit(decodeURIComponent(schemaPath.replace(/^#/, "")), 0);
  return keys;
}
