import { readFile } from "node:fs/promises";
import type { Diagnostic, DiagnosticPlace } from "../core/diagnostic.js";
import { errorAt } from "../core/diagnostic.js";
import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import { assertsFormats, type ValidationPolicy } from "../settings/validation.js";
import { PYTHON_CODES } from "../targets/python/codes.js";
import { emitPython, type PythonSettings } from "../targets/python/emit-python.js";
import { checkHooks } from "../targets/python/rule-hooks.js";
import type { OutputFiles } from "../targets/shared/output-files.js";
import type { OutputSink } from "../targets/shared/output-files.js";
import type { TypeNames } from "../targets/shared/type-names.js";
import type { CompileOptions } from "./compile-options.js";
import type { CompiledContracts } from "./compiled-contracts.js";

/**
 * The Python target: every bundled contract, with the names the TypeScript types have. Its
 * declared rules need a hook each in the configured hooks file; while one lacks it (or the file
 * names a rule no contract declares), the package is not written.
 */
export async function pythonFiles(
  settings: PythonSettings,
  bundles: readonly Bundle[],
  names: TypeNames,
  of: {
    sourceOf: (name: string) => string;
    digestOf: (name: string) => string;
    policyOf: (name: string) => ValidationPolicy;
    rulesOf: (name: string) => ReadonlyMap<string, string> | undefined;
    placeOf: (name: string, pointer: string) => DiagnosticPlace;
    version: string | undefined;
  },
): Promise<{ files: OutputFiles; diagnostics: Diagnostic[] }> {
  const contracts = bundles.map((bundle) => ({
    bundle,
    source: of.sourceOf(bundle.name),
    digest: of.digestOf(bundle.name),
    formats: assertsFormats(of.policyOf(bundle.name).formats, bundle.dialect),
    rules: of.rulesOf(bundle.name) ?? new Map<string, string>(),
  }));
  const ruled = contracts
    .filter((c) => c.rules.size > 0)
    .map((c) => ({
      name: c.bundle.name,
      rules: c.rules,
      placeOf: (id: string) =>
        of.placeOf(c.bundle.name, `/x-charter-rules/${id.replace(/~/g, "~0").replace(/\//g, "~1")}`),
    }));
  let hooks: string | undefined;
  const diagnostics: Diagnostic[] = [];
  if (settings.rules !== undefined)
    try {
      hooks = await readFile(settings.rules.file, "utf8");
    } catch (error) {
      diagnostics.push(
        errorAt(
          PYTHON_CODES.badHook,
          `cannot read the rule hooks file ${settings.rules.shown} (targets.python.rules): ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          { file: settings.rules.file },
        ),
      );
    }
  if (diagnostics.length === 0) diagnostics.push(...checkHooks(ruled, settings.rules, hooks));
  if (diagnostics.length > 0) return { files: new Map(), diagnostics };
  return { files: emitPython(settings, contracts, names, of.version ?? "0.0.0", hooks), diagnostics };
}

/** The Python package, from every bundle. */
export async function pythonOf(
  options: CompileOptions,
  compiled: CompiledContracts,
  names: TypeNames,
  output: OutputSink,
): Promise<Diagnostic[]> {
  const { checked, policyOf } = compiled;
  const python = await pythonFiles(options.python!, compiled.bundles, names, {
    sourceOf: (name) => compiled.sourceOf.get(name)!.relativePath!,
    digestOf: (name) => compiled.digests.get(name)!,
    policyOf,
    rulesOf: (name) => checked.rulesOf.get(name),
    placeOf: (name, pointer) => {
      const source = compiled.sourceOf.get(name)!;
      return { file: source.file, position: source.keyPositions.get(pointer), pointer };
    },
    version: options.version,
  });
  for (const [file, content] of python.files) output.set(file, content);
  return python.diagnostics;
}
