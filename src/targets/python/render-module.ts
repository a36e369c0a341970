import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { getAtPointer } from "../../core/json-pointer.js";
import { annotation, type AnnotationScope } from "./annotations.js";
import { docstring, fieldNames, pythonString } from "./python-names.js";
import { conditionalVariants, type Variant } from "./conditional-variants.js";
import { resolveInBundle } from "../shared/bundle-references.js";
import { dependentRequiredValidator } from "./dependent-required.js";
import { typedExtrasLine } from "./typed-extras.js";
import { statedPattern } from "./model-pattern.js";
import { nestedClasses, pascalPart, type NestedClasses } from "./nested-classes.js";

/** One type a contract's module declares: its name and the bundle pointer of its schema. */
export interface Declared {
  name: string;
  pointer: string;
}

/** A declaration's Python text, and the names of this module it needs defined first (an alias's right side runs at import). */
interface Declaration {
  name: string;
  text: string;
  isClass: boolean;
  uses: Set<string>;
}

/** Whether a schema becomes a model class: an object, and only an object, with members. */
export function isModelSchema(schema: JsonValue | undefined): schema is JsonObject {
  if (!isJsonObject(schema as JsonValue)) return false;
  const s = schema as JsonObject;
  const type = s["type"];
  const object = type === "object" || (Array.isArray(type) && type.length === 1 && type[0] === "object");
  return object && isJsonObject(s["properties"] as JsonValue) && typeof s["$ref"] !== "string";
}

/**
 * The declarations of a module, model classes first (their annotations are read late, so
 * they may name anything), the classes of objects written inline next, then the aliases in an
 * order where each follows what it names; an alias on a cycle of aliases is `Any` (the schema
 * still checks it). `taken`: every type name of the package. `nested`: the inline classes'
 * names, which the package's `__init__` does not export (two modules may have one).
 */
export function renderDeclarations(
  declared: readonly Declared[],
  scope: AnnotationScope,
  taken: ReadonlySet<string>,
): { texts: string[]; classCount: number; nested: ReadonlySet<string> } {
  const own = new Set(declared.map((d) => d.name));
  const nested = nestedClasses(new Set([...taken, ...own]), (name, schema) => modelClass(name, schema, scope, name));
  scope.nested = (schema, hint) => nested.classFor(schema, hint);
  const made = declared.map((d) => declaration(d, scope, own, nested));
  const classes = made.filter((d) => d.isClass);
  const aliases = new Map(made.filter((d) => !d.isClass).map((d) => [d.name, d]));
  const ordered: string[] = [];
  const done = new Set(classes.map((d) => d.name));
  const visit = (d: Declaration, path: Set<string>): void => {
    if (done.has(d.name)) return;
    if (path.has(d.name)) return;
    path.add(d.name);
    for (const used of [...d.uses].sort()) {
      const next = aliases.get(used);
      if (next !== undefined) visit(next, path);
    }
    path.delete(d.name);
    if (done.has(d.name)) return;
    const blocked = [...d.uses].some((used) => aliases.has(used) && !done.has(used));
    ordered.push(blocked ? `${d.name}: TypeAlias = Any` : d.text);
    done.add(d.name);
  };
  for (const alias of aliases.values()) visit(alias, new Set());
  const classTexts = [...classes.map((d) => d.text), ...nested.texts];
  return { texts: [...classTexts, ...ordered], classCount: classTexts.length, nested: nested.names };
}

function declaration(
  { name, pointer }: Declared,
  scope: AnnotationScope,
  own: ReadonlySet<string>,
  nested: NestedClasses,
): Declaration {
  const schema = (pointer === "" ? scope.bundle : getAtPointer(scope.bundle, pointer)) as JsonValue | undefined;
  if (!isModelSchema(schema)) {
    const text = annotation(schema, scope, new Set(), name);
    const described = describe(schema, "");
    return {
      name,
      text: `${name}: TypeAlias = ${text}${described === "" ? "" : `\n${described}`}`,
      isClass: false,
      uses: namesIn(text, own),
    };
  }
  const split = conditionalVariants(schema, (reference) => resolveInBundle(scope.bundle, reference));
  if (split === undefined) return { name, text: modelClass(name, schema, scope, name), isClass: true, uses: new Set() };
  // A union of one model per outcome, told apart by the discriminator: `match` narrows it.
  const classes = split.variants.map((variant) => {
    // A declared type (or an inline class named before) may have the variant's name: the variant gives way.
    const plain = `${name}${variant.suffix}`;
    const className = nested.claim(plain) ? plain : `${plain}Case`;
    nested.claim(className);
    return {
      className,
      text: modelClass(className, schema, scope, name, { ...variant, discriminator: split.discriminator }),
    };
  });
  const members = classes.map((c) => c.className).join(" | ");
  const alias = `${name}: TypeAlias = Annotated[${members}, Field(discriminator=${pythonString(split.discriminator)})]`;
  const described = describe(schema, "");
  return {
    name,
    text: `${classes.map((c) => c.text).join("\n\n\n")}\n\n\n${alias}${described === "" ? "" : `\n${described}`}`,
    isClass: false,
    uses: new Set(),
  };
}

