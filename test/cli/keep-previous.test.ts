import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

/**
 * Contracts that share a document (a and b use common/id), two that would
 * clash on a type name if one more definition came, one with an example
 * file beside it, one with a finding, one without types, one with findings
 * of the graph, one in JSON.
 */
const PROJECT: Record<string, string> = {
  "node_modules/.keep": "",
  "schema-src/common/id.yaml": "type: string\nminLength: 1\n",
  "schema-src/a.yaml":
    "type: object\nproperties:\n  id: {$ref: common/id.yaml}\n  item: {$ref: '#/$defs/Item'}\n$defs:\n  Item: {type: integer}\n",
  "schema-src/b.yaml": "type: object\nproperties:\n  id: {$ref: common/id.yaml}\n",
  "schema-src/leaf.yaml": "description: A leaf.\ntype: object\nproperties:\n  n: {type: integer}\nexamples: [{n: 1}]\n",
  "schema-src/leaf.examples/one.json": '{"n": 2}\n',
  // Named by its $id, which only a run that reads it knows.
  "schema-src/other.yaml":
    "$id: https://example.test/other\ntype: object\nproperties:\n  t: {$ref: '#/$defs/Thing'}\n$defs:\n  Thing: {type: string}\n",
  // Its name is refused (CH6xx): it has a schema and a validator, and no types module.
  "schema-src/badname.yaml": "type: object\nx-charter-name: not-valid\n",
  "schema-src/noted.yaml":
    "$schema: http://json-schema.org/draft-07/schema#\ntype: object\nproperties:\n  when: {type: string, format: no-such-format}\n",
  // Findings of the graph (a reference cycle, CH306; a reference that names nothing, CH309): a run
  // after an edit elsewhere finds them again only in the documents the edit is connected to.
  "schema-src/loose.yaml":
    "type: object\nproperties:\n  x: {$ref: '#/$defs/A'}\n$defs:\n  A: {allOf: [{$ref: '#/$defs/B'}]}\n  B: {anyOf: [{$ref: '#/$defs/A'}, {type: string}]}\n  Gone: {$ref: '#/$defs/Nope'}\n",
  // JSON: a run reads it with JSON.parse alone once an earlier run found the same bytes plain, and
  // reports again what that run's strict reading found (a number beyond a double, CH110).
  "schema-src/list.json": '{ "type": "array", "items": { "type": "integer", "maximum": 9223372036854775807 } }\n',
};

interface Report {
  ok: boolean;
  produced: string[];
  failed: string[];
  incomplete: unknown[];
  diagnostics: unknown[];
  cache?: { kept: number };
}

/** `generate` through the cache, then a fresh `generate --no-cache` elsewhere: the kept count, and both reports and trees. */
async function generateTwice(dir: string) {
  const json = async (args: string[]) => JSON.parse((await runCli(args, dir)).stdout) as Report;
  const kept = await json(["generate", "--keep-going", "--format", "json"]);
  const fresh = await json(["generate", "--keep-going", "--no-cache", "--out", "fresh", "--format", "json"]);
  const report = ({ ok, produced, failed, incomplete, diagnostics }: Report) => ({
    ok,
    produced,
    failed,
    incomplete,
    diagnostics,
  });
  return {
    kept: kept.cache!.kept,
    report: report(kept),
    freshReport: report(fresh),
    tree: snapshotTree(path.join(dir, "generated")),
    freshTree: snapshotTree(path.join(dir, "fresh")),
  };
}

/** Each edit in turn, then a cached and a fresh run: how many contracts were kept, and the same report and tree. */
async function editInSteps(dir: string, steps: [what: string, edit: () => void, kept: number][]): Promise<void> {
  for (const [what, edit, kept] of steps) {
    edit();
    const run = await generateTwice(dir);
    expect(run.kept, what).toBe(kept);
    expect(run.report, what).toEqual(run.freshReport);
    expect(run.tree, what).toEqual(run.freshTree);
  }
}

