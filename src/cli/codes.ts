import type { DiagnosticCode } from "../core/diagnostic.js";

export const CLI_CODES = {
  configSyntax: {
    code: "CH001",
    title: "config file does not parse",
    help: "`charter.config.yaml` (or the file `--config` names) cannot be read, or is not YAML. Fix the syntax at the reported position; a file that parses but is not a mapping is CH003.",
  },
  configKey: {
    code: "CH002",
    title: "unknown config key",
    help: "The config file names a key charter does not read, most often a misspelling. The message lists the keys charter reads at that place in the file.",
  },
  configValue: {
    code: "CH003",
    title: "config value of the wrong type",
    help: "A config value has the wrong type or form; the message says what is expected.",
  },
  sourceDir: {
    code: "CH004",
    title: "source directory does not exist",
    help: "Create the directory, or point `--source` (or `source:` in the config) at the folder of your schemas.",
  },
  outDirPlacement: {
    code: "CH005",
    title: "output directory overlaps the sources",
    help: "The output directory must be neither inside the source directory nor contain it, or generated files would be read back as sources.",
  },
  outDirForeign: {
    code: "CH006",
    title: "output directory was not written by charter",
    help: "`generate` replaces the whole output directory, so it refuses a non-empty one without charter's `manifest.json`. Choose an empty or new directory, or delete this one yourself.",
  },
  outDirNotDirectory: {
    code: "CH008",
    title: "output path is not a directory",
    help: "`--out` (or `out:` in the config) names an existing file. Point it at a directory charter may own.",
  },
  writeFailed: {
    code: "CH007",
    title: "output cannot be written",
    help: "The output directory could not be replaced; the previous output is left as it was. Check permissions and free space.",
  },
  outputBusy: {
    code: "CH010",
    title: "another charter run holds the output",
    help: "Another `charter generate` (or a `charter watch` run) is writing the same output directory; it holds the lock file `<out>.charter-lock` beside it, which names its process. charter waits for it (`--wait SECONDS`, default 120) and then gives up with exit 75, leaving the output to that run. A lock left by a run that was killed is taken over; delete the file by hand only if its process is gone and it sits on another host.",
  },
  cacheDamaged: {
    code: "CH011",
    title: "damaged cache entries",
    help: "Some entries of generate's cache no longer had the digest they were written with (a damaged disk, a cache shared between machines, a hand edit). They were removed and their results computed afresh, so the output is right; the warning says the cache folder deserves a look. Delete it whenever you like (`rm -rf node_modules/.cache/charter`, or the folder `--cache-dir` names).",
  },
  noValidators: {
    code: "CH009",
    title: "no generated validators",
    help: "`charter validate` checks data with the validators of a generated tree (`<out>/validators/index.js`). Run `charter generate` first, or point `--out` at the generated folder.",
  },
} satisfies Record<string, DiagnosticCode>;

/** Findings about data checked by `charter validate`. */
export const DATA_CODES = {
  violation: {
    code: "CH801",
    title: "data does not satisfy the contract",
    help: "The data file breaks the contract at the reported place; the message names the keyword and the schema location. Fix the data, or the contract if the data is right.",
  },
  unreadable: {
    code: "CH802",
    title: "data file cannot be read",
    help: "A file named on the command line does not exist or cannot be read.",
  },
  rulesNotChecked: {
    code: "CH803",
    title: "declared rules not checked (warning)",
    help: "The contract declares rules (`x-charter-rules`) whose functions live in the application, so `charter validate` checks the schema only. The application's `validate` call runs them.",
  },
  patternsLeftToRegExp: {
    code: "CH805",
    title: "patterns checked with RegExp (warning)",
    help: "`charter validate` runs `pattern` and `patternProperties` in a linear-time engine (RE2, through re2js), so that no data file can make a pattern run for long. RE2 has no linear-time form of lookaheads, lookbehinds and backreferences, and refuses a few other forms (`\\S` beside other members of a character class, repetition counts above 1,000, some Unicode property names): the patterns listed use one, and were checked with JavaScript's RegExp, as the application runs them. To refuse such patterns at generation, set `validation.patterns: linear` for the contract (CH708); `--patterns native` checks every pattern with RegExp.",
  },
  tooDeep: {
    code: "CH804",
    title: "data too deep to judge",
    help: "The data was not judged, which is not the same as invalid. Either it nests deeper than the depth limit (`--max-depth`, the runtime's `maxDepth`, default 128 levels of objects and arrays), which the validator checks where it follows its schema's references back to itself (the message gives the place of the first value too deep it met), or the validator ran out of call stack all the same: with `--patterns native`, RegExp backtracking over a string of megabytes (the default linear engine does not), or a limit raised past what the stack holds. `charter validate` exits 3 when no file was found invalid but some could not be judged, and the runtime reports one violation with the keyword `x-charter-too-deep`. Data nested more than 500 levels is refused when it is read (CH111), with the same exit code.",
  },
} satisfies Record<string, DiagnosticCode>;

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
} as const satisfies Record<string, DiagnosticCode>;
