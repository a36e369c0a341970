import type { CodeTable } from "../core/diagnostic.js";

/** Findings of `charter diff`. */
export const DIFF_CODES = {
  breaking: {
    code: "CH901",
    title: "breaking change between two versions of a contract",
    help: "The contract changed in a way that breaks whom its direction (`diff.direction` in the config) names: a producer whose data was valid and is refused now (input narrowing), a consumer that may now receive data it never saw (output widening), or code compiled against the generated types (TypeScript API). The message names the rule and the place in both versions. Undo the change, bump the contract's major version (the minor one while the major is 0: `x-charter-version`, or `version` in the config for the whole set), which turns the error into a warning, or, when nobody can be broken, add an entry with its reason under `diff.ignore` (printed then as a note).",
  },
  version: {
    code: "CH902",
    title: "version does not match the changes",
    help: "A contract with breaking changes kept its major version (its minor one while the major is 0), or its version went backwards. Bump it as the message says, in `x-charter-version` at the contract's root or in the config's `version` for the whole set.",
  },
  baseUnreadable: {
    code: "CH903",
    title: "base version cannot be read",
    help: "`--base REF` needs git, a repository around the output directory, and a revision git knows (a branch, tag or commit; fetch it first in a shallow CI clone, for example `git fetch origin main --depth=1`); `--base-dir DIR` needs a tree written by `charter generate`, with its manifest.json. The message says which is missing.",
  },
  compatible: {
    code: "CH904",
    title: "compatible change",
    help: "A change that breaks nobody the contract's direction names: a non-breaking change (a new optional property, a new contract, a description), or a narrowing of an `output` contract, or a widening of an `input` one. Printed as a note, so that a reviewer sees everything that changed; it never fails the run.",
  },
} satisfies CodeTable;

declare module "../core/diagnostic.js" {
  interface CodeTables {
    diff: typeof DIFF_CODES;
  }
}
