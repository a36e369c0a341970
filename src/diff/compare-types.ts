import { exportedTypes, type ExportedType, type Field } from "../targets/types/declaration-views.js";
import { RULES, type Finding, type RuleId } from "./rules.js";

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
  const [before, after] = [exportedTypes(base), exportedTypes(head)];
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
