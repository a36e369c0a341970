import { BUNDLE_CODES } from "../compiler/bundle/codes.js";
import { CHECK_CODES } from "../compiler/check/codes.js";
import type { DiagnosticCode } from "../core/diagnostic.js";
import { DRIFT_CODES } from "../drift/codes.js";
import { LOAD_CODES } from "../compiler/load/codes.js";
import { RESOLVE_CODES } from "../compiler/resolve/codes.js";

/** Every code the compiler emits, declared beside its stage and collected here for the documentation. */
export const COMPILER_CODES: readonly DiagnosticCode[] = [
  ...Object.values(LOAD_CODES),
  ...Object.values(RESOLVE_CODES),
  ...Object.values(CHECK_CODES),
  ...Object.values(BUNDLE_CODES),
  ...Object.values(DRIFT_CODES),
];

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
