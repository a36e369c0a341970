import type { JsonObject } from "../../core/json-object.js";
import { fragmentToPointer } from "../../core/json-pointer.js";
import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { formatJson, type OutputFiles } from "../shared/output-files.js";
import type { TypeNames } from "../shared/type-names.js";
import type { AnnotationScope } from "./annotations.js";
import { modulePaths } from "./python-names.js";
import { CONTRACT_MODULE, pyproject } from "./package-files.js";
import { ECMA_MODULE } from "./ecma-module.js";
import { renderDeclarations, type Declared } from "./render-module.js";
import { hooksModule, type HooksFile } from "./rule-hooks.js";
import { CHECKS_MODULE } from "./dependent-required.js";
import { NUMBERS_MODULE } from "./numbers-module.js";
import { pythonTypeNames } from "./python-type-names.js";
import { definitionHelpers } from "./definition-helpers.js";
import { rulesModule, type RuledModule } from "./rules-module.js";
import { moduleText } from "./module-text.js";
import { cyclePartners } from "./import-cycles.js";

/** The config's `targets.python`. */
export interface PythonSettings {
  /** The package's import name, and its folder under the generated tree. */
  package: string;
  /** The Python file of the declared rules' hooks (`targets.python.rules`), when one is configured. */
  rules?: HooksFile;
}

/** What the package reads of a bundle: a kept contract's is read back from its schema file. */
export type PythonBundle = Pick<Bundle, "name" | "id" | "key" | "dialect" | "schema">;

export interface PythonContract {
  bundle: PythonBundle;
  /** Source path relative to the source directory, for the header. */
  source: string;
  digest: string;
  /** Whether its validator asserts formats: the helper's schema check then does too. */
  formats: boolean;
  /** Its declared rules (`x-charter-rules`): id to sentence; the helper runs their hooks. */
  rules: ReadonlyMap<string, string>;
}

/**
 * `<package>/`: a pip-installable package of pydantic v2 models, one module per contract with
 * the TypeScript types' names, a type shared by contracts declared once and imported, each
 * module's `validate` helper, `__init__.py` exporting every type, `py.typed`, the bundled
 * schemas the helpers check, and `pyproject.toml`.
 */
export function emitPython(
  settings: PythonSettings,
  contracts: readonly PythonContract[],
  typeNames: TypeNames,
  version: string,
  hooks?: string,
): OutputFiles {
  const names = pythonTypeNames(typeNames);
  const pkg = settings.package;
  const files: OutputFiles = new Map();
  const sorted = [...contracts].sort((a, b) => (a.bundle.name < b.bundle.name ? -1 : 1));
  const named = sorted.filter((c) => !names.failed.has(c.bundle.key) && names.byDocument.has(c.bundle.key));
  const paths = modulePaths(named.map((c) => c.bundle.name));
  const byId = new Map(named.map((c) => [c.bundle.id, c]));
  const exported: { module: string[]; names: string[] }[] = [];
  const ruled: RuledModule[] = [];
  const allNames = new Set(named.flatMap((c) => [...names.byDocument.get(c.bundle.key)!.values()]));
  const render = (contract: PythonContract, lateAlias?: AnnotationScope["lateAlias"]) => {
    const { bundle } = contract;
    const scope: AnnotationScope = {
      bundle: bundle.schema as JsonObject,
      contract: bundle.name,
      dialect: bundle.dialect,
      imports: new Map(),
      typeOf: (reference) => typeOf(reference, bundle, byId, names),
      ...(lateAlias === undefined ? {} : { lateAlias }),
    };
    return { ...renderDeclarations(declaredTypes(bundle, names), scope, allNames), imports: scope.imports };
  };
  const first = new Map(named.map((c) => [c.bundle.name, render(c)]));
  // Contracts on an import cycle are rendered again, naming none of their partners' aliases.
  const aliasNames = new Map(
    [...first].map(([name, r]) => [
      name,
      new Set(r.texts.flatMap((t) => [...t.matchAll(/^(\w+): TypeAlias/gm)].map((m) => m[1]!))),
    ]),
  );
  const partners = cyclePartners(new Map([...first].map(([name, r]) => [name, new Set(r.imports.keys())])));
  for (const contract of named) {
    const { bundle } = contract;
    const modulePath = paths.get(bundle.name)!;
    const declared = declaredTypes(bundle, names);
    const late = partners.get(bundle.name) ?? new Set<string>();
    const rendered =
      late.size === 0
        ? first.get(bundle.name)!
        : render(contract, (other, name) => late.has(other) && aliasNames.get(other)!.has(name));
    const { texts: body, nested } = rendered;
    const rootName = names.byDocument.get(bundle.key)!.get("")!;
    if (contract.rules.size > 0) ruled.push({ name: bundle.name, rootName, module: modulePath, rules: contract.rules });
    files.set(
      `${pkg}/${pkg}/${modulePath.join("/")}.py`,
      moduleText(
        contract,
        modulePath,
        {
          texts: [
            ...body,
            ...definitionHelpers({ name: bundle.name, id: bundle.id, formats: contract.formats }, declared),
          ],
          classCount: rendered.classCount,
        },
        rendered.imports,
        late,
        paths,
        rootName,
      ),
    );
    // Every class and alias, the union's variants included: a client matches on them.
    const declaredNames = body.flatMap((text) => [
      ...text.matchAll(/^(?:class )?([A-Za-z_][A-Za-z0-9_]*)(?:\(BaseModel\)|: TypeAlias)/gm),
    ]);
    exported.push({ module: modulePath, names: declaredNames.map((m) => m[1]!).filter((n) => !nested.has(n)) });
  }
  for (const contract of sorted)
    files.set(`${pkg}/${pkg}/_schemas/${contract.bundle.name}.schema.json`, formatJson(contract.bundle.schema));
  for (const folder of packageFolders(named.map((c) => paths.get(c.bundle.name)!)))
    files.set(`${pkg}/${pkg}/${folder}/__init__.py`, "");
  files.set(`${pkg}/${pkg}/__init__.py`, initModule(exported));
  files.set(`${pkg}/${pkg}/_contract.py`, CONTRACT_MODULE);
  files.set(`${pkg}/${pkg}/_ecma.py`, ECMA_MODULE);
  files.set(`${pkg}/${pkg}/py.typed`, "");
  if ([...files.values()].some((text) => /^from \.+_numbers import JsonInt$/m.test(text)))
    files.set(`${pkg}/${pkg}/_numbers.py`, NUMBERS_MODULE);
  if ([...files.values()].some((text) => text.includes("return dependent_required(")))
    files.set(`${pkg}/${pkg}/_checks.py`, CHECKS_MODULE);
  if (ruled.length > 0) {
    files.set(`${pkg}/${pkg}/rules.py`, rulesModule(ruled));
    if (settings.rules !== undefined && hooks !== undefined)
      files.set(`${pkg}/${pkg}/_hooks.py`, hooksModule(settings.rules, hooks));
  }
  files.set(`${pkg}/pyproject.toml`, pyproject(pkg, version));
  return files;
}

