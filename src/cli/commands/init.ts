import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, type Dirent } from "node:fs";
import { parse } from "yaml";
import path from "node:path";
import type { ParsedArgs } from "../args.js";
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
import { markGeneratedOutput } from "../git-attributes.js";
import { displayPath } from "../print.js";

/** The contracts of the config file and of a source, as the charter package ships them: editors validate against them. */
const CONFIG_SCHEMA = "node_modules/charter/generated/schemas/charter/config.schema.json";
const SOURCE_SCHEMA = "node_modules/charter/generated/schemas/charter/source.schema.json";

/**
 * `charter init`: the files a project needs to start, each written only when
 * nothing is there yet. It says what it created, what it skipped and why,
 * and what to do next.
 */
export function runInit(args: ParsedArgs, io: CliIo): number {
  // An existing config says where the project keeps its contracts; the flags, then the defaults, otherwise.
  const existing = readExistingConfig(path.join(io.cwd, "charter.config.yaml"));
  const source = args.source ?? existing.source ?? "schema-src";
  const out = args.out ?? existing.out ?? "generated";
  const sourceDir = path.resolve(io.cwd, source);
  const example = path.join(sourceDir, "example", "order.yaml");
  const files: [string, string, number?][] = [
    [path.join(io.cwd, "charter.config.yaml"), configText(source, out)],
    [path.join(io.cwd, ".github", "workflows", "contracts.yml"), WORKFLOW],
    [path.join(io.cwd, ".githooks", "pre-commit"), HOOK, 0o755],
  ];
  const say = (text: string) => io.stdout(`charter init: ${text}\n`);
  // A project with contracts gets no example among them: it would be one more contract to generate and commit.
  if (hasSources(sourceDir))
    say(`skipped the example contract (${displayPath(sourceDir, io.cwd)} holds contracts already)`);
  else {
    const schema = path.relative(path.dirname(example), path.join(io.cwd, SOURCE_SCHEMA)).split(path.sep).join("/");
    files.splice(1, 0, [example, EXAMPLE_CONTRACT.replace("SOURCE_SCHEMA", schema)]);
  }
  let failed = false;
  for (const [file, text, mode] of files) {
    if (existsSync(file)) {
      say(`skipped ${displayPath(file, io.cwd)} (it exists)`);
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text, { flag: "wx" });
    if (mode !== undefined) chmodSync(file, mode);
    say(`created ${displayPath(file, io.cwd)}`);
  }
  say(markGeneratedOutput(io.cwd, path.resolve(io.cwd, out)));
  const scripts = updatePackage(path.join(io.cwd, "package.json"), {
    generate: "charter generate",
    check: "charter check",
  });
  if (typeof scripts === "string") {
    io.stderr(`charter: error ${scripts}\n`);
    failed = true;
  } else {
    if (scripts.created) say("created package.json");
    if (scripts.added.length > 0) say(`added the npm scripts ${scripts.added.join(", ")} to package.json`);
    for (const name of scripts.kept)
      say(`skipped the npm script ${name} (package.json runs charter ${name} already, or has no free name for it)`);
    for (const [field, entry] of scripts.dependencies) say(`added ${entry} to the ${field} of package.json`);
    if (scripts.runtimeInDev)
      say(
        `${RUNTIME_PACKAGE} is among the devDependencies of package.json: generated validators import it at run time, so an install for production lacks it; move it to dependencies`,
      );
    if (scripts.charterInProduction)
      say(
        `charter is among the dependencies of package.json: it only generates, so devDependencies is enough, and a production install then leaves out the compiler (${RUNTIME_PACKAGE} is what runs)`,
      );
  }
  const installed =
    existsSync(path.join(io.cwd, "node_modules", "charter")) &&
    existsSync(path.join(io.cwd, "node_modules", RUNTIME_PACKAGE));
  const install =
    typeof scripts !== "string" && scripts.dependencies.length > 0
      ? "npm install, then "
      : installed
        ? ""
        : `npm install --save-dev charter && npm install ${RUNTIME_PACKAGE}, then `;
  const generate = typeof scripts === "string" ? "npx charter generate" : (scripts.generate ?? "npx charter generate");
  say(
    `next: ${install}${generate} and commit ${displayPath(path.resolve(io.cwd, out), io.cwd)}/; git config core.hooksPath .githooks turns the pre-commit hook on`,
  );
  return failed ? EXIT_FINDINGS : EXIT_OK;
}

/** `source` and `out` of a config file that exists, as far as it can be read. */
function readExistingConfig(file: string): { source?: string; out?: string } {
  try {
    const value = parse(readFileSync(file, "utf8")) as Record<string, unknown> | null;
    const pick = (key: string) => (typeof value?.[key] === "string" ? { [key]: value[key] as string } : {});
    return { ...pick("source"), ...pick("out") };
  } catch {
    return {};
  }
}

