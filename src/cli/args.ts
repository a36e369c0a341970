import { DEFAULT_MAX_DEPTH } from "charter-runtime";

/**
 * How many violations `validate` prints by default in text and github output: enough to fix a
 * file by, few enough that a file with a million stray keys answers at once.
 */
export const DEFAULT_MAX_ERRORS = 100;
/** validate reads no data file past this many MiB unless `--max-size` says more. */
export const DEFAULT_MAX_DATA_MIB = 256;

/** Each command: what it does, how it is called, and the options it takes (one definition for parsing and `--help`). */
export const COMMANDS = {
  generate: {
    summary: "write the output directory from the sources",
    usage: "charter generate [options]",
    options: [
      "config",
      "source",
      "out",
      "catalog",
      "base-uri",
      "type-names",
      "format",
      "keep-going",
      "max-warnings",
      "jobs",
      "cache-dir",
      "no-cache",
      "quiet",
      "wait",
    ],
  },
  check: {
    summary: "compare the output directory with a fresh run; exit 1 on any difference",
    usage: "charter check [options]",
    options: [
      "config",
      "source",
      "out",
      "catalog",
      "base-uri",
      "type-names",
      "format",
      "keep-going",
      "max-warnings",
      "jobs",
      "cache-dir",
      "no-cache",
      "quiet",
      "wait",
      "full",
    ],
  },
  validate: {
    summary: "validate JSON or YAML data files (- reads stdin); exit 1 if any is invalid",
    usage: "charter validate CONTRACT FILE... [options] | charter validate --schema SCHEMA FILE... [options]",
    options: ["config", "out", "schema", "catalog", "format", "patterns", "max-depth", "max-errors", "max-size"],
  },
  diff: {
    summary: "compare the contracts with another version; exit 1 on a breaking change",
    usage: "charter diff --base REF | --base-dir DIR [options]",
    options: ["config", "source", "out", "catalog", "base-uri", "type-names", "format", "base", "base-dir", "jobs"],
  },
  watch: {
    summary: "generate, then again after each change of a source or the config, until Ctrl-C",
    usage: "charter watch [options]",
    options: [
      "config",
      "source",
      "out",
      "catalog",
      "base-uri",
      "type-names",
      "keep-going",
      "jobs",
      "cache-dir",
      "no-cache",
      "quiet",
      "wait",
    ],
  },
  docs: {
    summary:
      "write a static documentation site from the generated tree and the sources: a page per contract, search, and a box that runs the committed validators",
    usage: "charter docs [--out DIR] [options]",
    options: ["config", "out", "format"],
  },
  explain: {
    summary: "print the documentation of a diagnostic code",
    usage: "charter explain CODE",
    options: ["format"],
  },
  init: {
    summary:
      "start a charter project here: config, an example contract, npm scripts, CI, a pre-commit hook and .gitattributes",
    usage: "charter init [options]",
    options: ["source", "out"],
  },
} as const satisfies Record<string, { summary: string; usage: string; options: readonly (keyof typeof OPTIONS)[] }>;
export type Command = keyof typeof COMMANDS;

/** One definition for parsing and for `--help`. */
export const OPTIONS = {
  config: {
    type: "string",
    value: "FILE",
    help: "config file (default charter.config.yaml in the current directory; optional)",
  },
  source: { type: "string", value: "DIR", help: "source directory (default schema-src)" },
  out: {
    type: "string",
    value: "DIR",
    help: "output directory (default generated); for docs, the site's folder (default generated-docs)",
  },
  catalog: {
    type: "string",
    multiple: true,
    value: "PREFIX=DIR",
    help: "resolve URIs starting with PREFIX to files under DIR; repeatable",
  },
  "base-uri": {
    type: "string",
    value: "URI",
    help: "prefix of every contract's $id (default https://charter.invalid/)",
  },
  "type-names": {
    type: "string",
    value: "short|qualified",
    help: "names of $defs types: Outcome, or prefixed by their contract: EnvelopeOutcome (default short)",
  },
  format: {
    type: "string",
    value: "text|json|github",
    help: "output format: text lines, one JSON object, or GitHub Actions annotations (default text)",
  },
  base: {
    type: "string",
    value: "REF",
    help: "diff: the git revision to compare with (its committed output directory, read through git)",
  },
  "base-dir": { type: "string", value: "DIR", help: "diff: a generated tree to compare with, instead of --base" },
  "keep-going": { type: "boolean", help: "write every contract that compiled even when others fail (still exits 1)" },
  jobs: {
    type: "string",
    value: "N",
    help: "threads for per-contract work, this one included (default: the machine's cores, at most 8)",
  },
  "cache-dir": {
    type: "string",
    value: "DIR",
    help: "generate: keep per-contract results here (default node_modules/.cache/charter beside the config, when node_modules exists)",
  },
  "no-cache": {
    type: "boolean",
    help: "a cold run: no cache, and no compiled code of TypeScript, prettier and the generator (check never uses the cache)",
  },
  wait: {
    type: "string",
    value: "SECONDS",
    help: "how long to wait for another charter run writing the same output (default 120; 0: do not wait); then exit 75",
  },
  schema: {
    type: "string",
    value: "FILE",
    help: "validate: check the files against this JSON Schema (YAML or JSON, $refs to files beside it), compiled on the fly, instead of a contract of the generated tree",
  },
  patterns: {
    type: "string",
    value: "linear|native",
    help: "validate: the engine of `pattern`: linear time, which no input can make run long (default), or JavaScript's RegExp, as the application runs them by default",
  },
  "max-depth": {
    type: "string",
    value: "N",
    help: `validate: how many levels of nested objects and arrays a recursive contract judges; deeper data is not judged (exit 3). A whole number from 1, or Infinity for no limit (default ${DEFAULT_MAX_DEPTH})`,
  },
  "max-errors": {
    type: "string",
    value: "N",
    help: `validate: print at most N violations in all, then how many were left out (default ${DEFAULT_MAX_ERRORS} in text and github output, every one in JSON; 0: every one)`,
  },
  "max-size": {
    type: "string",
    value: "MIB",
    help: `validate: refuse a data file, or standard input, larger than this many MiB, reading no further: a device or a stream without end is cut there (default ${DEFAULT_MAX_DATA_MIB})`,
  },
  "max-warnings": {
    type: "string",
    value: "N",
    help: "generate, check: fail (exit 1, nothing written) when the sources give more than N warnings, as eslint's option does; 0 makes any warning fail (default: the config's maxWarnings, else no limit)",
  },
  full: {
    type: "boolean",
    help: "check: print every diff whole: compiled validators' code too (summarised by default), and no cut at 120 lines",
  },
  quiet: {
    type: "boolean",
    short: "q",
    help: "no progress display on a terminal (the final summary and every finding still print)",
  },
  help: { type: "boolean", short: "h", help: "show this help" },
  version: { type: "boolean", help: "print charter's version" },
} as const;

