import { isJsonObject, type JsonObject } from "../../core/json-object.js";
import type { JsonValue } from "../../core/json-value.js";
import { literalDomain, sharedDiscriminator } from "../../repairs/support/discriminator.js";
import { constraintWords, literalText } from "./constraint-words.js";
import { referenceTarget, type ReferenceTarget } from "./schema-references.js";

/** One alternative of a `oneOf` / `anyOf`, as a card shows it. */
export interface Alternative {
  /** "`kind` is `circle`" for a discriminated union; else the type it refers to, its title, or its place. */
  label: string;
  description?: string;
  /** The definition or contract the alternative is, when it is a reference. */
  target?: ReferenceTarget;
  required: string[];
  constraints: string[];
}

export interface AlternativeGroup {
  keyword: "oneOf" | "anyOf";
  /** The property whose value picks the alternative, when the branches form a discriminated union. */
  discriminator?: string;
  alternatives: Alternative[];
}

interface AlternativeContext {
  contract: string;
  contractsById: ReadonlyMap<string, string>;
  resolve: (reference: string) => JsonValue | undefined;
  /** The TypeScript name of a reference's target, when it has one. */
  typeName: (target: ReferenceTarget) => string | undefined;
}

/**
 * The `oneOf` and `anyOf` of a schema, each alternative named by the discriminator the
 * discriminated-alternatives repair recognises (the same reading, so the page and the union type
 * name the same cases).
 */
export function alternativeGroups(schema: JsonObject, context: AlternativeContext): AlternativeGroup[] {
  const groups: AlternativeGroup[] = [];
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length < 2) continue;
    const objects = branches.filter((b): b is JsonObject => isJsonObject(b) && b["$ref"] === undefined);
    const discriminator =
      objects.length === branches.length
        ? sharedDiscriminator(schema, objects, { resolve: context.resolve })
        : undefined;
    const group: AlternativeGroup = {
      keyword,
      alternatives: branches.map((branch, index) => alternative(branch, index, discriminator, context)),
    };
    if (discriminator !== undefined) group.discriminator = discriminator;
    groups.push(group);
  }
  return groups;
}

function alternative(
  branch: JsonValue,
  index: number,
  discriminator: string | undefined,
  context: AlternativeContext,
): Alternative {
  const schema: JsonObject = isJsonObject(branch) ? branch : {};
  const reference = schema["$ref"];
  const target =
    typeof reference === "string" ? referenceTarget(reference, context.contract, context.contractsById) : undefined;
  const properties = schema["properties"];
  const values =
    discriminator !== undefined && isJsonObject(properties)
      ? literalDomain(properties[discriminator], { resolve: context.resolve })
      : undefined;
  const label =
    values !== undefined
      ? `\`${discriminator}\` is ${values.map((v) => `\`${literalText(v)}\``).join(" or ")}`
      : target !== undefined
        ? `\`${context.typeName(target) ?? reference}\``
        : typeof schema["title"] === "string"
          ? schema["title"]
          : `Alternative ${index + 1}`;
  const card: Alternative = {
    label,
    required: Array.isArray(schema["required"]) ? schema["required"].filter((n) => typeof n === "string") : [],
    constraints: constraintWords(schema),
  };
  if (target !== undefined) card.target = target;
  if (typeof schema["description"] === "string") card.description = schema["description"];
  return card;
}