describe("generate after an edit", () => {
  it("takes from the previous output every contract the edit cannot reach, and writes what a fresh run writes", async () => {
    const dir = tempTree(PROJECT);
    const source = (name: string) => path.join(dir, "schema-src", name);
    expect((await generateTwice(dir)).kept).toBe(0);
    const steps: [string, () => void, number][] = [
      // A contract nothing references: the other eight are kept.
      [
        "leaf's description",
        () =>
          writeTree(dir, { "schema-src/leaf.yaml": PROJECT["schema-src/leaf.yaml"]!.replace("A leaf.", "Edited.") }),
        8,
      ],
      // A shared document: a and b reach it, so they are compiled with it.
      ["the shared document", () => writeTree(dir, { "schema-src/common/id.yaml": "type: string\nminLength: 2\n" }), 6],
      // Positions only: findings point elsewhere.
      [
        "blank lines before noted",
        () => writeFileSync(source("noted.yaml"), "\n\n" + PROJECT["schema-src/noted.yaml"]),
        8,
      ],
      // A definition named as a's is: other comes later, so it gives way and a keeps its names.
      ["a clashing definition in other", () => appendFileSync(source("other.yaml"), "  Item: {type: boolean}\n"), 8],
      // One named as other's, in a, which comes first: other's names change, so all are compiled.
      ["a clashing definition in a", () => appendFileSync(source("a.yaml"), "  Thing: {type: boolean}\n"), 0],
      // An example file: the instance files are compared whole.
      ["leaf's example file", () => writeTree(dir, { "schema-src/leaf.examples/one.json": '{"n": 3}\n' }), 0],
      // With a source elsewhere in the same save: still everything, though a run could read noted alone.
      [
        "leaf's example file and noted",
        () =>
          writeTree(dir, {
            "schema-src/leaf.examples/one.json": '{"n": 4}\n',
            "schema-src/noted.yaml": PROJECT["schema-src/noted.yaml"]!,
          }),
        0,
      ],
      // The graph's findings of the document edited are found again, the others' come from the record.
      [
        "loose's cycle broken",
        () =>
          writeTree(dir, {
            "schema-src/loose.yaml": PROJECT["schema-src/loose.yaml"]!.replace("{$ref: '#/$defs/A'}, ", ""),
          }),
        8,
      ],
      ["leaf, broken", () => writeTree(dir, { "schema-src/leaf.yaml": "type: object\nproperties: [\n" }), 8],
      ["leaf, mended", () => writeTree(dir, { "schema-src/leaf.yaml": PROJECT["schema-src/leaf.yaml"]! }), 8],
      // b now references leaf: both are compiled again.
      [
        "b references leaf",
        () =>
          writeTree(dir, {
            "schema-src/b.yaml": "type: object\nproperties:\n  id: {$ref: common/id.yaml}\n  leaf: {$ref: leaf.yaml}\n",
          }),
        5,
      ],
      // b now references other by its $id, which a run that read b alone would find nowhere.
      [
        "b references other by its $id",
        () =>
          writeTree(dir, {
            "schema-src/b.yaml":
              "type: object\nproperties:\n  id: {$ref: common/id.yaml}\n  leaf: {$ref: leaf.yaml}\n  o: {$ref: 'https://example.test/other'}\n",
          }),
        4,
      ],
      // The strict reading's finding, not the earlier run's trust in other bytes.
      [
        "a duplicate key in list",
        () =>
          writeTree(dir, {
            "schema-src/list.json":
              '{ "type": "array", "items": { "type": "integer" }, "items": { "type": "string" } }\n',
          }),
        8,
      ],
    ];
    await editInSteps(dir, steps);
  });

  it("reads a catalog file again when it changed, though no source that reaches it did", async () => {
    const dir = tempTree({
      "node_modules/.keep": "",
      "charter.config.yaml": "catalog:\n  https://vendor.example.test/: vendor\n",
      "vendor/word.json": '{"type": "string", "minLength": 1}\n',
      "schema-src/uses.yaml": "type: object\nproperties:\n  w: {$ref: 'https://vendor.example.test/word.json'}\n",
      "schema-src/alone.yaml": "description: Alone.\ntype: integer\n",
    });
    expect((await generateTwice(dir)).kept).toBe(0);
    const steps: [string, () => void, number][] = [
      // The source that reaches the catalog file is kept, and so is the file's digest in the record.
      [
        "alone's description",
        () => writeTree(dir, { "schema-src/alone.yaml": "description: Edited.\ntype: integer\n" }),
        1,
      ],
      // With a source that reaches it not, in the same save: both contracts are compiled again.
      [
        "the catalog file and alone",
        () =>
          writeTree(dir, {
            "vendor/word.json": '{"type": "string", "minLength": 2}\n',
            "schema-src/alone.yaml": "description: Both.\ntype: integer\n",
          }),
        0,
      ],
      ["alone again", () => writeTree(dir, { "schema-src/alone.yaml": "description: Again.\ntype: integer\n" }), 1],
      // A new connection to the catalog file, which uses reaches too: both are compiled again.
      [
        "alone references the catalog file",
        () =>
          writeTree(dir, {
            "schema-src/alone.yaml":
              "type: object\nproperties:\n  w: {$ref: 'https://vendor.example.test/word.json'}\n",
          }),
        0,
      ],
    ];
    await editInSteps(dir, steps);
  });

  it("compiles everything when the output was changed by hand since the run that wrote it", async () => {
    const dir = tempTree(PROJECT);
    await generateTwice(dir);
    const types = path.join(dir, "generated/types/b.ts");
    writeFileSync(types, readFileSync(types, "utf8") + "// edited by hand\n");
    writeTree(dir, { "schema-src/leaf.yaml": "type: object\n" });
    const run = await generateTwice(dir);
    expect(run.kept).toBe(0);
    expect(run.tree).toEqual(run.freshTree);
  });

  it("notices a hand edit that keeps a file's size and puts its modification time back", async () => {
    const dir = tempTree(PROJECT);
    await generateTwice(dir);
    const schema = path.join(dir, "generated/schemas/b.schema.json");
    // Its times copied to the nanosecond, as `touch -r` and `rsync -t` do: only the change time tells.
    const times = path.join(dir, "times");
    writeFileSync(times, "");
    expect(spawnSync("touch", ["-r", schema, times]).status).toBe(0);
    writeFileSync(schema, readFileSync(schema, "utf8").replace('"object"', '"objecT"'));
    expect(spawnSync("touch", ["-r", times, schema]).status).toBe(0);
    expect(statSync(schema, { bigint: true }).mtimeNs).toBe(statSync(times, { bigint: true }).mtimeNs);
    writeTree(dir, { "schema-src/leaf.yaml": "type: object\n" });
    const run = await generateTwice(dir);
    expect(run.kept).toBe(0);
    expect(run.tree).toEqual(run.freshTree);
  });

  it("with the Python target: reads each kept contract's bundle back from its schema file, and writes what a fresh run writes", async () => {
    // owner references pet, which declares a rule its hook in hooks/rules.py keeps; lone stands alone.
    const pet =
      "type: object\nproperties:\n  born: {type: integer}\n  seen: {type: integer}\nx-charter-rules:\n  seen-after-birth: A pet is seen after it is born.\n";
    const hooks = '@rule("pet", "seen-after-birth")\ndef seen_after_birth(pet) -> bool:\n    return True\n';
    const dir = tempTree({
      "node_modules/.keep": "",
      "charter.config.yaml": "targets:\n  python:\n    package: pets\n    rules: hooks/rules.py\n",
      "hooks/rules.py": hooks,
      "schema-src/pet.yaml": pet,
      "schema-src/owner.yaml": "type: object\nproperties:\n  pets: {type: array, items: {$ref: pet.yaml}}\n",
      "schema-src/lone.yaml": "description: Alone.\ntype: object\nproperties:\n  n: {type: integer}\n",
      // Its name is refused: the package has its schema and no module of it, kept or not.
      "schema-src/badname.yaml": "type: object\nx-charter-name: not-valid\n",
    });
    expect((await generateTwice(dir)).kept).toBe(0);
    const lone = (text: string) => () =>
      writeTree(dir, {
        "schema-src/lone.yaml": `description: ${text}\ntype: object\nproperties:\n  n: {type: integer}\n`,
      });
    await editInSteps(dir, [
      // The package's modules of pet and owner, its __init__ and its _schemas are made from their schema files.
      ["lone's description", lone("Edited."), 3],
      ["pet, which owner reaches", () => writeTree(dir, { "schema-src/pet.yaml": pet + "title: Pet\n" }), 2],
      // A hook finding in a kept contract is placed at its line and column, as a fresh run reads them.
      [
        "pet's hook misspelled, and lone",
        () => {
          writeTree(dir, { "hooks/rules.py": hooks.replace('"seen-after-birth"', '"seen-after-bith"') });
          lone("Again.")();
        },
        3,
      ],
      // --keep-going wrote the contracts without the package: now every contract is kept, and the package is written.
      ["pet's hook mended", () => writeTree(dir, { "hooks/rules.py": hooks }), 4],
    ]);
    expect(existsSync(path.join(dir, "generated/pets/pets/pet.py"))).toBe(true);
    expect(existsSync(path.join(dir, "generated/pets/pets/_schemas/badname.schema.json"))).toBe(true);
  });
});
