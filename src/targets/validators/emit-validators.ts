import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import type { DeclaredInstance } from "../../compiler/check/declared-counterexamples.js";
import type { DeclaredRules } from "../../compiler/check/declared-rules.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import type { JsonValue } from "../../core/json-value.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { fragmentToPointer, joinPointer, pointerToFragment } from "../../core/json-pointer.js";
import { compileLinear, UnsupportedPattern } from "charter-runtime/re2js";
import { startTasks, siblingModule, type TaskDefinition, type TaskSettings } from "../../tasks/run-tasks.js";
import type { ValidationPolicy } from "../../settings/validation.js";
import { errorAt, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import { moduleStem, schemaPath, validatorPath, type OutputFiles } from "../shared/output-files.js";
import type { TypeNames } from "../shared/type-names.js";
import { VALIDATOR_CODES } from "./codes.js";
import { ASYNC_KEYWORD, asyncSchemas } from "./async-keyword.js";
import { declaredByEnclosingSchema } from "./enclosing-properties.js";
import { locateFinding } from "./finding-location.js";
import { bundleResources, resourceOf, type BundleResource } from "./finding-resources.js";
import { compileValidator, type CompiledValidator, type ValidatorTask } from "./compile-validator.js";
import type { ValidatorExport } from "./validator-export.js";
import { DEPTH_EXPORT } from "./recursion-guard.js";

/** Each contract's validators, computed on worker threads and kept in the cache. */
const VALIDATOR_TASK: TaskDefinition<ValidatorTask, CompiledValidator> = {
  name: "compileValidator",
  label: "validators",
  module: siblingModule(import.meta.url, "compile-validator"),
  run: compileValidator,
  overflowed: (output) => output.overflowed === true,
};

export interface ValidatorContract {
  bundle: Bundle;
  key: string;
  file: string;
  digest: string;
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

/** The same validators with ajv's `allErrors`: slower, for reporting every violation once data failed. */
export function allErrorsPath(name: string): string {
  return `validators/${moduleStem(name)}.all-errors.js`;
}

/**
 * `validators/<name>.js`: ajv's standalone code for the contract's bundle, as
 * an ES module with one export for the root (`validate`) and one for each
 * top-level definition (`validate<TypeName>`); `<name>.all-errors.js`, the
 * same with ajv's `allErrors`, for reporting every violation once data failed;
 * and a `.d.ts` for each, typing every export as a guard for the generated type.
 * The compiling starts at once, on worker threads when there are enough
 * contracts; `finish` takes the contracts' types modules, which the
 * declarations import, once the types are done.
 */
export function startValidators(
  contracts: readonly ValidatorContract[],
  names: TypeNames,
  settings: TaskSettings,
): {
  finish: (
    typesModule: (name: string) => string | undefined,
  ) => Promise<ValidatorsResult & { onWorkerThreads: number }>;
} {
  const tasks = contracts.map(({ bundle, key, file, policy, instances }): ValidatorTask => ({
    id: bundle.id,
    dialect: bundle.dialect,
    schema: bundle.schema,
    // What ajv compiles where the bundle needs it (dynamic references resolved, unevaluated* made exact).
    ...(bundle.validation
      ? { form: { schema: bundle.validation.schema, origins: [...bundle.validation.origins] } }
      : {}),
    file,
    exports: exportsOf(bundle, names.byDocument.get(key)),
    policy,
    instances: [...instances],
  }));
  const batch = startTasks(VALIDATOR_TASK, tasks, settings);
  return {
    finish: async (typesModule) => ({
      ...assemble(contracts, tasks, await batch.finish(), typesModule),
      onWorkerThreads: batch.onWorkerThreads,
    }),
  };
}

/** The modules, their declarations and the registry, from each contract's compiled validators. */
function assemble(
  contracts: readonly ValidatorContract[],
  tasks: readonly ValidatorTask[],
  compiled: readonly CompiledValidator[],
  typesModuleOf: (name: string) => string | undefined,
): ValidatorsResult {
  const result: ValidatorsResult = { files: new Map(), produced: new Set(), diagnostics: [] };
  const registry: RegistryLine[] = [];
  contracts.forEach(({ bundle, digest, rules, policy, source }, index) => {
    const typesModule = typesModuleOf(bundle.name);
    const { exports } = tasks[index]!;
    const { warnings, strictApart, diagnostics, modules, depthGuarded } = compiled[index]!;
    if (!modules) {
      result.diagnostics.push(...diagnostics);
      return;
    }
    const findings = [
      ...ajvFindings(warnings, strictApart, bundle, source, policy),
      ...(policy.patterns === "linear" ? nonLinearPatterns(bundle, source) : []),
      ...asyncIgnored(bundle, source),
      ...diagnostics,
    ];
    result.diagnostics.push(...findings);
    if (findings.some((d) => d.severity === "error")) return;
    const header = `// Generated by charter from ${bundle.name} (schema digest ${digest}). Do not edit: \`charter check\` refuses hand edits.\n`;
    const declared = declarations(bundle.name, exports, typesModule, depthGuarded === true);
    result.files.set(validatorPath(bundle.name), header + modules[0]);
    result.files.set(validatorPath(bundle.name).replace(/\.js$/, ".d.ts"), declared);
    result.files.set(allErrorsPath(bundle.name), header + modules[1]);
    result.files.set(allErrorsPath(bundle.name).replace(/\.js$/, ".d.ts"), declared);
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
  });
  if (registry.length > 0) {
    // The modules are ES modules whatever the project's own package.json says (a CommonJS
    // project, or an output directory outside any project, would have them read as scripts).
    result.files.set(
      "validators/package.json",
      JSON.stringify(
        { description: "Generated by charter: ES module validators. Do not edit.", type: "module", private: true },
        null,
        2,
      ) + "\n",
    );
    result.files.set("validators/index.js", registryModule(registry));
    result.files.set("validators/index.d.ts", registryDeclarations(registry));
  }
  return result;
}

/**
 * What ajv logged while compiling, as diagnostics placed in the contract's
 * source where ajv's location allows: unknown formats (each once; a warning,
 * or an error when refused) and, under `strict`, its strict-mode findings:
 * errors where ajv's strict mode refuses the contract, warnings where ajv
 * meets them only compiling a definition on its own (`strictApart`).
 */
function ajvFindings(
  warnings: readonly string[],
  strictApart: readonly string[],
  bundle: Bundle,
  source: SchemaDocument,
  policy: ValidationPolicy,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  let known: Map<string, BundleResource> | undefined;
  const resources = () => (known ??= bundleResources(bundle.schema, bundle.id, source.value, bundle.dialect));
  const seen = new Set<string>();
  const place = (pointer: string | undefined) => ({
    file: source.file,
    position: (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 },
    ...(pointer !== undefined && source.positions.has(pointer) ? { pointer } : {}),
  });
  const strictFinding = (warning: string, apart: boolean): void => {
    const strict = /^strict mode: (.*?)(?: at (?:path )?"([^"]*)")?(?: \((\w+)\))?$/s.exec(warning);
    if (!strict || policy.strictness !== "strict") return;
    const [, what, where] = strict;
    const named = where !== undefined ? resourceOf(where, resources(), bundle.id) : undefined;
    // A finding inside an embedded document belongs to that document's own contract (and policy).
    if (where !== undefined && !named?.resource.own) return;
    const required = /^required property "(.*)" is not defined$/s.exec(what ?? "")?.[1];
    const relative = named ? fragmentToPointer(named.fragment) : undefined;
    const given = relative !== undefined ? named!.resource.pointer + relative : undefined;
    const pointer =
      relative !== undefined ? locateFinding(source.value, relative, required, named!.resource.pointer) : undefined;
    if (required !== undefined && pointer !== undefined && declaredByEnclosingSchema(source.value, pointer, required))
      return;
    // A definition compiled apart and again as its own export yields one finding twice; an
    // error and a warning for one place is the error.
    if (seen.has(`strict:${what}@${pointer}`)) return;
    seen.add(`strict:${what}@${pointer}`);
    // Name the place found in the source, not ajv's location relative to a definition.
    const at =
      pointer !== undefined && (pointer !== given || named!.uri !== bundle.id)
        ? `${bundle.id}#${pointerToFragment(pointer)}`
        : where;
    const message = `${what}${at ? ` (ajv: at ${at})` : ""}`;
    if (!apart) diagnostics.push(errorAt(VALIDATOR_CODES.strictMode, message, place(pointer)));
    else
      diagnostics.push(
        warningAt(
          VALIDATOR_CODES.strictMode,
          `${message}; a warning: ajv meets it only compiling this definition on its own, and its strict mode accepts the contract`,
          place(pointer),
        ),
      );
  };
  for (const warning of warnings) {
    if (seen.has(warning)) continue; // the all-errors compilation logs the same again
    seen.add(warning);
    const format = /unknown format "([^"]+)"/.exec(warning)?.[1];
    if (format !== undefined) {
      if (seen.has(`format:${format}`)) continue;
      seen.add(`format:${format}`);
      const at = place(formatPointer(source, format));
      if (policy.unknownFormats === "refuse") {
        diagnostics.push(
          errorAt(
            VALIDATOR_CODES.unknownFormatRefused,
            `format "${format}" is unknown to charter-runtime, and this contract refuses unknown formats`,
            at,
          ),
        );
      } else {
        diagnostics.push(
          warningAt(
            VALIDATOR_CODES.unknownFormat,
            `format "${format}" is unknown to charter-runtime; the validator does not check it`,
            at,
          ),
        );
      }
      continue;
    }
    strictFinding(warning, false);
  }
  for (const warning of strictApart) strictFinding(warning, true);
  return diagnostics;
}