/** Whether a folder holds a contract source already (hidden folders aside). */
function hasSources(dir: string): boolean {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some(
    (e) =>
      !e.name.startsWith(".") &&
      (e.isDirectory() ? hasSources(path.join(dir, e.name)) : /\.(ya?ml|json)$/.test(e.name)),
  );
}

/** What generated code imports: a dependency of the project (production included), where charter is a devDependency. */
const RUNTIME_PACKAGE = "charter-runtime";

/** The versions this charter goes with: its own, and that of the runtime it depends on (one version line, docs/decisions/005). */
function versions(): { charter: string; runtime: string } {
  const read = (url: URL) =>
    JSON.parse(readFileSync(url, "utf8")) as { version: string; dependencies?: Record<string, string> };
  const charter = read(new URL("../../../package.json", import.meta.url));
  return {
    charter: charter.version,
    runtime: (charter.dependencies?.[RUNTIME_PACKAGE] ?? charter.version).replace(/^[\^~=v]+/, ""),
  };
}

interface PackageUpdate {
  created: boolean;
  added: string[];
  kept: string[];
  generate?: string;
  /** Entries added, as [field, "name@range"]. */
  dependencies: [string, string][];
  /** The runtime is a devDependency only, which production installs leave out. */
  runtimeInDev: boolean;
  /** charter is a dependency, which production installs then carry. */
  charterInProduction: boolean;
}

/**
 * Adds the scripts the file lacks, and the runtime (a dependency: generated
 * code imports it) and charter (a devDependency: it only generates) where the
 * file names neither, keeping its indentation, line endings and byte-order
 * mark; creates a minimal package.json when there is none. Says under which
 * name each command went in. Nothing is installed: charter stays offline,
 * and `npm install` is the next step it names.
 */
function updatePackage(file: string, wanted: Record<string, string>): PackageUpdate | string {
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  const bom = text?.startsWith("\uFEFF") ? "\uFEFF" : "";
  const eol = text?.includes("\r\n") ? "\r\n" : "\n";
  if (text !== undefined) text = text.slice(bom.length);
  let manifest: { scripts?: Record<string, string> } & Record<string, unknown>;
  try {
    manifest =
      text === undefined
        ? {
            name: path
              .basename(path.dirname(file))
              .toLowerCase()
              .replace(/[^a-z0-9._-]/g, "-"),
            private: true,
          }
        : (JSON.parse(text) as typeof manifest);
  } catch (error) {
    return `package.json does not parse, so no scripts were added: ${(error as Error).message}`;
  }
  const scripts = { ...(manifest.scripts ?? {}) };
  const added: string[] = [];
  const kept: string[] = [];
  let generate: string | undefined;
  for (const [name, command] of Object.entries(wanted)) {
    // A project's own `check` stays; charter's goes beside it as `charter:check`.
    const present = Object.entries(scripts).find(([, existing]) => existing === command)?.[0];
    const free = [name, `charter:${name}`].find((candidate) => !(candidate in scripts));
    const under = present ?? free;
    if (name === "generate" && under !== undefined) generate = `npm run ${under}`;
    if (present !== undefined || free === undefined) kept.push(name);
    else {
      scripts[free] = command;
      added.push(free);
    }
  }
  const { charter, runtime } = versions();
  const fields = {
    dependencies: { ...asRecord(manifest["dependencies"]) },
    devDependencies: { ...asRecord(manifest["devDependencies"]) },
  };
  const dependencies: [string, string][] = [];
  const declared = (name: string) =>
    name in fields.dependencies ||
    name in fields.devDependencies ||
    name in asRecord(manifest["peerDependencies"]) ||
    name in asRecord(manifest["optionalDependencies"]);
  // The package itself: charter's own checkout, or the runtime's, needs neither.
  const self = manifest["name"];
  if (!declared(RUNTIME_PACKAGE) && self !== RUNTIME_PACKAGE) {
    const spec = runtimeBesideCharter(fields, runtime, path.dirname(file)) ?? `^${runtime}`;
    fields.dependencies[RUNTIME_PACKAGE] = spec;
    dependencies.push(["dependencies", spec.startsWith("file:") ? spec : `${RUNTIME_PACKAGE}@${spec}`]);
  }
  if (!declared("charter") && self !== "charter") {
    fields.devDependencies["charter"] = `^${charter}`;
    dependencies.push(["devDependencies", `charter@^${charter}`]);
  }
  const runtimeInDev = RUNTIME_PACKAGE in fields.devDependencies && !(RUNTIME_PACKAGE in fields.dependencies);
  const charterInProduction = "charter" in fields.dependencies;
  if (added.length > 0 || dependencies.length > 0) {
    const indent = text === undefined ? 2 : (/^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ");
    const updated: Record<string, unknown> = { ...manifest, scripts };
    for (const [field, entries] of Object.entries(fields))
      if (Object.keys(entries).length > 0) updated[field] = sortedKeys(entries);
    writeFileSync(file, bom + (JSON.stringify(updated, null, indent) + "\n").replace(/\n/g, eol));
  }
  return {
    created: text === undefined,
    added,
    kept,
    ...(generate !== undefined ? { generate } : {}),
    dependencies,
    runtimeInDev,
    charterInProduction,
  };
}

/**
 * Where charter came from a packed tarball (`file:vendor/charter-0.1.0.tgz`, the README's route
 * until both packages are on npm), the runtime's tarball packed beside it, as a `file:` spec:
 * a registry range would fail `npm install` and CI's `npm ci` with a 404.
 */
function runtimeBesideCharter(
  fields: Record<"dependencies" | "devDependencies", Record<string, string>>,
  runtime: string,
  projectDir: string,
): string | undefined {
  const charter = fields.devDependencies["charter"] ?? fields.dependencies["charter"];
  if (charter === undefined || !charter.startsWith("file:") || !charter.endsWith(".tgz")) return undefined;
  const beside = path.posix.join(
    path.posix.dirname(charter.slice("file:".length)),
    `${RUNTIME_PACKAGE}-${runtime}.tgz`,
  );
  return existsSync(path.resolve(projectDir, beside)) ? `file:${beside}` : undefined;
}

function asRecord(value: unknown): Record<string, string> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
}

