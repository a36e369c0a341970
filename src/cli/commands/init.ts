import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ParsedArgs } from "../args.js";
import { EXIT_FINDINGS, EXIT_OK, type CliIo } from "../io.js";
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
  const source = args.source ?? "schema-src";
  const out = args.out ?? "generated";
  const files: [string, string, number?][] = [
    ["charter.config.yaml", configText(source, out)],
    [path.join(source, "example", "order.yaml"), EXAMPLE_CONTRACT],
    [path.join(".github", "workflows", "contracts.yml"), WORKFLOW],
    [path.join(".githooks", "pre-commit"), HOOK, 0o755],
  ];
  const say = (text: string) => io.stdout(`charter init: ${text}\n`);
  let failed = false;
  for (const [relative, text, mode] of files) {
    const file = path.join(io.cwd, relative);
    if (existsSync(file)) {
      say(`skipped ${displayPath(file, io.cwd)} (it exists)`);
      continue;
    }
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text, { flag: "wx" });
    if (mode !== undefined) chmodSync(file, mode);
    say(`created ${displayPath(file, io.cwd)}`);
  }
  const scripts = addScripts(path.join(io.cwd, "package.json"), { generate: "charter generate", check: "charter check" });
  if (typeof scripts === "string") {
    io.stderr(`charter: error ${scripts}\n`);
    failed = true;
  } else {
    if (scripts.created) say("created package.json");
    if (scripts.added.length > 0) say(`added the npm scripts ${scripts.added.join(", ")} to package.json`);
    for (const name of scripts.kept) say(`skipped the npm script ${name} (package.json runs charter ${name} already, or has no free name for it)`);
  }
  const install = existsSync(path.join(io.cwd, "node_modules", "charter")) ? "" : "npm install --save-dev charter, then ";
  say(`next: ${install}npm run generate and commit ${out}/; git config core.hooksPath .githooks turns the pre-commit hook on`);
  return failed ? EXIT_FINDINGS : EXIT_OK;
}

/** Adds the scripts the file lacks, keeping its indentation; creates a minimal package.json when there is none. */
function addScripts(file: string, wanted: Record<string, string>): { created: boolean; added: string[]; kept: string[] } | string {
  let text: string | undefined;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = undefined;
  }
  let manifest: { scripts?: Record<string, string> } & Record<string, unknown>;
  try {
    manifest = text === undefined ? { name: path.basename(path.dirname(file)).toLowerCase().replace(/[^a-z0-9._-]/g, "-"), private: true } : (JSON.parse(text) as typeof manifest);
  } catch (error) {
    return `package.json does not parse, so no scripts were added: ${(error as Error).message}`;
  }
  const scripts = { ...(manifest.scripts ?? {}) };
  const added: string[] = [];
  const kept: string[] = [];
  for (const [name, command] of Object.entries(wanted)) {
    // A project's own `check` stays; charter's goes beside it as `charter:check`.
    const free = [name, `charter:${name}`].find((candidate) => !(candidate in scripts));
    if (Object.values(scripts).includes(command) || free === undefined) kept.push(name);
    else {
      scripts[free] = command;
      added.push(free);
    }
  }
  if (added.length > 0) {
    const indent = text === undefined ? 2 : (/^[ \t]+(?=")/m.exec(text)?.[0] ?? "  ");
    writeFileSync(file, JSON.stringify({ ...manifest, scripts }, null, indent) + "\n");
  }
  return { created: text === undefined, added, kept };
}

function configText(source: string, out: string): string {
  return `# yaml-language-server: $schema=${CONFIG_SCHEMA}
# charter's settings for this project. Every key is optional; the contract above (shipped with
# charter) lists them all and lets your editor check this file as you type.
source: ${source}         # the contracts: one JSON Schema per .yaml, .yml or .json file
out: ${out}            # written by \`charter generate\`, compared by \`charter check\`; commit it
# baseUri: https://contracts.example.com/   # the prefix of every contract's $id
validation:
  formats: assert           # check \`format\` (date-time, email, uri, ...) in every dialect
  strictness: strict        # ajv's strict mode: a keyword without the type it needs is an error
`;
}

const EXAMPLE_CONTRACT = `# yaml-language-server: $schema=${SOURCE_SCHEMA}
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
      - run: npx charter check --format github
      - if: github.event_name == 'pull_request'
        run: npx charter diff --base origin/\${{ github.base_ref }} --format github
`;

const HOOK = `#!/bin/sh
# Written by charter init: refuse a commit whose generated tree differs from its contracts.
# Turn it on once per clone: git config core.hooksPath .githooks
exec npx --no-install charter check
`;