/**
 * The patterns of a contract that asks for the linear engine which that
 * engine cannot run, each an error (the generated code would otherwise build
 * them with RegExp, silently). Read from the bundle, which holds what the
 * validators compile, documents the contract embeds included; placed in the
 * contract's source where it is written there.
 */
function nonLinearPatterns(bundle: Bundle, source: SchemaDocument): Diagnostic[] {
  const patternsIn = (schema: JsonValue) => {
    const found = new Map<string, string>();
    walkSchema(schema, undefined, (node, pointer) => {
      if (typeof node["pattern"] === "string" && !found.has(node["pattern"]))
        found.set(node["pattern"], `${pointer}/pattern`);
      const keyed = node["patternProperties"];
      if (keyed !== null && typeof keyed === "object" && !Array.isArray(keyed))
        for (const key of Object.keys(keyed))
          if (!found.has(key)) found.set(key, joinPointer(pointer, "patternProperties", key));
      return undefined;
    });
    return found;
  };
  const written = patternsIn(source.value);
  const found: Diagnostic[] = [];
  for (const expression of [...patternsIn(bundle.schema).keys()].sort()) {
    let what: string;
    try {
      compileLinear(expression);
      continue;
    } catch (error) {
      what =
        error instanceof UnsupportedPattern
          ? `uses ${error.message}`
          : `is not one RE2 reads (${String((error as Error).message ?? error).split("\n")[0]})`;
    }
    const pointer = written.get(expression);
    const where = pointer === undefined ? " (in a document the contract embeds)" : "";
    const message = `pattern ${JSON.stringify(expression)}${where} ${what}, which the linear engine this contract asks for (validation.patterns: linear) cannot run`;
    const position = (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 };
    found.push(
      errorAt(VALIDATOR_CODES.patternNotLinear, message, {
        file: source.file,
        position,
        ...(pointer !== undefined ? { pointer } : {}),
      }),
    );
  }
  return found;
}

