import { ts } from "ts-morph";
import { RULES, type Finding, type RuleId } from "./rules.js";

/** One exported type of a generated module, as code compiled against it sees it. */
interface ExportedType {
  name: string;
  module: string;
  /** Fields of an interface or an object type alias; absent for other aliases. */
  fields?: Map<string, Field>;
  /** The declaration without its name and comments, to recognise a renamed type. */
  body: string;
}

interface Field {
  optional: boolean;
  type: string;
  deprecated: boolean;
}

/**
 * The changes to the exported TypeScript API between two generated trees:
 * `modules` maps each types module (`types/agent/result.ts`) to its text and
 * the contract it belongs to. The barrel `types/index.ts` re-exports the
 * others and is not read.
 */
export function compareTypes(base: ReadonlyMap<string, { text: string; contract: string }>, head: ReadonlyMap<string, { text: string; contract: string }>): Finding[] {
  const [before, after] = [exportsOf(base), exportsOf(head)];
  const contractOf = (module: string) => head.get(module)?.contract ?? base.get(module)?.contract ?? module;
  const findings: Finding[] = [];
  const add = (rule: RuleId, contract: string, at: { base?: string; head?: string }, message: string) => {
    for (const category of RULES[rule].categories) {
      const finding: Finding = { rule, category, contract, message };
      if (at.base !== undefined) finding.basePointer = at.base;
      if (at.head !== undefined) finding.headPointer = at.head;
      findings.push(finding);
    }
  };
  const renamedTo = new Set<string>();
  for (const [name, old] of before) {
    const now = after.get(name);
    const at = (t: ExportedType, field?: string) => `${t.module}#${t.name}${field === undefined ? "" : `.${field}`}`;
    if (now === undefined) {
      const twin = [...after.values()].find((t) => !before.has(t.name) && !renamedTo.has(t.name) && t.module === old.module && t.body === old.body);
      if (twin) {
        renamedTo.add(twin.name);
        add("type-renamed", contractOf(old.module), { base: at(old), head: at(twin) }, `type ${old.name} is now ${twin.name}`);
      } else add("type-removed", contractOf(old.module), { base: at(old) }, `type ${old.name} removed`);
      continue;
    }
    if (now.module !== old.module) add("type-moved", contractOf(now.module), { base: at(old), head: at(now) }, `type ${name} moved from ${old.module} to ${now.module}`);
    if (!old.fields || !now.fields) {
      if (old.body !== now.body) add("alias-changed", contractOf(now.module), { base: at(old), head: at(now) }, `type ${name}: ${old.body} → ${now.body}`);
      continue;
    }
    for (const [field, was] of old.fields) {
      const is = now.fields.get(field);
      if (is === undefined) {
        add(was.deprecated ? "deprecated-field-removed" : "field-removed", contractOf(now.module), { base: at(old, field), head: at(now) }, `field ${name}.${field} removed`);
        continue;
      }
      if (was.optional && !is.optional) add("field-became-required", contractOf(now.module), { base: at(old, field), head: at(now, field) }, `field ${name}.${field} is now required`);
      if (!was.optional && is.optional) add("field-became-optional", contractOf(now.module), { base: at(old, field), head: at(now, field) }, `field ${name}.${field} is now optional`);
      if (was.type !== is.type) add("field-type-changed", contractOf(now.module), { base: at(old, field), head: at(now, field) }, `field ${name}.${field}: ${was.type} → ${is.type}`);
    }
  }
  for (const [name, now] of after) {
    if (!before.has(name) && !renamedTo.has(name)) add("type-added", contractOf(now.module), { head: `${now.module}#${name}` }, `type ${name} added`);
  }
  return findings;
}

function exportsOf(modules: ReadonlyMap<string, { text: string }>): Map<string, ExportedType> {
  const types = new Map<string, ExportedType>();
  for (const [module, { text }] of [...modules].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // The barrel re-exports; only it is skipped (a contract `foo/index` has a module of its own).
    if (module === "types/index.ts") continue;
    const file = ts.createSourceFile(module, text, ts.ScriptTarget.ES2022, true);
    for (const statement of file.statements) {
      const exported = ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (!exported) continue;
      if (ts.isInterfaceDeclaration(statement)) {
        const fields = fieldsOf(statement.members);
        types.set(statement.name.text, { name: statement.name.text, module, fields, body: bodyOf(fields, statement.heritageClauses?.map((h) => h.getText()).join(" ") ?? "") });
      } else if (ts.isTypeAliasDeclaration(statement)) {
        const literal = ts.isTypeLiteralNode(statement.type) ? statement.type : undefined;
        const fields = literal ? fieldsOf(literal.members) : undefined;
        const body = fields ? bodyOf(fields, "") : normalize(statement.type.getText());
        types.set(statement.name.text, { name: statement.name.text, module, ...(fields ? { fields } : {}), body });
      }
    }
  }
  return types;
}

function fieldsOf(members: ts.NodeArray<ts.TypeElement>): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const member of members) {
    if (ts.isPropertySignature(member)) {
      const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : member.name.getText();
      const deprecated = ts.getJSDocTags(member).some((tag) => tag.tagName.text === "deprecated");
      fields.set(name, { optional: member.questionToken !== undefined, type: normalize(member.type?.getText() ?? "any"), deprecated });
    } else if (ts.isIndexSignatureDeclaration(member)) {
      fields.set("[index]", { optional: true, type: normalize(member.type.getText()), deprecated: false });
    }
  }
  return fields;
}

function bodyOf(fields: Map<string, Field>, heritage: string): string {
  return heritage + "{" + [...fields].map(([name, f]) => `${name}${f.optional ? "?" : ""}:${f.type}`).join(";") + "}";
}

function normalize(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, " ").trim();
}
