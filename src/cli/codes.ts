import type { DiagnosticCode } from "../compiler/diagnostic.js";

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
} satisfies Record<string, DiagnosticCode>;
