import { readFile } from "node:fs/promises";
import type { Diagnostic, SourcePosition } from "../core/diagnostic.js";
import { errorAt } from "../core/diagnostic.js";
import { loadSource } from "../compiler/load/load-source.js";
import { assertsFormats } from "../settings/validation.js";
import { PYTHON_CODES } from "../targets/python/codes.js";
import { emitPython, type PythonContract, type PythonSettings } from "../targets/python/emit-python.js";
import { checkHooks } from "../targets/python/rule-hooks.js";
import type { OutputFiles, OutputSink } from "../targets/shared/output-files.js";
import type { TypeNames } from "../targets/shared/type-names.js";
import type { CompileOptions } from "./compile-options.js";
import type { CompiledContracts } from "./compiled-contracts.js";

/** One contract as the Python target reads it, made in this run or kept from the previous one. */
export interface PythonInput extends PythonContract {
  /** Absolute path of the source file, where its findings are placed. */
  file: string;
  /** Where each key of its source is, when this run read the source; a kept contract's is read if a finding needs it. */
  keyPositions?: ReadonlyMap<string, SourcePosition>;
}

/**
 * The Python target: every bundled contract, with the names the TypeScript types have. Its
 * declared rules need a hook each in the configured hooks file; while one lacks it (or the file
 * names a rule no contract declares), the package is not written.
 */
export async function pythonFiles(
  settings: PythonSettings,
  inputs: readonly PythonInput[],
  names: TypeNames,
  version: string | undefined,
): Promise<{ files: OutputFiles; diagnostics: Diagnostic[] }> {
  const ruled = inputs
    .filter((c) => c.rules.size > 0)
    .map((c) => ({
      name: c.bundle.name,
      rules: c.rules,
      placeOf: (id: string) => ({
        file: c.file,
        pointer: `/x-charter-rules/${id.replace(/~/g, "~0").replace(/\//g, "~1")}`,
      }),
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
  if (diagnostics.length === 0) diagnostics.push(...(await placed(checkHooks(ruled, settings.rules, hooks), inputs)));
  if (diagnostics.length > 0) return { files: new Map(), diagnostics };
  return { files: emitPython(settings, inputs, names, version ?? "0.0.0", hooks), diagnostics };
}

/**
 * The findings located at a key of a source, with the key's line and column: from this run's
 * reading of the source, or, for a kept contract's, from reading it now (only a finding asks).
 */
async function placed(findings: readonly Diagnostic[], inputs: readonly PythonInput[]): Promise<Diagnostic[]> {
  const byFile = new Map(inputs.map((c) => [c.file, c]));
  const positions = new Map<string, ReadonlyMap<string, SourcePosition> | undefined>();
  const out: Diagnostic[] = [];
  for (const finding of findings) {
    const input = finding.file === undefined ? undefined : byFile.get(finding.file);
    if (input === undefined || finding.pointer === undefined) {
      out.push(finding);
      continue;
    }
    if (!positions.has(input.file))
      positions.set(input.file, input.keyPositions ?? (await loadSource(input.file)).parsed?.keyPositions);
    const at = positions.get(input.file)?.get(finding.pointer);
    out.push(at === undefined ? finding : { ...finding, line: at.line, column: at.column });
  }
  return out;
}

/** The Python package, from every bundle made now and every contract kept. */
export async function pythonOf(
  options: CompileOptions,
  compiled: CompiledContracts,
  names: TypeNames,
  kept: readonly PythonInput[],
  output: OutputSink,
): Promise<Diagnostic[]> {
  const made = compiled.bundles.map((bundle): PythonInput => {
    const source = compiled.sourceOf.get(bundle.name)!;
    return {
      bundle,
      source: source.relativePath!,
      file: source.file,
      digest: compiled.digestOf(bundle.name),
      formats: assertsFormats(compiled.policyOf(bundle.name).formats, bundle.dialect),
      rules: compiled.checked.rulesOf.get(bundle.name) ?? new Map<string, string>(),
      keyPositions: source.keyPositions,
    };
  });
  const python = await pythonFiles(options.python!, [...made, ...kept], names, options.version);
  for (const [file, content] of python.files) output.set(file, content);
  return python.diagnostics;
}
