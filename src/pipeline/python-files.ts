import type { Bundle } from "../compiler/bundle/bundle-contract.js";
import { assertsFormats, type ValidationPolicy } from "../settings/validation.js";
import { emitPython, type PythonSettings } from "../targets/python/emit-python.js";
import type { OutputFiles } from "../targets/shared/output-files.js";
import type { TypeNames } from "../targets/shared/type-names.js";

/** The Python target: every bundled contract, with the names the TypeScript types have. */
export function pythonFiles(
  settings: PythonSettings,
  bundles: readonly Bundle[],
  names: TypeNames,
  of: {
    sourceOf: (name: string) => string;
    digestOf: (name: string) => string;
    policyOf: (name: string) => ValidationPolicy;
    version: string | undefined;
  },
): OutputFiles {
  const contracts = bundles.map((bundle) => ({
    bundle,
    source: of.sourceOf(bundle.name),
    digest: of.digestOf(bundle.name),
    formats: assertsFormats(of.policyOf(bundle.name).formats, bundle.dialect),
  }));
  return emitPython(settings, contracts, names, of.version ?? "0.0.0");
}
