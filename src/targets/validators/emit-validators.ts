import { createRequire } from "node:module";
import type { Ajv } from "ajv";
import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import type { DeclaredInstance } from "../../compiler/check/declared-counterexamples.js";
import type { DeclaredRules } from "../../compiler/check/declared-rules.js";
import type { SchemaDocument } from "../../compiler/resolve/schema-document.js";
import { walkSchema } from "../../compiler/resolve/walk-schema.js";
import { fragmentToPointer } from "../../compiler/json-pointer.js";
import type { ValidationPolicy } from "./policy.js";
import { errorAt, type Diagnostic } from "../../compiler/diagnostic.js";
import { pointerToFragment } from "../../compiler/json-pointer.js";
import type { OutputFiles } from "../output-files.js";
import { schemaPath } from "../schemas/emit-schemas.js";
import type { TypeNames } from "../types/type-names.js";
import { VALIDATOR_CODES } from "./codes.js";
import { createAjv, type AjvLog } from "./create-ajv.js";
import { replaceRequires } from "./esm-imports.js";
import { scopeInFunction } from "./function-scope.js";
import { checkInstances, probeRecursion } from "./check-instances.js";
import { namesInheritedProperties } from "./own-properties.js";
import { appendErrorsInPlace } from "./linear-error-merge.js";
import { bundleSchemaPaths } from "./schema-paths.js";

// ajv's standalone module is CommonJS whose function is its `default`; require says so plainly.
const standaloneCode = (createRequire(import.meta.url)("ajv/dist/standalone") as { default: (ajv: Ajv, refs: Record<string, string>) => string }).default;

export interface ValidatorContract {
  bundle: Bundle;
  key: string;
  file: string;
  digest: string;
  /** Module path of the contract's types (`types/agent/envelope.ts`), when it has any. */
  typesModule: string | undefined;
  /** Rules the contract declares; the runtime runs the registered functions on its root. */
  rules: DeclaredRules;
  policy: ValidationPolicy;
  /** The contract's source, to place findings. */
  source: SchemaDocument;
  /** Its examples and counterexamples, run at generation. */
  instances: readonly DeclaredInstance[];
}

export interface ValidatorsResult {
  files: OutputFiles;
  produced: Set<string>;
  diagnostics: Diagnostic[];
}

export function validatorPath(name: string): string {
  return `validators/${name}.js`;
}

/** The same validators with ajv's `allErrors`: slower, for reporting every violation once data failed. */
export function allErrorsPath(name: string): string {
  return `validators/${name}.all-errors.js`;
}

/**
 * `validators/<name>.js`: ajv's standalone code for the contract's bundle, as
 * an ES module with one export for the root (`validate`) and one for each
 * top-level definition (`validate<TypeName>`); `<name>.all-errors.js`, the
 * same with ajv's `allErrors`, for reporting every violation once data failed;
 * and a `.d.ts` for each, typing every export as a guard for the generated type.
 */
export function emitValidators(contracts: readonly ValidatorContract[], names: TypeNames): ValidatorsResult {
  const result: ValidatorsResult = { files: new Map(), produced: new Set(), diagnostics: [] };
  const registry: RegistryLine[] = [];
  for (const { bundle, key, file, digest, typesModule, rules, policy, source, instances } of contracts) {
    const exports = exportsOf(bundle, names.byDocument.get(key));
    const log: AjvLog = { warnings: [] };
    const modules: string[] = [];
    let allErrorsAjv: Ajv | undefined;
    const ownProperties = namesInheritedProperties(bundle.schema);
    try {
      if (policy.strictness === "strict") {
        const checker = createAjv(bundle.dialect, { formats: policy.formats, ownProperties, strictChecks: true }, log);
        checker.addSchema(bundle.schema as object);
        for (const e of exports) compileExport(checker, e, log);
      }
      for (const allErrors of [false, true]) {
        const ajv = createAjv(bundle.dialect, { allErrors, formats: policy.formats, ownProperties }, log);
        if (allErrors) allErrorsAjv = ajv;
        ajv.addSchema(bundle.schema as object);
        for (const e of exports) compileExport(ajv, e, log);
        const code = standaloneCode(ajv, Object.fromEntries(exports.map((e) => [e.exportName, e.ref])));
        modules.push(bundleSchemaPaths(code, ajv, exports.map((e) => e.ref), bundle.schema).code);
      }
    } catch (error) {
      result.diagnostics.push(
        errorAt(VALIDATOR_CODES.compileFailed, `ajv cannot compile the bundle: ${((error as Error).message ?? String(error)).split("\n")[0]}`, { file, position: { line: 1, column: 1 } }),
      );
      continue;
    }
    const findings = [...ajvFindings(log, bundle.id, source, policy), ...probeRecursion(allErrorsAjv!, bundle.id, file), ...checkInstances(allErrorsAjv!, bundle.id, instances, policy.examples)];
    result.diagnostics.push(...findings);
    if (findings.some((d) => d.severity === "error")) continue;
    const header = `// Generated by charter from ${bundle.name} (schema digest ${digest}). Do not edit: \`charter check\` refuses hand edits.\n`;
    const declared = declarations(bundle.name, exports, typesModule);
    const repaired = modules.map((code) => scopeInFunction(appendErrorsInPlace(replaceRequires(code).code).code));
    result.files.set(validatorPath(bundle.name), header + repaired[0]!);
    result.files.set(`validators/${bundle.name}.d.ts`, declared);
    result.files.set(allErrorsPath(bundle.name), header + repaired[1]!);
    result.files.set(`validators/${bundle.name}.all-errors.d.ts`, declared);
    result.produced.add(bundle.name);
    for (const e of exports) {
      registry.push({
        name: e.pointer === "" ? bundle.name : `${bundle.name}#${pointerToFragment(e.pointer)}`,
        contract: bundle.name,
        digest,
        exportName: e.exportName,
        typeName: typesModule ? e.typeName : undefined,
        typesModule,
        rules: e.pointer === "" ? rules : new Map(),
      });
    }
  }
  if (registry.length > 0) {
    // The modules are ES modules whatever the project's own package.json says (a CommonJS
    // project, or an output directory outside any project, would have them read as scripts).
    result.files.set("validators/package.json", JSON.stringify({ description: "Generated by charter: ES module validators. Do not edit.", type: "module", private: true }, null, 2) + "\n");
    result.files.set("validators/index.js", registryModule(registry));
    result.files.set("validators/index.d.ts", registryDeclarations(registry));
  }
  return result;
}

