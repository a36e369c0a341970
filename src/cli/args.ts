import { parseArgs } from "node:util";
import { DEFAULT_MAX_DEPTH } from "charter-runtime";

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
      "jobs",
      "cache-dir",
      "no-cache",
      "quiet",
      "wait",
    ],
  },
  validate: {
    summary: "validate JSON or YAML data files (- reads stdin); exit 1 if any is invalid",
    usage: "charter validate CONTRACT FILE... [options]",
    options: ["config", "out", "format", "patterns", "max-depth"],
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
  explain: {
    summary: "print the documentation of a diagnostic code",
    usage: "charter explain CODE",
    options: ["format"],
  },
  init: {
    summary: "start a charter project here: config, an example contract, npm scripts, CI and a pre-commit hook",
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
  out: { type: "string", value: "DIR", help: "output directory (default generated)" },
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
    help: "generate: compute everything afresh and keep nothing (check never uses the cache)",
  },
  wait: {
    type: "string",
    value: "SECONDS",
    help: "how long to wait for another charter run writing the same output (default 120; 0: do not wait); then exit 75",
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
  jobs?: number;
  /** Seconds to wait for another run that holds the output. */
  wait?: number;
  cacheDir?: string;
  noCache: boolean;
  quiet: boolean;
  base?: string;
  baseDir?: string;
  /** validate: the pattern engine (default linear). */
  patterns?: "linear" | "native";
  /** validate: the runtime's depth limit (default the runtime's). */
  maxDepth?: number;
  help: boolean;
  version: boolean;
}

/**
 * Parses argv (without node and the script); a usage error comes back as a message.
 * `flagOf` is set when a flag does not parse: the command (or `charter` itself)
 * whose usage line goes with the message, instead of the whole help.
 */
export function parseCommandLine(argv: readonly string[]): {
  args?: ParsedArgs;
  usage?: string;
  flagOf?: Command | "charter";
} {
  // Read leniently first, for the command: parseArgs's own refusal names neither it nor its usage.
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const named = tokens.find((token) => token.kind === "positional")?.value;
  if (named !== undefined && !Object.prototype.hasOwnProperty.call(COMMANDS, named))
    return { usage: `unknown command "${named}"; the commands are ${Object.keys(COMMANDS).join(", ")}` };
  const refused = refusedFlag(tokens, argv);
  if (refused !== undefined) return { usage: refused, flagOf: (named as Command | undefined) ?? "charter" };
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Only a refusal refusedFlag does not know of gets here.
    return { usage: (error as Error).message };
  }
  const { values, positionals } = parsed;
  const [command, ...operands] = positionals;
  if (command !== undefined && !values.help) {
    const allowed: readonly string[] = COMMANDS[command as Command].options;
    const given = Object.keys(values).filter((name) => name !== "help" && name !== "version");
    const foreign = given.find((name) => !allowed.includes(name));
    if (foreign !== undefined)
      return { usage: `--${foreign} does not apply to ${command}`, flagOf: command as Command };
  }
  if (command === "validate" && operands.length < 2 && !values.help)
    return { usage: "validate expects a contract and at least one file: charter validate CONTRACT FILE..." };
  if (command === "explain" && operands.length !== 1 && !values.help)
    return { usage: "explain expects one diagnostic code: charter explain CH901" };
  if (command !== "validate" && command !== "explain" && operands.length > 0 && !values.help)
    return { usage: `${command} takes no operands, got "${operands.join(" ")}"` };
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json" && format !== "github")
    return { usage: `--format must be text, json or github, got "${format}"` };
  const args: ParsedArgs = {
    command: command as Command | undefined,
    operands,
    catalog: values.catalog ?? [],
    format,
    keepGoing: values["keep-going"] ?? false,
    noCache: values["no-cache"] ?? false,
    quiet: values.quiet ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
  if (command === "diff" && !args.help) {
    if ((values.base === undefined) === (values["base-dir"] === undefined))
      return { usage: "diff compares with exactly one of --base REF or --base-dir DIR" };
  }
  if (values.patterns !== undefined) {
    if (values.patterns !== "linear" && values.patterns !== "native")
      return { usage: `--patterns must be linear or native, got "${values.patterns}"` };
    args.patterns = values.patterns;
  }
  if (values["max-depth"] !== undefined) {
    const text = values["max-depth"].trim();
    const depth = text === "Infinity" ? Infinity : /^[0-9]+$/.test(text) ? Number(text) : NaN;
    if (!(depth === Infinity || (Number.isSafeInteger(depth) && depth >= 1)))
      return {
        usage: `--max-depth must be a whole number from 1, or Infinity for no limit, got "${values["max-depth"]}"`,
        flagOf: command as Command,
      };
    args.maxDepth = depth;
  }
  if (values.base !== undefined) args.base = values.base;
  if (values["base-dir"] !== undefined) args.baseDir = values["base-dir"];
  if (values.config !== undefined) args.config = values.config;
  if (values.source !== undefined) args.source = values.source;
  if (values.out !== undefined) args.out = values.out;
  if (values["base-uri"] !== undefined) args.baseUri = values["base-uri"];
  if (values["cache-dir"] !== undefined) {
    if (values["no-cache"]) return { usage: "--cache-dir and --no-cache contradict each other" };
    args.cacheDir = values["cache-dir"];
  }
  if (values.jobs !== undefined) {
    const jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64)
      return { usage: `--jobs must be a whole number from 1 to 64, got "${values.jobs}"` };
    args.jobs = jobs;
  }
  if (values.wait !== undefined) {
    const wait = Number(values.wait);
    if (values.wait.trim() === "" || !Number.isFinite(wait) || wait < 0 || wait > 86_400)
      return { usage: `--wait must be a number of seconds from 0 to 86400, got "${values.wait}"` };
    args.wait = wait;
  }
  const typeNames = values["type-names"];
  if (typeNames !== undefined) {
    if (typeNames !== "short" && typeNames !== "qualified")
      return { usage: `--type-names must be short or qualified, got "${typeNames}"` };
    args.typeNames = typeNames;
  }
  return { args };
}

type Token = NonNullable<ReturnType<typeof parseArgs>["tokens"]>[number];

/** In plain words, the first flag that strict parsing refuses: unknown, a value missing, or a value for a switch. */
function refusedFlag(tokens: readonly Token[], argv: readonly string[]): string | undefined {
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const written = argv[token.index]!;
    if (!Object.prototype.hasOwnProperty.call(OPTIONS, token.name)) {
      // One letter of a group such as -qx: name the group as typed too.
      const group = token.rawName.length === 2 && written !== token.rawName ? ` (in ${written})` : "";
      return `unknown option ${token.rawName}${group}`;
    }
    const option: { type: string; value?: string } = OPTIONS[token.name as keyof typeof OPTIONS];
    if (option.type === "boolean" && token.value !== undefined)
      return `${token.rawName} takes no value; write ${token.rawName}, not ${written}`;
    if (option.type !== "string") continue;
    const expected = `${token.rawName} ${option.value ?? "VALUE"}`;
    if (token.value === undefined) return `${token.rawName} needs a value: ${expected}`;
    // As parseArgs: a separate value that looks like an option is taken for a forgotten value.
    if (!token.inlineValue && token.value.startsWith("-"))
      return `${token.rawName} needs a value: ${expected}, not the option ${token.value}; write ${token.rawName}=${token.value} if that is the value`;
  }
  return undefined;
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