/** The types a contract's module declares: its root and definitions, less the bare aliases the TypeScript types skip too. */
function declaredTypes(bundle: PythonBundle, names: TypeNames): Declared[] {
  const aliases = names.aliases.get(bundle.key) ?? new Set<string>();
  return [...names.byDocument.get(bundle.key)!]
    .filter(([pointer]) => !aliases.has(pointer))
    .map(([pointer, name]) => ({ name, pointer }))
    .sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}

/** The declared type a reference of a bundle names: one of its own, or another contract's (its `$id` is the canonical one). */
function typeOf(
  reference: string,
  bundle: PythonBundle,
  byId: ReadonlyMap<string, PythonContract>,
  names: TypeNames,
): { name: string; contract: string } | undefined {
  const hash = reference.indexOf("#");
  const base = hash < 0 ? reference : reference.slice(0, hash);
  const pointer = fragmentToPointer(hash < 0 ? "" : reference.slice(hash + 1));
  if (pointer === undefined) return undefined;
  const target = base === "" || base === bundle.id ? bundle : byId.get(base)?.bundle;
  if (target === undefined) return undefined;
  const name = names.byDocument.get(target.key)?.get(pointer);
  return name === undefined ? undefined : { name, contract: target.name };
}

/** Every folder of modules, each a package with its `__init__.py`. */
function packageFolders(modules: readonly string[][]): string[] {
  const folders = new Set<string>();
  for (const segments of modules) for (let i = 1; i < segments.length; i++) folders.add(segments.slice(0, i).join("/"));
  return [...folders].sort();
}

function initModule(exported: readonly { module: string[]; names: string[] }[]): string {
  const lines = ['"""Models of the contracts, generated by charter: every type, by its TypeScript name."""', ""];
  lines.push("from ._contract import ContractError, schema_checks_available");
  const all = ["ContractError", "schema_checks_available"];
  for (const { module, names } of exported) {
    if (names.length === 0) continue;
    lines.push(`from .${module.join(".")} import ${[...names].sort().join(", ")}`);
    all.push(...names);
  }
  lines.push("", "__all__ = [", ...[...all].sort().map((n) => `    ${JSON.stringify(n)},`), "]");
  return `# Generated by charter. Do not edit: \`charter check\` refuses hand edits.\n${lines.join("\n")}\n`;
}
