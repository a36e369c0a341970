import { cpSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const ORDER = "type: object\nrequired: [id]\nproperties:\n  id: { $ref: common/id.yaml }\n";
const ID = "type: string\nminLength: 1\n";
/** A contract with a warning: a format charter's runtime does not know, in a dialect where formats assert. */
const WARNED = "$schema: http://json-schema.org/draft-07/schema#\ntype: string\nformat: no-such-format\n";

/** A project whose contract references another and a catalog file outside the sources, with an example folder. */
function project(): string {
  return tempTree({
    "charter.config.yaml": "catalog:\n  https://vendor.example/: vendor\n",
    "schema-src/order.yaml": ORDER,
    "schema-src/common/id.yaml": ID,
    "schema-src/order.examples/one.yaml": "id: a\n",
    "schema-src/money.yaml": "$ref: https://vendor.example/amount.json\n",
    "vendor/amount.json": '{ "type": "number" }\n',
  });
}

interface JsonReport {
  ok: boolean;
  written: boolean;
  cache: { hits: number; misses: number };
  diagnostics: { code: string; severity: string }[];
}

async function generate(dir: string, ...more: string[]): Promise<JsonReport & { code: number }> {
  const run = await runCli(["generate", "--cache-dir", "cache", "--format", "json", ...more], dir);
  return { ...(JSON.parse(run.stdout) as JsonReport), code: run.code };
}

/** The output tree as text, file by file. */
function output(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const root = path.join(dir, "generated");
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(root, file)] = readFileSync(file, "utf8");
    }
  return files;
}

/** The output a run without any cache makes of the same tree, in a copy of it. */
async function fresh(dir: string): Promise<Record<string, string>> {
  const copy = tempTree({});
  cpSync(dir, copy, { recursive: true, filter: (from) => !/[/\\](cache|generated)$/.test(from) });
  expect((await runCli(["generate", "--no-cache"], copy)).code).toBe(0);
  return output(copy);
}

describe("the record of a whole generate run", () => {
  it("answers an unchanged run: one hit, nothing computed, nothing written", async () => {
    const dir = project();
    const first = await generate(dir);
    expect(first).toMatchObject({ code: 0, written: true });
    expect(first.cache.misses).toBeGreaterThan(1);
    const again = await generate(dir);
    expect(again).toMatchObject({ code: 0, written: false, cache: { hits: 1, misses: 0 } });
  });

  it.each([
    ["a source", (dir: string) => writeFileSync(path.join(dir, "schema-src/common/id.yaml"), ID + "maxLength: 9\n")],
    ["a new source", (dir: string) => writeFileSync(path.join(dir, "schema-src/extra.yaml"), "type: boolean\n")],
    ["a removed source", (dir: string) => rmSync(path.join(dir, "schema-src/money.yaml"))],
    ["an example", (dir: string) => writeFileSync(path.join(dir, "schema-src/order.examples/two.yaml"), "id: b\n")],
    ["a catalog file", (dir: string) => writeFileSync(path.join(dir, "vendor/amount.json"), '{ "type": "integer" }\n')],
    [
      "the config",
      (dir: string) =>
        writeFileSync(
          path.join(dir, "charter.config.yaml"),
          "catalog:\n  https://vendor.example/: vendor\nbaseUri: https://other.example/\n",
        ),
    ],
    ["a file of the output", (dir: string) => writeFileSync(path.join(dir, "generated/types/order.ts"), "// edited\n")],
    ["a stray file in the output", (dir: string) => writeFileSync(path.join(dir, "generated/types/stray.ts"), "\n")],
    ["a deleted output file", (dir: string) => rmSync(path.join(dir, "generated/schemas/order.schema.json"))],
  ])("compiles again after a change to %s, and writes what a fresh run writes", async (_what, change) => {
    const dir = project();
    expect((await generate(dir)).code).toBe(0);
    change(dir);
    const again = await generate(dir);
    expect(again.code).toBe(0);
    // Not answered by the record alone: contracts were looked up or computed (an example changes no output).
    expect(again.cache.hits + again.cache.misses).toBeGreaterThan(1);
    expect(output(dir)).toEqual(await fresh(dir));
  });

  it("compiles again after a change to the Python rules' hooks file alone, which the package copies", async () => {
    const dir = tempTree({
      "charter.config.yaml": "targets:\n  python:\n    package: pets\n    rules: hooks/rules.py\n",
      "schema-src/pet.yaml": "type: object\nx-charter-rules:\n  named: A pet has a name.\n",
      "hooks/rules.py": '@rule("pet", "named")\ndef named(pet) -> bool:\n    return True\n',
    });
    expect((await generate(dir)).code).toBe(0);
    writeFileSync(path.join(dir, "hooks/rules.py"), "# A comment.\n", { flag: "a" });
    const again = await generate(dir);
    expect(again).toMatchObject({ code: 0, written: true });
    expect(output(dir)["pets/pets/_hooks.py"]).toContain("# A comment.");
    expect(output(dir)).toEqual(await fresh(dir));
  });

  it("reports the recorded warnings again, and --max-warnings holds on an unchanged run", async () => {
    const dir = tempTree({
      "schema-src/when.yaml": WARNED,
    });
    const first = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(first.stdout).toMatch(/warning CH701/);
    const again = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/warning CH701/);
    expect(again.stdout).toContain("is up to date");
    const limited = await runCli(["generate", "--cache-dir", "cache", "--max-warnings", "0"], dir);
    expect(limited.code).toBe(1);
    expect(limited.stdout).toMatch(/error CH012/);
  });

  it("keeps the record of a --keep-going run, which answers the same run again with its errors", async () => {
    const dir = tempTree({
      "schema-src/bad.yaml": "type: object\nproperties:\n  a: { $ref: missing.yaml }\n",
      "schema-src/good.yaml": "type: string\n",
    });
    const first = await generate(dir, "--keep-going");
    expect(first).toMatchObject({ code: 1, written: true });
    const again = await generate(dir, "--keep-going");
    expect(again).toMatchObject({ code: 1, written: false, cache: { hits: 1, misses: 0 } });
    expect(again.diagnostics).toEqual(first.diagnostics);
    // Without --keep-going the same tree writes nothing, as a fresh run would say.
    const plain = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toContain("nothing written");
  });

  it("keeps no record of a failed run: the next run reports the error again", async () => {
    const dir = tempTree({ "schema-src/bad.yaml": "type: object\nproperties:\n  a: { $ref: missing.yaml }\n" });
    const first = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(first.code).toBe(1);
    const again = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe(first.stdout);
  });
});