/**
 * What ajv logged while compiling, as diagnostics placed in the contract's
 * source where ajv's location allows: unknown formats (each once; a warning,
 * or an error when refused) and, under `strict`, its strict-mode findings.
 */
function ajvFindings(log: AjvLog, bundleId: string, source: SchemaDocument, policy: ValidationPolicy): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  const place = (pointer: string | undefined) => ({
    file: source.file,
    position: (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 },
    ...(pointer !== undefined && source.positions.has(pointer) ? { pointer } : {}),
  });
  for (const warning of log.warnings) {
    if (seen.has(warning)) continue; // the all-errors compilation logs the same again
    seen.add(warning);
    const format = /unknown format "([^"]+)"/.exec(warning)?.[1];
    if (format !== undefined) {
      if (seen.has(`format:${format}`)) continue;
      seen.add(`format:${format}`);
      const at = place(formatPointer(source, format));
      if (policy.unknownFormats === "refuse") {
        diagnostics.push(errorAt(VALIDATOR_CODES.unknownFormatRefused, `format "${format}" is unknown to ajv-formats, and this contract refuses unknown formats`, at));
      } else {
        diagnostics.push({ ...errorAt(VALIDATOR_CODES.unknownFormat, `format "${format}" is unknown to ajv-formats; the validator does not check it`, at), severity: "warning" });
      }
      continue;
    }
    const strict = /^strict mode: (.*?)(?: at (?:path )?"([^"]*)")?(?: \((\w+)\))?$/s.exec(warning);
    if (strict && policy.strictness === "strict") {
      const [, what, where] = strict;
      // A finding inside an embedded document belongs to that document's own contract (and policy).
      if (where !== undefined && !where.startsWith("#") && !where.startsWith(`${bundleId}#`) && where !== bundleId) continue;
      const fragment = where?.startsWith(`${bundleId}#`) ? where.slice(bundleId.length + 1) : where?.startsWith("#") ? where.slice(1) : undefined;
      const pointer = fragment !== undefined ? fragmentToPointer(fragment) : undefined;
      diagnostics.push(errorAt(VALIDATOR_CODES.strictMode, `${what}${where ? ` (ajv: at ${where})` : ""}`, place(pointer ?? undefined)));
    }
  }
  return diagnostics;
}

/** The first `format` keyword in the source with this value, to place a finding about it. */
function formatPointer(source: SchemaDocument, format: string): string | undefined {
  let found: string | undefined;
  walkSchema(source.value, undefined, (schema, pointer) => {
    if (found === undefined && schema["format"] === format) found = `${pointer}/format`;
    return undefined;
  });
  return found;
}

interface RegistryLine {
  name: string;
  contract: string;
  digest: string;
  exportName: string;
  typeName: string | undefined;
  typesModule: string | undefined;
  rules: DeclaredRules;
}

/**
 * `validators/index.js`: every contract and exported definition, each loaded
 * on first use by the runtime, with the rules the application must register
 * and the bundled schema (a JSON module, also loaded only when asked for).
 */