/** A model class; `owner` names the classes of its inline members (a variant's are its union's). */
function modelClass(
  name: string,
  schema: JsonObject,
  scope: AnnotationScope,
  owner: string,
  variant?: Variant & { discriminator: string },
): string {
  const properties = schema["properties"] as JsonObject;
  const required = new Set(
    Array.isArray(schema["required"]) ? schema["required"].filter((r) => typeof r === "string") : [],
  );
  for (const member of variant?.required ?? []) required.add(member);
  // A member whose schema is `false` is no field: a closed model refuses it, an open one lets the schema refuse it;
  // so is a member the variant forbids.
  const members = Object.keys(properties).filter((m) => properties[m] !== false && variant?.forbidden.has(m) !== true);
  const types = new Map(
    members.map((m) => [
      m,
      variant?.discriminator === m
        ? `Literal[${variant.values.map(pythonString).join(", ")}]`
        : annotation(properties[m], scope, new Set(), `${owner}${pascalPart(m)}`),
    ]),
  );
  const names = fieldNames(members, wordsOf([...types.values()]));
  const closed = schema["additionalProperties"] === false && !("patternProperties" in schema);
  const lines = [`class ${name}(BaseModel):`];
  const doc = describe(schema, "    ");
  if (doc !== "") lines.push(doc, "");
  lines.push(`    model_config = ConfigDict(extra=${closed ? '"forbid"' : '"allow"'})`);
  const extras = closed ? undefined : typedExtrasLine(schema, scope, `${owner}Value`);
  if (extras !== undefined) lines.push(extras);
  for (const member of members) {
    const field = names.get(member)!;
    const type = types.get(member)!;
    const optional = !required.has(member);
    const args: string[] = [];
    if (optional) args.push("default=None");
    if (field !== member) args.push(`alias=${pythonString(member)}`);
    const sub = properties[member];
    if (isJsonObject(sub as JsonValue) && (sub as JsonObject)["deprecated"] === true) args.push("deprecated=True");
    // `None | None` is no type at run time: a type that takes null already stays as it is.
    const nullable = type === "Any" || type === "None" || type.startsWith("None | ") || type.endsWith(" | None");
    const annotated = optional && !nullable ? `${type} | None` : type;
    const value = args.length === 0 ? "" : args.length === 1 && optional ? " = None" : ` = Field(${args.join(", ")})`;
    lines.push(`    ${field}: ${annotated}${value}${patternNote(sub)}`);
    const described = describe(sub, "    ");
    if (described !== "") lines.push(described);
  }
  lines.push(...dependentRequiredValidator(schema, scope.dialect, names));
  return lines.join("\n");
}

/** Where a member's own pattern is not stated in the model: why, as a comment (issue 37 asks for the note). */
function patternNote(schema: JsonValue | undefined): string {
  if (!isJsonObject(schema as JsonValue) || typeof (schema as JsonObject)["pattern"] !== "string") return "";
  const stated = statedPattern((schema as JsonObject)["pattern"] as string);
  return "reason" in stated ? `  # pattern checked by validate(): ${stated.reason}` : "";
}

/** The schema's title and description as a docstring, or nothing. */
function describe(schema: JsonValue | undefined, indent: string): string {
  if (!isJsonObject(schema as JsonValue)) return "";
  const s = schema as JsonObject;
  const parts = [s["title"], s["description"]].filter((p): p is string => typeof p === "string" && p.trim() !== "");
  return parts.length === 0 ? "" : docstring(parts.join("\n\n"), indent);
}

/** The identifiers annotations use (`list`, `Literal`, a model's name), outside their string literals. */
function wordsOf(texts: readonly string[]): Set<string> {
  const words = texts.flatMap((t) => t.replace(/"(?:[^"\\]|\\.)*"/g, "").match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  return new Set(words);
}

function namesIn(text: string, names: ReadonlySet<string>): Set<string> {
  return new Set((text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []).filter((word) => names.has(word)));
}
