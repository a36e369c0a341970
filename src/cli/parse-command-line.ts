import { parseArgs } from "node:util";
import { closestMatch } from "../core/suggest.js";
import { COMMANDS, OPTIONS, type Command, type ParsedArgs } from "./args.js";

/** What the command line says: the arguments, or a usage error and, for a flag, whose usage line goes with it. */
export interface CommandLine {
  args?: ParsedArgs;
  usage?: string;
  flagOf?: Command | "charter";
}

/**
 * Parses argv (without node and the script); a usage error comes back as a message.
 * `flagOf` is set when a flag does not parse: the command (or `charter` itself)
 * whose usage line goes with the message, instead of the whole help.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
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
    return { usage: unknownCommand(named) };
  const refused = refusedFlag(tokens, argv, named as Command | undefined);
  if (refused !== undefined) return { usage: refused, flagOf: (named as Command | undefined) ?? "charter" };
  let parsed;
  try {
    parsed = strictParse(argv);
  } catch (error) {
    // Only a refusal refusedFlag does not know of gets here.
    return { usage: (error as Error).message };
  }
  const { values, positionals } = parsed;
  const [command, ...operands] = positionals;
  return misusedCommand(command, operands, values) ?? optionValues(command as Command | undefined, operands, values);
}

function strictParse(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
}

/** The options as strict parsing gives them. */
type OptionValues = ReturnType<typeof strictParse>["values"];

/** A usage error in what the command is given: an option it does not take, or operands it does not expect. */
function misusedCommand(
  command: string | undefined,
  operands: readonly string[],
  values: OptionValues,
): CommandLine | undefined {
  if (command !== undefined && !values.help) {
    const allowed: readonly string[] = COMMANDS[command as Command].options;
    const given = Object.keys(values).filter((name) => name !== "help" && name !== "version");
    const foreign = given.find((name) => !allowed.includes(name));
    if (foreign !== undefined) {
      // The option is likely one of this command's, mistyped into another command's.
      const meant = closestMatch(foreign, allowed);
      const hint =
        meant !== undefined ? `; did you mean --${meant}?` : ` (it is an option of ${commandsTaking(foreign)})`;
      return { usage: `--${foreign} does not apply to ${command}${hint}`, flagOf: command as Command };
    }
  }
  if (command === "validate" && values.schema !== undefined && !values.help) {
    // With an ad-hoc schema every operand is a data file, and there is no generated tree to read.
    if (values.out !== undefined)
      return { usage: "--out does not apply to validate --schema: it reads no generated tree", flagOf: "validate" };
    if (operands.length < 1)
      return {
        usage: "validate --schema expects at least one data file: charter validate --schema SCHEMA FILE...",
        flagOf: "validate",
      };
    return undefined;
  }
  if (command === "validate" && values.catalog !== undefined && !values.help)
    return {
      usage: "--catalog applies to validate --schema only: a contract's validator is already compiled",
      flagOf: "validate",
    };
  if (command === "validate" && operands.length < 2 && !values.help)
    return { usage: "validate expects a contract and at least one file: charter validate CONTRACT FILE..." };
  if (command === "explain" && operands.length !== 1 && !values.help)
    return { usage: "explain expects one diagnostic code: charter explain CH901" };
  if (command !== "validate" && command !== "explain" && operands.length > 0 && !values.help)
    return { usage: `${command} takes no operands, got "${operands.join(" ")}"` };
  return undefined;
}

/** The arguments, each option's value checked and converted; the first value that does not fit is the usage error. */
function optionValues(command: Command | undefined, operands: string[], values: OptionValues): CommandLine {
  const format = values.format ?? "text";
  if (format !== "text" && format !== "json" && format !== "github")
    return { usage: `--format must be text, json or github, got "${format}"` };
  const args: ParsedArgs = {
    command,
    operands,
    catalog: values.catalog ?? [],
    format,
    keepGoing: values["keep-going"] ?? false,
    full: values.full ?? false,
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
  if (values["max-errors"] !== undefined) {
    const text = values["max-errors"].trim();
    const count = /^[0-9]+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(count))
      return {
        usage: `--max-errors must be a whole number, 0 for every violation, got "${values["max-errors"]}"`,
        flagOf: command as Command,
      };
    args.maxErrors = count;
  }
  if (values["max-size"] !== undefined) {
    const text = values["max-size"].trim();
    const mib = /^[0-9]+$/.test(text) ? Number(text) : NaN;
    if (!(Number.isSafeInteger(mib) && mib >= 1 && mib <= 1024 * 1024))
      return {
        usage: `--max-size must be a whole number of MiB from 1, got "${values["max-size"]}"`,
        flagOf: command as Command,
      };
    args.maxSizeMiB = mib;
  }
  if (values["max-warnings"] !== undefined) {
    const text = values["max-warnings"].trim();
    const count = /^[0-9]+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(count))
      return {
        usage: `--max-warnings must be a whole number (0: any warning fails), got "${values["max-warnings"]}"`,
        flagOf: command as Command,
      };
    args.maxWarnings = count;
  }
  if (values.schema !== undefined) args.schema = values.schema;
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

function unknownCommand(named: string): string {
  const commands = Object.keys(COMMANDS);
  const meant = closestMatch(named, commands);
  const list = commands.join(", ");
  return meant === undefined
    ? `unknown command "${named}"; the commands are ${list}`
    : `unknown command "${named}"; did you mean "${meant}"? The commands are ${list}`;
}

/** The commands that take an option, for saying where it belongs. */
function commandsTaking(option: string): string {
  return Object.entries(COMMANDS)
    .filter(([, spec]) => (spec.options as readonly string[]).includes(option))
    .map(([name]) => name)
    .join(", ");
}

/** The nearest option name to a mistyped one: the command's own first, then any. */
function optionHint(name: string, command: Command | undefined): string {
  const own: readonly string[] = command !== undefined ? COMMANDS[command].options : [];
  const mine = closestMatch(name, own);
  if (mine !== undefined) return `; did you mean --${mine}?`;
  const other = closestMatch(name, Object.keys(OPTIONS));
  if (other === undefined) return "";
  const owners = commandsTaking(other);
  return owners === "" ? `; did you mean --${other}?` : `; did you mean --${other} (an option of ${owners})?`;
}

/** In plain words, the first flag that strict parsing refuses: unknown, a value missing, or a value for a switch. */
function refusedFlag(
  tokens: readonly Token[],
  argv: readonly string[],
  command: Command | undefined,
): string | undefined {
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const written = argv[token.index]!;
    if (!Object.prototype.hasOwnProperty.call(OPTIONS, token.name)) {
      // One letter of a group such as -qx: name the group as typed too.
      const group = token.rawName.length === 2 && written !== token.rawName ? ` (in ${written})` : "";
      const hint = token.rawName.startsWith("--") ? optionHint(token.name, command) : "";
      return `unknown option ${token.rawName}${group}${hint}`;
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
