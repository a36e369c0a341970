import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { joinPointer } from "../../core/json-pointer.js";
import { requiredWhen, type ConditionalRule } from "./conditional-rules.js";
import { constraintWords } from "./constraint-words.js";
import { referenceTarget, type ReferenceTarget } from "./schema-references.js";
import { resolveInBundle } from "../shared/bundle-references.js";

/** One row of a members table: everything a reader asks of one property. */
export interface MemberRow {
  name: string;
  /** The type as the generated TypeScript writes it, else in schema words. */
  type: string;
  /** The contract and pointer the type names, for a link. */
  target?: ReferenceTarget;
  requirement: { kind: "required" } | { kind: "optional" } | { kind: "conditional"; when: string[] };
  constraints: string[];
  default?: string;
  deprecated: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  description?: string;
  /** `file:line` of the member in the source. */
  location?: string;
}

/** What rows are read with: the contract and how its references and lines are found. */
export interface MemberContext {
  contract: string;
  bundle: JsonObject;
  source: string;
  sourceLines: ReadonlyMap<string, number>;
  contractsById: ReadonlyMap<string, string>;
  /** TypeScript member types of the object's declaration, by member name. */
  tsTypes: ReadonlyMap<string, string>;
}

/** The rows of an object schema at `pointer` of the bundle, in the order its `properties` list them. */
export function memberRows(
  schema: JsonObject,
  pointer: string,
  rules: readonly ConditionalRule[],
  context: MemberContext,
): MemberRow[] {
  const properties = schema["properties"];
  if (!isJsonObject(properties)) return [];
  const required = new Set(Array.isArray(schema["required"]) ? schema["required"] : []);
  return Object.entries(properties).map(([name, member]) => {
    const property = isJsonObject(member) ? member : {};
    const when = requiredWhen(rules, name);
    const row: MemberRow = {
      name,
      type: context.tsTypes.get(name) ?? typeWords(member),
      requirement: required.has(name)
        ? { kind: "required" }
        : when.length > 0
          ? { kind: "conditional", when }
          : { kind: "optional" },
      constraints: [...constraintWords(member), ...referencedConstraints(property, context.bundle)],
      deprecated: property["deprecated"] !== undefined && property["deprecated"] !== false,
      readOnly: property["readOnly"] === true,
      writeOnly: property["writeOnly"] === true,
    };
    const target = linkedReference(property, context);
    if (target !== undefined) row.target = target;
    if (property["default"] !== undefined) row.default = JSON.stringify(property["default"]);
    if (typeof property["description"] === "string") row.description = property["description"];
    const line = context.sourceLines.get(joinPointer(pointer, "properties", name));
    if (line !== undefined) row.location = `${context.source}:${line}`;
    return row;
  });
}

/** The reference a member's type names: its own `$ref`, or its items'. */
function linkedReference(property: JsonObject, context: MemberContext): ReferenceTarget | undefined {
  const items = property["items"];
  const reference = property["$ref"] ?? (isJsonObject(items) ? items["$ref"] : undefined);
  return typeof reference === "string"
    ? referenceTarget(reference, context.contract, context.contractsById)
    : undefined;
}

/** A referenced schema's own constraints when it is a value (an enum, a pattern), not an object the link shows. */
function referencedConstraints(property: JsonObject, bundle: JsonObject): string[] {
  const reference = property["$ref"];
  if (typeof reference !== "string") return [];
  const target = resolveInBundle(bundle, reference);
  return isJsonObject(target) && target["properties"] === undefined ? constraintWords(target) : [];
}

/** A type in schema words, where the TypeScript declaration does not name the member. */
export function typeWords(schema: JsonValue | undefined): string {
  if (schema === true || (isJsonObject(schema) && Object.keys(schema).length === 0)) return "unknown";
  if (!isJsonObject(schema)) return "never";
  const reference = schema["$ref"];
  if (typeof reference === "string")
    return reference.slice(reference.lastIndexOf("/") + 1).replace(/\.schema\.json$/, "");
  if (schema["const"] !== undefined) return JSON.stringify(schema["const"]);
  if (Array.isArray(schema["enum"])) return schema["enum"].map((v) => JSON.stringify(v)).join(" | ");
  const type = schema["type"];
  const one = (name: JsonValue) =>
    name === "array" ? `${typeWords(schema["items"] ?? true)}[]` : name === "integer" ? "number" : String(name);
  if (Array.isArray(type)) return type.map(one).join(" | ");
  if (typeof type === "string") return one(type);
  return "unknown";
}