export type Format = "text" | "json" | "github";

export interface ParsedArgs {
  command: Command | undefined;
  /** What follows the command: for `validate`, the contract and the data files. */
  operands: string[];
  config?: string;
  source?: string;
  out?: string;
  catalog: string[];
  baseUri?: string;
  typeNames?: "short" | "qualified";
  format: Format;
  keepGoing: boolean;
  /** check: whole diffs, validators' code included. */
  full: boolean;
  jobs?: number;
  /** Seconds to wait for another run that holds the output. */
  wait?: number;
  cacheDir?: string;
  noCache: boolean;
  quiet: boolean;
  base?: string;
  baseDir?: string;
  /** validate: an ad-hoc schema file to compile and check the files against, instead of a contract. */
  schema?: string;
  /** validate: the pattern engine (default linear). */
  patterns?: "linear" | "native";
  /** validate: the runtime's depth limit (default the runtime's). */
  maxDepth?: number;
  /** validate: how many violations to print in all; 0 for every one (default: DEFAULT_MAX_ERRORS, JSON every one). */
  maxErrors?: number;
  /** validate: the largest data file read, in MiB (`--max-size`; default DEFAULT_MAX_DATA_MIB). */
  maxSizeMiB?: number;
  /** generate, check: more warnings than this fail the run (`--max-warnings`). */
  maxWarnings?: number;
  help: boolean;
  version: boolean;
}

/** A flag that does not parse: the message, the usage line, and where the options are, without the whole help. */
export function flagErrorText(message: string, command: Command | "charter"): string {
  const [who, usage, more] =
    command === "charter"
      ? ["charter", TOP_USAGE, "commands and options"]
      : [`charter ${command}`, COMMANDS[command].usage, "options"];
  return `${who}: ${message}\nusage: ${usage}\nrun ${who} --help for the ${more}\n`;
}

const TOP_USAGE = "charter <command> [options]";

/** The exit codes a command can end with, as its `--help` lists them. */
export function exitCodes(command: Command): string {
  const notJudged = command === "validate" ? ", 3 no file invalid but some too deep to judge" : "";
  const busy = (COMMANDS[command].options as readonly string[]).includes("wait")
    ? ", 75 another run holds the output"
    : "";
  return `0 success, 1 findings, 2 usage error${notJudged}, 70 internal error${busy}`;
}

/** The flag as `--help` shows it: `-q, --quiet`, `--out DIR`. */
export function flagText(name: keyof typeof OPTIONS): string {
  const option = OPTIONS[name];
  const short = "short" in option ? `-${option.short}, ` : "";
  return `${short}--${name}${"value" in option ? " " + option.value : ""}`;
}

export { TOP_USAGE };

/** `charter --help`, or with a command, that command's usage and options. */
export function helpText(command?: Command): string {
  const optionLine = (name: keyof typeof OPTIONS) => `  ${flagText(name).padEnd(24)} ${OPTIONS[name].help}`;
  if (command !== undefined) {
    const { usage, summary, options } = COMMANDS[command];
    const lines = [`usage: ${usage}`, "", summary, ""];
    if (options.length > 0) lines.push("options:", ...options.map(optionLine), optionLine("help"), "");
    lines.push(`exit codes: ${exitCodes(command)}`);
    return lines.join("\n") + "\n";
  }
  const lines = [`usage: ${TOP_USAGE}`, "", "commands:"];
  for (const [name, { summary }] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(10)} ${summary}`);
  lines.push(
    "",
    "options:",
    optionLine("help"),
    optionLine("version"),
    "",
    "charter <command> --help shows a command's options.",
  );
  lines.push(
    "exit codes: 0 success, 1 findings (invalid sources, drift, invalid data, breaking changes), 2 usage error, 70 internal error (a defect of charter's)",
  );
  return lines.join("\n") + "\n";
}
