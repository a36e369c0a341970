import type { CodeTable } from "../core/diagnostic.js";

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
    title: "output directory cannot be there",
    help: "The output directory must be neither inside the source directory nor contain it, or generated files would be read back as sources. Nor may it be the file system's root (`out: /`): charter owns its output folder whole, replacing it on each run and reading it to compare. An output folder that is a symbolic link is written through (the link stays, its target is replaced), so the link must lead to a folder that exists.",
  },
  outDirForeign: {
    code: "CH006",
    title: "output directory was not written by charter",
    help: "`generate` replaces the whole output directory, so it refuses a non-empty one without charter's `manifest.json`; `charter docs` likewise refuses a non-empty site folder without the `.charter-docs` file it writes. Choose an empty or new directory, or delete this one yourself.",
  },
  outDirNotDirectory: {
    code: "CH008",
    title: "output path is not a directory",
    help: "`--out` (or `out:` in the config) names an existing file. Point it at a directory charter may own.",
  },
  writeFailed: {
    code: "CH007",
    title: "output cannot be written",
    help: "The output directory could not be replaced; the previous output is left as it was, and no lock or staging folder stays behind. The message says what the file system refused: the disk is full (ENOSPC: free space and run again), permission denied (EACCES), a file where a folder should be (ENOTDIR), and so on. A read-only folder inside the output is found before anything moves and named: make the output writable (`chmod -R u+w generated`) and run again.",
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
  tooManyWarnings: {
    code: "CH012",
    title: "more warnings than --max-warnings allows",
    help: "The sources gave more warnings than `--max-warnings N` (or the config's `maxWarnings`) allows, so the run fails as an error would: `generate` writes nothing and `check` exits 1. The warnings are printed above it. Fix them, silence a lint where it is a deliberate choice (`x-charter-ignore: [CH312]`), or raise the limit. `charter init` sets CI's check to `--max-warnings 0`.",
  },
  emptySource: {
    code: "CH013",
    title: "the source folder holds no contract",
    help: "`generate` would replace the output with a tree of no contracts, deleting every schema, type and validator in it, and `check` would accept that tree: a mistyped `source` in charter.config.yaml, or a checkout that lacks the sources, is the usual cause. Contracts are the `.yaml`, `.yml` and `.json` files under the source folder (hidden ones and `<contract>.examples/` folders aside). To remove every contract on purpose, set `allowEmptySource: true` in the config.",
  },
  leftoverOutput: {
    code: "CH014",
    title: "a previous output remains beside the output",
    help: "`generate` replaces the output by moving the old tree aside (`<out>.charter-old-<pid>`), moving the new one in, and deleting the old one. When the old tree cannot be deleted (a folder in it is read-only to you), the new output is in place and whole, and the old tree stays beside it; it never blocks a later run. Make it writable and delete it: `chmod -R u+w generated.charter-old-*` then `rm -rf generated.charter-old-*`. A folder of that name that holds no charter manifest is never touched: it is not charter's.",
  },
  outputUnreadable: {
    code: "CH015",
    title: "the output cannot be read",
    help: "`check` compares the output folder with a fresh run, and could not read a folder or file in it (the message names it and what the file system said: permission denied, too many links, an input/output error). Nothing was compared. Make the output readable to the user who runs `check` (`chmod -R u+rX generated`), or regenerate it. `check` reads only the files a fresh run writes, never through a symbolic link, never a FIFO or device, and only a bounded part of each, so a stray file, however large, costs nothing to report.",
  },
  noValidators: {
    code: "CH009",
    title: "no generated validators",
    help: "`charter validate` checks data with the validators of a generated tree (`<out>/validators/index.js`), and `charter docs` documents that tree (`<out>/manifest.json`). Run `charter generate` first, or point `--out` (for docs, the config's `out`) at the generated folder.",
  },
} satisfies CodeTable;

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
  tooLarge: {
    code: "CH806",
    title: "data file larger than the limit",
    help: "`charter validate` reads a data file (or standard input) only up to `--max-size` MiB (256 by default) and refuses what is larger, reading no further: a file of unknown size, a device such as /dev/zero or a stream without end is cut there. Raise the limit for a file you mean to check: `--max-size 1024`. Memory grows with the data (a parse keeps positions for the report), about 30 to 50 times the file for many small objects.",
  },

  tooDeep: {
    code: "CH804",
    title: "data too deep to judge",
    help: "The data was not judged, which is not the same as invalid. Either it nests deeper than the depth limit (`--max-depth`, the runtime's `maxDepth`, default 128 levels of objects and arrays), which the validator checks where it follows its schema's references back to itself (the message gives the place of the first value too deep it met), or the validator ran out of call stack all the same: with `--patterns native`, RegExp backtracking over a string of megabytes (the default linear engine does not), a limit raised past what the stack holds, or a value that reaches a `$ref` cycle through which a schema applies itself to the same value forever (CH306, a warning where the root does not apply it to every value). `charter validate` exits 3 when no file was found invalid but some could not be judged, and the runtime reports one violation with the keyword `x-charter-too-deep`. Data nested more than 500 levels is refused when it is read (CH111), with the same exit code.",
  },
} satisfies CodeTable;

declare module "../core/diagnostic.js" {
  interface CodeTables {
    cli: typeof CLI_CODES;
    data: typeof DATA_CODES;
  }
}
