/**
 * What code compiled against a generated type sees of it: its fields, and for a discriminated
 * object type the fields each value of the discriminator leaves. Read from the type nodes of the
 * declaration (declaration-views.ts parses the module), without a type checker.
 */
import { ts } from "../../repairs/support/typescript-api.js";

/** A field of an exported object type, as code compiled against it sees it. */
export interface Field {
  optional: boolean;
  type: string;
  deprecated: boolean;
}

/** One discriminated union of an object type: the fields code sees once it has narrowed to each value. */
export interface Discriminated {
  discriminator: string;
  views: Map<string, Map<string, Field>>;
}

/**
 * A discriminated object type, `{ ...members } & ({ kind: "a"; ... } | { kind: "b" | "c"; ... })`
 * (what the discriminated-conditionals repair writes, with one union per discriminator): the
 * object's own fields, and for each union the fields code sees once it has narrowed to each
 * value of its discriminator (`absent` for the member where `kind?: never`). A member typed
 * `never` there is left out: code cannot read it. Undefined for any other form.
 */
export function discriminatedViews(
  type: ts.TypeNode,
): { fields: Map<string, Field>; unions: Discriminated[] } | undefined {
  if (!ts.isIntersectionTypeNode(type)) return undefined;
  const [literal, ...rest] = type.types.map(unparenthesized);
  if (literal === undefined || !ts.isTypeLiteralNode(literal) || rest.length === 0) return undefined;
  const fields = fieldsOf(literal.members);
  const unions: Discriminated[] = [];
  for (const union of rest) {
    const discriminated = ts.isUnionTypeNode(union) ? unionViews(fields, union) : undefined;
    if (discriminated === undefined) return undefined;
    unions.push(discriminated);
  }
  return { fields, unions };
}

function unionViews(fields: Map<string, Field>, union: ts.UnionTypeNode): Discriminated | undefined {
  // A member may carry alternatives of its own (`{ kind: "a" } & ({ x: T } | { y: U })`): its object part is read.
  const members = union.types
    .map(unparenthesized)
    .map((m) => (ts.isIntersectionTypeNode(m) ? unparenthesized(m.types[0]!) : m));
  if (!members.every(ts.isTypeLiteralNode)) return undefined;
  const branches = (members as ts.TypeLiteralNode[]).map((member) => ({
    fields: fieldsOf(member.members),
    node: propertyTypes(member),
  }));
  const discriminator = [...branches[0]!.node.keys()].find((name) =>
    branches.every((b) => b.node.has(name) && literalValues(b.node.get(name)!) !== undefined),
  );
  if (discriminator === undefined) return undefined;
  const views = new Map<string, Map<string, Field>>();
  for (const branch of branches) {
    const view = merged(fields, branch.fields);
    for (const value of literalValues(branch.node.get(discriminator)!)!) views.set(value, view);
  }
  return { discriminator, views };
}

export function fieldsOf(members: ts.NodeArray<ts.TypeElement>): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const member of members) {
    if (ts.isPropertySignature(member)) {
      const deprecated = ts.getJSDocTags(member).some((tag) => tag.tagName.text === "deprecated");
      fields.set(nameOf(member), {
        optional: member.questionToken !== undefined,
        type: normalize(member.type?.getText() ?? "any"),
        deprecated,
      });
    } else if (ts.isIndexSignatureDeclaration(member)) {
      fields.set("[index]", { optional: true, type: normalize(member.type.getText()), deprecated: false });
    }
  }
  return fields;
}

export function normalize(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function nameOf(member: ts.PropertySignature): string {
  return ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
}

function unparenthesized(node: ts.TypeNode): ts.TypeNode {
  return ts.isParenthesizedTypeNode(node) ? unparenthesized(node.type) : node;
}

function propertyTypes(member: ts.TypeLiteralNode): Map<string, ts.TypeNode> {
  const types = new Map<string, ts.TypeNode>();
  for (const m of member.members) if (ts.isPropertySignature(m) && m.type) types.set(nameOf(m), m.type);
  return types;
}

/** The values a discriminator's type names (`"a" | "b"`, `1`, `never` for absent), each as written. */
function literalValues(node: ts.TypeNode): string[] | undefined {
  const type = unparenthesized(node);
  if (type.kind === ts.SyntaxKind.NeverKeyword) return ["absent"];
  if (ts.isLiteralTypeNode(type)) return [normalize(type.getText())];
  if (!ts.isUnionTypeNode(type)) return undefined;
  const values = type.types.map(unparenthesized);
  return values.every(ts.isLiteralTypeNode) ? values.map((v) => normalize(v.getText())) : undefined;
}

/** The object's fields as one member of the union sees them: required where either says so, gone where the member forbids them. */
function merged(fields: Map<string, Field>, branch: Map<string, Field>): Map<string, Field> {
  const view = new Map<string, Field>();
  for (const name of new Set([...fields.keys(), ...branch.keys()])) {
    const [own, narrowed] = [fields.get(name), branch.get(name)];
    if (narrowed?.type === "never") continue;
    view.set(name, {
      optional: (own?.optional ?? true) && (narrowed?.optional ?? true),
      type: own?.type ?? narrowed!.type,
      deprecated: own?.deprecated ?? false,
    });
  }
  return view;
}
