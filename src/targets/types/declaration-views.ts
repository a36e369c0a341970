/**
 * The declarations of the modules the types target writes, read back as plain data: the types
 * target knows its own output, so that whoever compares two versions of it (charter diff) needs no
 * TypeScript parser.
 */
import { ts } from "../../repairs/support/typescript-api.js";
import { discriminatedViews, fieldsOf, normalize, type Discriminated, type Field } from "./type-node-views.js";

export type { Discriminated, Field } from "./type-node-views.js";

/** One exported type of a generated module, as code compiled against it sees it. */
export interface ExportedType {
  name: string;
  module: string;
  /** Fields of an interface or an object type alias (of its object part, when it is discriminated); absent for other aliases. */
  fields?: Map<string, Field>;
  /** Of a discriminated object type: for each union, the fields code sees after narrowing to each value of its discriminator. */
  unions?: Discriminated[];
  /** The declaration without its name and comments, to recognise a renamed type. */
  body: string;
}

/**
 * The exported types of generated types modules (`types/agent/result.ts` to its text), by name,
 * as plain data: the barrel `types/index.ts` re-exports the others and is not read.
 */
export function exportedTypes(modules: ReadonlyMap<string, { text: string }>): Map<string, ExportedType> {
  const types = new Map<string, ExportedType>();
  for (const [module, { text }] of [...modules].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // The barrel re-exports; only it is skipped (a contract `foo/index` has a module of its own).
    if (module === "types/index.ts") continue;
    const file = ts.createSourceFile(module, text, ts.ScriptTarget.ES2022, true);
    for (const statement of file.statements) {
      const exported =
        ts.canHaveModifiers(statement) &&
        (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isInterfaceDeclaration(statement)) {
        const fields = fieldsOf(statement.members);
        types.set(statement.name.text, {
          name: statement.name.text,
          module,
          fields,
          body: bodyOf(fields, statement.heritageClauses?.map((h) => h.getText()).join(" ") ?? ""),
        });
      } else if (ts.isTypeAliasDeclaration(statement)) {
        const literal = ts.isTypeLiteralNode(statement.type) ? statement.type : undefined;
        const union = literal ? undefined : discriminatedViews(statement.type);
        const fields = literal ? fieldsOf(literal.members) : union?.fields;
        const body = literal ? bodyOf(fields!, "") : normalize(statement.type.getText());
        types.set(statement.name.text, {
          name: statement.name.text,
          module,
          ...(fields ? { fields } : {}),
          ...(union ? { unions: union.unions } : {}),
          body,
        });
      }
    }
  }
  return types;
}

function bodyOf(fields: Map<string, Field>, heritage: string): string {
  return heritage + "{" + [...fields].map(([name, f]) => `${name}${f.optional ? "?" : ""}:${f.type}`).join(";") + "}";
}
