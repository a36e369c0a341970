import { BUNDLE_CODES } from "../compiler/bundle/codes.js";
import { CHECK_CODES } from "../compiler/check/codes.js";
import { LOAD_CODES } from "../compiler/load/codes.js";
import { RESOLVE_CODES } from "../compiler/resolve/codes.js";
import { compareStrings, type CodeTables, type DiagnosticCode } from "../core/diagnostic.js";
import { DIFF_CODES } from "../diff/codes.js";
import { DRIFT_CODES } from "../drift/codes.js";
import { NAMING_CODES } from "../targets/shared/naming-codes.js";
import { PYTHON_CODES } from "../targets/python/codes.js";
import { TYPES_CODES } from "../targets/types/codes.js";
import { VALIDATOR_CODES } from "../targets/validators/codes.js";

/**
 * The code table of every layer below the command line, by its name in CodeTables; the CLI adds
 * its own two. Named table by table, so that the package's declarations (dist/*.d.ts), which the
 * library entry loads through Code below, load every table and with it the codes it declares.
 */
export interface CompilerCodeTables {
  load: typeof LOAD_CODES;
  resolve: typeof RESOLVE_CODES;
  check: typeof CHECK_CODES;
  bundle: typeof BUNDLE_CODES;
  naming: typeof NAMING_CODES;
  types: typeof TYPES_CODES;
  python: typeof PYTHON_CODES;
  validators: typeof VALIDATOR_CODES;
  drift: typeof DRIFT_CODES;
  diff: typeof DIFF_CODES;
}

export const CODE_TABLES: CompilerCodeTables = {
  load: LOAD_CODES,
  resolve: RESOLVE_CODES,
  check: CHECK_CODES,
  bundle: BUNDLE_CODES,
  naming: NAMING_CODES,
  types: TYPES_CODES,
  python: PYTHON_CODES,
  validators: VALIDATOR_CODES,
  drift: DRIFT_CODES,
  diff: DIFF_CODES,
};

export type { Code } from "../core/diagnostic.js";

/**
 * The catalogue behind `charter explain` and docs/diagnostics.md: every code of every table, in
 * code order. It takes each table CodeTables names, so that a table left out fails tsc.
 */
export function diagnosticCatalogue(tables: CodeTables): DiagnosticCode[] {
  const names = Object.keys(tables) as (keyof CodeTables)[];
  return names
    .flatMap((name) => Object.values<DiagnosticCode>(tables[name]))
    .sort((a, b) => compareStrings(a.code, b.code));
}

/** A code charter once emitted and no longer does. */
export interface RetiredCode {
  code: string;
  title: string;
  /** Why nothing produces it now, and what happens instead. */
  retired: string;
}

/** Kept so that a number never comes to mean another finding: a log from an older charter still reads right. */
export const RETIRED_CODES: readonly RetiredCode[] = [
  {
    code: "CH401",
    title: "embedded document clashes with a definition",
    retired:
      "A referenced document used to be embedded under `$defs` (or `definitions`) by its contract name, and a contract with its own definition of that name was refused. The bundle now gives such a document another key (`<name>.embedded`), so a valid schema is never refused for it; docs/decisions/002-bundling.md gives the rule.",
  },
  {
    code: "CH607",
    title: "contract name reserved for the types barrel",
    retired:
      "A contract named `index` at the top of the sources used to get no types, because `types/index.ts` is the module that re-exports every contract (and its validator was overwritten by the registry, `validators/index.js`). Its modules are now `types/index.contract.ts` and `validators/index.contract.js`; the manifest names them.",
  },
];