function registryModule(lines: readonly RegistryLine[]): string {
  const entries = [...lines]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((l) => [
      // A computed key: a contract named __proto__ must be a key, not the object's prototype.
      `  [${JSON.stringify(l.name)}]: {`,
      `    contract: ${JSON.stringify(l.contract)},`,
      `    digest: ${JSON.stringify(l.digest)},`,
      `    exportName: ${JSON.stringify(l.exportName)},`,
      `    rules: ${JSON.stringify(Object.fromEntries(l.rules))},`,
      `    load: () => import(${JSON.stringify(`./${l.contract}.js`)}),`,
      `    loadAllErrors: () => import(${JSON.stringify(`./${l.contract}.all-errors.js`)}),`,
      `    loadSchema: () => import(${JSON.stringify(`../${schemaPath(l.contract)}`)}, { with: { type: "json" } }),`,
      `  },`,
    ]);
  return [
    "// Generated by charter: the contracts of this tree, for `bindContracts` from charter/runtime. Do not edit; `charter check` refuses hand edits.",
    "export const registry = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

function registryDeclarations(lines: readonly RegistryLine[]): string {
  const imports = new Map<string, Set<string>>();
  for (const l of lines) {
    if (!l.typeName || !l.typesModule) continue;
    const specifier = `../${l.typesModule.replace(/\.ts$/, ".js")}`;
    if (!imports.has(specifier)) imports.set(specifier, new Set());
    imports.get(specifier)!.add(l.typeName);
  }
  return [
    "// Generated by charter. Do not edit; `charter check` refuses hand edits.",
    ...[...imports].sort(([a], [b]) => (a < b ? -1 : 1)).map(([specifier, names]) => `import type { ${[...names].sort().join(", ")} } from "${specifier}";`),
    "",
    "/**",
    " * One validatable contract or definition: T is what valid data is, Rules the",
    " * ids of the rules the application registers for it (bindContracts checks them).",
    " */",
    "export interface RegistryEntry<T, Rules extends string = never> {",
    "  readonly contract: string;",
    "  readonly digest: string;",
    "  readonly exportName: string;",
    "  readonly rules: { readonly [id in Rules]: string };",
    "  readonly load: () => Promise<Record<string, unknown>>;",
    "  readonly loadAllErrors: () => Promise<Record<string, unknown>>;",
    "  readonly loadSchema: () => Promise<{ default: unknown }>;",
    "  readonly __type?: T;",
    "}",
    "",
    "export declare const registry: {",
    ...[...lines]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((l) => {
        const ids = [...l.rules.keys()].map((id) => JSON.stringify(id)).join(" | ");
        return `  readonly ${JSON.stringify(l.name)}: RegistryEntry<${l.typeName ?? "unknown"}${ids ? `, ${ids}` : ""}>;`;
      }),
    "};",
    "",
    "/** Every contract and exported definition of this tree, by name. */",
    "export type ContractName = keyof typeof registry;",
    "",
  ].join("\n");
}

interface ValidatorExport {
  exportName: string;
  /** "" for the root, `/$defs/K` for a definition. */
  pointer: string;
  typeName: string | undefined;
  ref: string;
}

function exportsOf(bundle: Bundle, names: ReadonlyMap<string, string> | undefined): ValidatorExport[] {
  const list: ValidatorExport[] = [{ exportName: "validate", pointer: "", typeName: names?.get(""), ref: bundle.id }];
  for (const [pointer, typeName] of names ?? []) {
    if (pointer === "") continue;
    list.push({ exportName: `validate${typeName}`, pointer, typeName, ref: `${bundle.id}#${pointerToFragment(pointer)}` });
  }
  return list;
}

function declarations(name: string, exports: readonly ValidatorExport[], typesModule: string | undefined): string {
  const depth = name.split("/").length;
  const typesSpecifier = typesModule ? `${"../".repeat(depth)}${typesModule.replace(/\.ts$/, ".js")}` : undefined;
  const imported = typesSpecifier ? exports.map((e) => e.typeName).filter((t): t is string => t !== undefined) : [];
  const lines = [
    `// Generated by charter from ${name}. Do not edit: \`charter check\` refuses hand edits.`,
    ...(imported.length > 0 ? [`import type { ${[...new Set(imported)].sort().join(", ")} } from "${typesSpecifier}";`] : []),
    "",
    "/** One violation, as ajv reports it. */",
    "export interface ValidationError {",
    "  instancePath: string;",
    "  schemaPath: string;",
    "  keyword: string;",
    "  params: Record<string, unknown>;",
    "  message?: string;",
    "}",
    "",
    "/** A precompiled validator: a type guard that leaves its violations in `errors`. */",
    "export interface Validator<T> {",
    "  (data: unknown): data is T;",
    "  errors?: ValidationError[] | null;",
    "}",
    "",
  ];
  for (const e of exports) {
    const type = typesSpecifier && e.typeName ? e.typeName : "unknown";
    lines.push(`export declare const ${e.exportName}: Validator<${type}>;`);
  }
  return lines.join("\n") + "\n";
}

/**
 * Compiles one export ahead of the standalone code (which reuses it), so that
 * what ajv logs meanwhile can be placed: ajv gives a location relative to the
 * schema it compiled, here the exported definition, and a finding must name
 * its place from the bundle's root.
 */
function compileExport(ajv: Ajv, e: ValidatorExport, log: AjvLog): void {
  const logged = log.warnings.length;
  ajv.getSchema(e.ref);
  if (e.pointer === "") return;
  const prefix = pointerToFragment(e.pointer);
  for (let i = logged; i < log.warnings.length; i++) log.warnings[i] = log.warnings[i]!.replace(/ at (path )?"([^"#]*)#(?!\/(?:\$defs|definitions)\/)/, (_, word: string | undefined, base: string) => ` at ${word ?? ""}"${base}#${prefix}`);
}
