import { readFileSync } from "node:fs";
import { flagErrorText, helpText, type ParsedArgs } from "./args.js";
import { parseCommandLine } from "./parse-command-line.js";
import { DEFAULT_CONFIG_FILE, resolveSettings, type SettingFlags } from "./config.js";
import path from "node:path";
import { EXIT_FINDINGS, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, type CliIo } from "./io.js";
import { formatDiagnostic, relativeDiagnostic } from "./print.js";
import { colourise } from "./progress.js";
import { compiledCodeFolder } from "./compiled-code-folder.js";

export function charterVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

/**
 * The whole CLI as a function of its arguments: returns the exit code, never
 * exits. Whatever throws is a defect of charter's (input and file system
 * problems are diagnostics): one line and EXIT_INTERNAL, the stack only with
 * CHARTER_DEBUG set.
 */
export async function run(argv: readonly string[], given: CliIo): Promise<number> {
  try {
    return await runCommand(argv, given);
  } catch (error) {
    given.stderr(internalErrorText(error));
    return EXIT_INTERNAL;
  }
}

export function internalErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = process.env["CHARTER_DEBUG"] && error instanceof Error ? `${error.stack}\n` : "";
  return `charter: internal error: ${message}\n(a defect of charter's, exit ${EXIT_INTERNAL}; please report it with the command and its input; CHARTER_DEBUG=1 prints where it happened)\n${stack}`;
}

async function runCommand(argv: readonly string[], given: CliIo): Promise<number> {
  const io: CliIo = {
    ...given,
    stdout: given.colour?.stdout ? (text) => given.stdout(colourise(text)) : given.stdout,
    stderr: given.colour?.stderr ? (text) => given.stderr(colourise(text)) : given.stderr,
  };
  const parsed = parseCommandLine(argv);
  if (!parsed.args) {
    io.stderr(
      parsed.flagOf !== undefined
        ? flagErrorText(parsed.usage!, parsed.flagOf)
        : `charter: ${parsed.usage}\n\n${helpText()}`,
    );
    return EXIT_USAGE;
  }
  const args = parsed.args;
  if (args.version) {
    io.stdout(charterVersion() + "\n");
    return EXIT_OK;
  }
  if (args.help || args.command === undefined) {
    (args.help ? io.stdout : io.stderr)(helpText(args.command));
    return args.help ? EXIT_OK : EXIT_USAGE;
  }
  // These two read no config: one prints documentation, the other writes the first config.
  // Each command's module is loaded when it runs: explain, init and validate then never load the
  // compiler (TypeScript, ts-morph, prettier, json-schema-to-typescript, ajv), which generate needs.
  if (args.command === "explain") return (await import("./commands/explain.js")).runExplain(args, io);
  if (args.command === "init") return (await import("./commands/init.js")).runInit(args, io);
  const flags = {
    config: args.config,
    source: args.source,
    // docs reads the generated tree where the config says, and writes the site to its own --out.
    out: args.command === "docs" ? undefined : args.out,
    docsOut: args.command === "docs" ? args.out : undefined,
    catalog: args.catalog,
    baseUri: args.baseUri,
    typeNames: args.typeNames,
    jobs: args.jobs,
    cacheDir: args.cacheDir,
    noCache: args.noCache,
  };
  // Watching survives a config or a source folder that is wrong for now: it reads them afresh for each run.
  if (args.command === "watch") {
    const { runWatch } = await import("./commands/watch.js");
    return runWatch(
      args,
      () => resolveSettings(flags, io.cwd),
      path.resolve(io.cwd, args.config ?? DEFAULT_CONFIG_FILE),
      io,
      io.interrupted?.() ?? new Promise(() => {}),
    );
  }
  const { resolved, typesThread } = await settingsFor(args, flags, io);
  if (resolved.usage !== undefined) {
    io.stderr(`charter: ${resolved.usage}\n`);
    return EXIT_USAGE;
  }
  if (!resolved.settings) {
    if (args.format === "json") {
      io.stdout(
        JSON.stringify(
          {
            command: args.command,
            ok: false,
            diagnostics: resolved.diagnostics.map((d) => relativeDiagnostic(d, io.cwd)),
          },
          null,
          2,
        ) + "\n",
      );
    } else {
      for (const d of resolved.diagnostics) io.stderr(formatDiagnostic(d, io.cwd, args.format) + "\n");
    }
    return EXIT_USAGE;
  }
  switch (args.command) {
    case "generate":
      return (await import("./commands/generate.js")).runGenerate(args, resolved.settings, io);
    case "check":
      return (await import("./commands/check.js")).runCheck(args, resolved.settings, io, typesThread);
    case "validate":
      // Loaded only for --schema: plain validate runs the generated tree and loads no compiler module.
      if (args.schema !== undefined)
        return (await import("./commands/validate-schema.js")).runValidateSchema(args, resolved.settings, io);
      return (await import("./commands/validate.js")).runValidate(args, resolved.settings, io);
    case "diff":
      return (await import("./commands/diff.js")).runDiff(args, resolved.settings, io);
    case "docs":
      return (await import("./commands/docs.js")).runDocs(args, resolved.settings, io);
  }
  return EXIT_FINDINGS;
}

/**
 * The command's settings; for `check`, with the types' thread it starts first: every contract's
 * types are made afresh, and their libraries load on that thread while this one reads the config
 * and loads the compiler. The thread is closed when there are no settings.
 */
async function settingsFor(args: ParsedArgs, flags: SettingFlags, io: CliIo) {
  const typesThread =
    args.command === "check"
      ? (await import("../targets/types/types-thread.js")).startTypesThread(
          args.jobs,
          compiledCodeFolder(process.env, args.noCache),
        )
      : undefined;
  const resolved = await resolveSettings(flags, io.cwd, {
    readsSources: args.command !== "validate",
    configMemo: args.command === "generate",
  }).catch(async (error: unknown) => {
    await typesThread?.close();
    throw error;
  });
  if (resolved.usage !== undefined || !resolved.settings) await typesThread?.close();
  return { resolved, typesThread };
}