/** A CH709 warning at each `$async` of the contract's own file, and one at its first line for those of documents it embeds. */
function asyncIgnored(bundle: Bundle, source: SchemaDocument): Diagnostic[] {
  const found: Diagnostic[] = [];
  const warn = (message: string, pointer?: string) => {
    const position = (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 };
    found.push(
      warningAt(VALIDATOR_CODES.asyncIgnored, message, {
        file: source.file,
        position,
        ...(pointer !== undefined ? { pointer } : {}),
      }),
    );
  };
  const written = asyncSchemas(source.value);
  for (const pointer of written)
    warn(
      "`$async` is ajv's keyword, not JSON Schema's; the validators are synchronous (they would otherwise return a Promise), with the same verdicts",
      joinPointer(pointer, ASYNC_KEYWORD),
    );
  if (asyncSchemas(bundle.schema).length > written.length)
    warn(
      "a document the contract embeds holds `$async`, ajv's keyword; the validators are synchronous, with the same verdicts",
    );
  return found;
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
 * on first use by the runtime, with the rules the application must register,
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
      `    load: () => import(${JSON.stringify(`./${moduleStem(l.contract)}.js`)}),`,
      `    loadAllErrors: () => import(${JSON.stringify(`./${moduleStem(l.contract)}.all-errors.js`)}),`,
      `    loadSchema: () => import(${JSON.stringify(`../${schemaPath(l.contract)}`)}, { with: { type: "json" } }),`,
      `  },`,
    ]);
  return [
    "// Generated by charter: the contracts of this tree, for `bindContracts` from charter-runtime. Do not edit; `charter check` refuses hand edits.",
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
    ...[...imports]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([specifier, names]) => `import type { ${[...names].sort().join(", ")} } from "${specifier}";`),
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

function exportsOf(bundle: Bundle, names: ReadonlyMap<string, string> | undefined): ValidatorExport[] {
  const list: ValidatorExport[] = [{ exportName: "validate", pointer: "", typeName: names?.get(""), ref: bundle.id }];
  for (const [pointer, typeName] of names ?? []) {
    if (pointer === "") continue;
    list.push({
      exportName: `validate${typeName}`,
      pointer,
      typeName,
      ref: `${bundle.id}#${pointerToFragment(pointer)}`,
    });
  }
  return list;
}

function declarations(
  name: string,
  exports: readonly ValidatorExport[],
  typesModule: string | undefined,
  depthGuarded: boolean,
): string {
  const depth = name.split("/").length;
  const typesSpecifier = typesModule ? `${"../".repeat(depth)}${typesModule.replace(/\.ts$/, ".js")}` : undefined;
  const imported = typesSpecifier ? exports.map((e) => e.typeName).filter((t): t is string => t !== undefined) : [];
  const lines = [
    `// Generated by charter from ${name}. Do not edit: \`charter check\` refuses hand edits.`,
    ...(imported.length > 0
      ? [`import type { ${[...new Set(imported)].sort().join(", ")} } from "${typesSpecifier}";`]
      : []),
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
  if (depthGuarded) {
    lines.push(
      "",
      "/** The depth limit of validators that can recurse with the data: set by charter-runtime around each call (maxDepth), Infinity otherwise. */",
    );
    lines.push(`export declare const ${DEPTH_EXPORT}: { limit: number; at: string };`);
  }
  return lines.join("\n") + "\n";
}
