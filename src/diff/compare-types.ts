import { ts } from "ts-morph";
import { RULES, type Finding, type RuleId } from "./rules.js";
import { discriminatedViews, fieldsOf, normalize, type Discriminated, type Field } from "./type-views.js";

/** One exported type of a generated module, as code compiled against it sees it. */
interface ExportedType {
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
 * The changes to the exported TypeScript API between two generated trees:
 * `modules` maps each types module (`types/agent/result.ts`) to its text and
 * the contract it belongs to. The barrel `types/index.ts` re-exports the
 * others and is not read.
 */
export function compareTypes(
  base: ReadonlyMap<string, { text: string; contract: string }>,
  head: ReadonlyMap<string, { text: string; contract: string }>,
): Finding[] {
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
      const twin = [...after.values()].find(
        (t) => !before.has(t.name) && !renamedTo.has(t.name) && t.module === old.module && t.body === old.body,
      );
      if (twin) {
        renamedTo.add(twin.name);
        add(
          "type-renamed",
          contractOf(old.module),
          { base: at(old), head: at(twin) },
          `type ${old.name} is now ${twin.name}`,
        );
      } else add("type-removed", contractOf(old.module), { base: at(old) }, `type ${old.name} removed`);
      continue;
    }
    if (now.module !== old.module)
      add(
        "type-moved",
        contractOf(now.module),
        { base: at(old), head: at(now) },
        `type ${name} moved from ${old.module} to ${now.module}`,
      );
    if (!old.fields || !now.fields) {
      if (old.body !== now.body)
        add(
          "alias-changed",
          contractOf(now.module),
          { base: at(old), head: at(now) },
          `type ${name}: ${old.body} → ${now.body}`,
        );
      continue;
    }
    for (const { rule, field, change, where } of fieldChanges(old, now)) {
      const head = rule === "field-removed" || rule === "deprecated-field-removed" ? at(now) : at(now, field);
      add(rule, contractOf(now.module), { base: at(old, field), head }, `field ${name}.${field}${change}${where}`);
    }
  }
  for (const [name, now] of after) {
    if (!before.has(name) && !renamedTo.has(name))
      add("type-added", contractOf(now.module), { head: `${now.module}#${name}` }, `type ${name} added`);
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

/**
 * How each field changed between two versions of an object type. Where
 * either is discriminated, fields are compared in each value of each
 * discriminator both know (a member a union requires of one outcome breaks
 * code that builds that outcome), and each change is reported once, naming
 * the values it holds for unless it holds for all of them.
 */
function fieldChanges(
  old: ExportedType,
  now: ExportedType,
): { rule: RuleId; field: string; change: string; where: string }[] {
  const discriminators = [...new Set([...(now.unions ?? []), ...(old.unions ?? [])].map((u) => u.discriminator))];
  const unionOf = (t: ExportedType, discriminator: string) => t.unions?.find((u) => u.discriminator === discriminator);
  const changes = new Map<string, { rule: RuleId; field: string; change: string; where: string }>();
  for (const discriminator of discriminators.length > 0 ? discriminators : [undefined]) {
    const [was, is] =
      discriminator === undefined ? [undefined, undefined] : [unionOf(old, discriminator), unionOf(now, discriminator)];
    const values =
      was === undefined && is === undefined
        ? [""]
        : [...(is ?? was)!.views.keys()].filter((v) => (was?.views.has(v) ?? true) && (is?.views.has(v) ?? true));
    const found = new Map<string, { rule: RuleId; field: string; change: string; values: string[] }>();
    for (const value of values) {
      const [before, after] = [was?.views.get(value) ?? old.fields!, is?.views.get(value) ?? now.fields!];
      for (const [rule, field, change] of compareFields(before, after)) {
        const key = JSON.stringify([rule, field, change]);
        const entry = found.get(key) ?? { rule, field, change, values: [] };
        entry.values.push(value);
        found.set(key, entry);
      }
    }
    for (const [key, { rule, field, change, values: where }] of found) {
      const scoped = where.length < values.length ? ` where ${discriminator} is ${where.join(" or ")}` : "";
      // A change of the object's own fields shows under every discriminator: reported once, unscoped.
      if (!changes.has(key) || scoped === "") changes.set(key, { rule, field, change, where: scoped });
    }
  }
  return [...changes.values()];
}

function compareFields(before: Map<string, Field>, after: Map<string, Field>): [RuleId, string, string][] {
  const found: [RuleId, string, string][] = [];
  for (const [field, was] of before) {
    const is = after.get(field);
    if (is === undefined) {
      found.push([was.deprecated ? "deprecated-field-removed" : "field-removed", field, " removed"]);
      continue;
    }
    if (was.optional && !is.optional) found.push(["field-became-required", field, " is now required"]);
    if (!was.optional && is.optional) found.push(["field-became-optional", field, " is now optional"]);
    if (was.type !== is.type) found.push(["field-type-changed", field, `: ${was.type} → ${is.type}`]);
  }
  return found;
}