describe("a cache shared between checkouts", () => {
  it("serves another checkout path: every entry is a hit", async () => {
    const first = project();
    expect((await generate(first)).code).toBe(0);
    const second = tempTree({});
    cpSync(first, second, { recursive: true, filter: (from) => !/[/\\](cache|generated)$/.test(from) });
    // The cache, moved beside the other checkout; no output there, so every contract is looked up.
    cpSync(path.join(first, "cache"), path.join(second, "cache"), { recursive: true });
    const moved = await generate(second);
    expect(moved.code).toBe(0);
    expect(moved.cache.misses).toBe(0);
    expect(moved.cache.hits).toBeGreaterThan(3);
    expect(output(second)).toEqual(output(first));
  });

  it("gives findings at the reading checkout's paths", async () => {
    const first = tempTree({ "schema-src/when.yaml": WARNED });
    expect((await runCli(["generate", "--cache-dir", "cache"], first)).code).toBe(0);
    const second = tempTree({});
    cpSync(first, second, { recursive: true });
    rmSync(path.join(second, "generated"), { recursive: true });
    const run = await runCli(["generate", "--cache-dir", "cache", "--format", "json"], second);
    expect(run.stdout).not.toContain(first);
    const report = JSON.parse(run.stdout) as { diagnostics: { file: string }[]; cache: { misses: number } };
    expect(report.cache.misses).toBe(0);
    expect(report.diagnostics[0]!.file).toBe("schema-src/when.yaml");
  });
});

describe("the cache's size", () => {
  it("is held under cache.maxMiB: entries used least recently go first", async () => {
    const dir = project();
    writeFileSync(
      path.join(dir, "charter.config.yaml"),
      "catalog:\n  https://vendor.example/: vendor\ncache:\n  dir: .charter-cache\n  maxMiB: 1\n",
    );
    // An entry of 2 MiB that no run has used for a day, and one of 0.5 MiB used an hour ago.
    const stale = path.join(dir, ".charter-cache/aa/stale.json");
    const recent = path.join(dir, ".charter-cache/bb/recent.json");
    mkdirSync(path.dirname(stale), { recursive: true });
    mkdirSync(path.dirname(recent), { recursive: true });
    writeFileSync(stale, "x".repeat(2 * 1024 * 1024));
    writeFileSync(recent, "x".repeat(512 * 1024));
    const now = Date.now() / 1000;
    utimesSync(stale, now - 86_400, now - 86_400);
    utimesSync(recent, now - 3_600, now - 3_600);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(() => statSync(stale)).toThrow();
    expect(statSync(recent).size).toBe(512 * 1024);
    // What this run wrote is kept: the next run is answered from it.
    const again = await runCli(["generate", "--format", "json"], dir);
    expect(JSON.parse(again.stdout)).toMatchObject({ written: false, cache: { hits: 1, misses: 0 } });
  });
});