/** npm keeps dependency lists sorted; an entry added by hand goes where npm would put it. */
function sortedKeys(entries: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function configText(source: string, out: string): string {
  // Quoted, so that a folder named 2024 or "gen #1" stays that folder.
  return `# yaml-language-server: $schema=${CONFIG_SCHEMA}
# charter's settings for this project. Every key is optional; the contract above (shipped with
# charter) lists them all and lets your editor check this file as you type.
source: ${JSON.stringify(source)}   # the contracts: one JSON Schema per .yaml, .yml or .json file
out: ${JSON.stringify(out)}   # written by \`charter generate\`, compared by \`charter check\`; commit it
# baseUri: https://contracts.example.com/   # the prefix of every contract's $id
validation:
  formats: assert           # check \`format\` (date-time, email, uri, ...) in every dialect
  strictness: strict        # as ajv's strict mode: an unknown keyword (a typo) is an error, so is a keyword without its type
  # keywords: [discriminator] # keys of your own or another vocabulary's that strict accepts (x-... need no listing)
`;
}

// SOURCE_SCHEMA is replaced by the schema's path relative to the file: editors resolve it from there.
const EXAMPLE_CONTRACT = `# yaml-language-server: $schema=SOURCE_SCHEMA
# An example contract, named by its path without the extension: example/order.
# Edit it into your first contract, or delete it. \`npm run generate\` checks its example and
# counterexample, then writes its bundled schema, TypeScript types and validators.
$schema: https://json-schema.org/draft/2020-12/schema
title: Order
description: One order, as the shop sends it to the warehouse.
type: object
additionalProperties: false
required: [id, lines]
properties:
  id:
    description: The shop's order number.
    type: string
    pattern: "^[A-Z]-[0-9]+$"
  lines:
    description: What to pick, at least one line.
    type: array
    minItems: 1
    items: { $ref: "#/$defs/line" }
$defs:
  line:
    type: object
    additionalProperties: false
    required: [sku, quantity]
    properties:
      sku: { type: string, minLength: 1 }
      quantity: { type: integer, minimum: 1 }
examples:
  - { id: A-100, lines: [{ sku: apple, quantity: 3 }] }
x-charter-counterexamples:
  # An order with nothing to pick.
  - value: { id: A-101, lines: [] }
    error: { keyword: minItems, pointer: /lines }
`;

const WORKFLOW = `# Written by charter init: the generated tree must match the contracts, and a pull request
# must not break them without the version bump it needs.
name: contracts
on: [push, pull_request]
jobs:
  contracts:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with: { fetch-depth: 0 }
      - uses: actions/setup-node@v4
        with: { node-version: 20 }
      - run: npm ci
      # --max-warnings 0: a warning fails CI too (silence a deliberate one in the source with x-charter-ignore).
      - run: npx charter check --format github --max-warnings 0
      - if: github.event_name == 'pull_request'
        run: npx charter diff --base origin/\${{ github.base_ref }} --format github
`;

const HOOK = `#!/bin/sh
# Written by charter init: refuse a commit whose generated tree differs from its contracts.
# Turn it on once per clone: git config core.hooksPath .githooks
exec npx --no-install charter check
`;
