import {
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, withoutSummary } from "../helpers/run-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

const PROJECT = {
  "charter.config.yaml": "source: contracts\nout: gen\nbaseUri: https://contracts.example.test/\n",
  "contracts/agent/envelope.yaml": "title: Envelope\ntype: object\nproperties:\n  id: { $ref: '../common/id.yaml' }\n",
  "contracts/common/id.yaml": "type: string\nminLength: 1\n",
};

async function generatedProject(files: Record<string, string> = PROJECT) {
  const dir = tempTree(files);
  const result = await runCli(["generate"], dir);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  return dir;
}

describe("charter generate", () => {
  it("rewrites only what changed: an unchanged file keeps its bytes on disk (a hard link into the new tree)", async () => {
    const dir = tempTree({ "schema-src/a.yaml": "type: string\n", "schema-src/b.yaml": "type: integer\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    const file = (name: string) => path.join(dir, "generated/schemas", name);
    const before = { a: statSync(file("a.schema.json")).ino, b: statSync(file("b.schema.json")).ino };
    writeTree(dir, { "schema-src/b.yaml": "type: integer\nminimum: 0\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(statSync(file("a.schema.json")).ino).toBe(before.a);
    expect(statSync(file("b.schema.json")).ino).not.toBe(before.b);
    expect(readFileSync(file("b.schema.json"), "utf8")).toContain('"minimum": 0');
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("writes one schema per contract and the manifest, then reports the tree up to date", async () => {
    const dir = tempTree(PROJECT);
    const first = await runCli(["generate"], dir);
    expect({ ...first, stdout: withoutSummary(first.stdout) }).toMatchObject({
      code: 0,
      stdout: "charter: wrote 2 contracts to gen\n",
    });
    expect(first.stdout).toMatch(
      /^charter: wrote 2 contracts to gen; 2 types modules, 2 validators, \d+ repairs? applied, \d+ examples? checked, \d+\.\d s\n$/,
    );
    expect(Object.keys(snapshotTree(path.join(dir, "gen")))).toEqual([
      "REPAIRS.md",
      "manifest.json",
      "schemas/agent/envelope.schema.json",
      "schemas/common/id.schema.json",
      "types/agent/envelope.ts",
      "types/common/id.ts",
      "types/index.ts",
      "validators/agent/envelope.d.ts",
      "validators/agent/envelope.js",
      "validators/common/id.d.ts",
      "validators/common/id.js",
      "validators/index.d.ts",
      "validators/index.js",
      "validators/package.json",
    ]);
    const second = await runCli(["generate"], dir);
    expect({ ...second, stdout: withoutSummary(second.stdout) }).toMatchObject({
      code: 0,
      stdout: "charter: gen is up to date (2 contracts)\n",
    });
  });

  it("writes nothing and exits 1 when any source has an error", async () => {
    const dir = await generatedProject();
    const before = snapshotTree(path.join(dir, "gen"));
    writeTree(dir, {
      "contracts/common/id.yaml": "type: string\ntype: number\n",
      "contracts/new.yaml": "type: object\n",
    });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('contracts/common/id.yaml:2:1: error CH103 duplicate key "type"\n');
    expect(result.stdout).toContain("nothing written");
    expect(snapshotTree(path.join(dir, "gen"))).toEqual(before);
    // The tree it staged while compiling is gone too.
    expect(readdirSync(dir).filter((name) => name.startsWith("gen.charter"))).toEqual([]);
  });

  it("with --keep-going writes the contracts that compiled and those that depend only on them, and still exits 1", async () => {
    const dir = tempTree({
      ...PROJECT,
      "contracts/broken.yaml": "$ref: 'https://unmapped.example.test/x.json'\n",
      "contracts/uses-broken.yaml": "$ref: broken.yaml\n",
    });
    const result = await runCli(["generate", "--keep-going"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^contracts\/broken\.yaml:1:7: error CH206 /m);
    expect(result.stdout).toContain("not produced: broken, uses-broken");
    const manifest = JSON.parse(readFileSync(path.join(dir, "gen/manifest.json"), "utf8")) as {
      contracts: { name: string }[];
    };
    expect(manifest.contracts.map((c) => c.name)).toEqual(["agent/envelope", "common/id"]);
    expect(existsSync(path.join(dir, "gen/schemas/broken.schema.json"))).toBe(false);
  });

  it("with --keep-going writes the schema and validators of a contract whose types fail, and check knows those are the outputs to expect", async () => {
    const dir = tempTree({
      "charter.config.yaml": "typeNames: { clashes: error }\n",
      "schema-src/a.yaml": "type: object\nproperties: {i: {$ref: '#/$defs/item'}}\n$defs:\n  item: {type: string}\n",
      "schema-src/b.yaml": "$defs:\n  item: {type: number}\n",
      "schema-src/c.yaml": "type: string\n",
    });
    const result = await runCli(["generate", "--keep-going"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^schema-src\/a\.yaml:4:3: error CH601 type name "Item" is also given to b\.yaml#\/\$defs\/item/m,
    );
    expect(result.stdout).toMatch(/wrote 3 contracts to generated; not produced: none; without types: a, b$/m);
    const files = Object.keys(snapshotTree(path.join(dir, "generated")));
    for (const name of ["a", "b"]) {
      expect(files).toContain(`schemas/${name}.schema.json`);
      expect(files).toContain(`validators/${name}.js`);
      expect(files).not.toContain(`types/${name}.ts`);
    }
    expect(files).toContain("types/c.ts");
    const manifest = JSON.parse(readFileSync(path.join(dir, "generated/manifest.json"), "utf8")) as {
      contracts: { name: string; artifacts: Record<string, string> }[];
    };
    expect(manifest.contracts.find((c) => c.name === "a")!.artifacts).toEqual({
      schema: "schemas/a.schema.json",
      validator: "validators/a.js",
    });
    const check = await runCli(["check", "--keep-going"], dir);
    expect(check.stdout).toMatch(/the 3 contracts that compiled match generated; without types: a, b$/m);
    expect(check.code).toBe(1);
    // Without the flag the check cannot vouch for a tree the sources cannot make whole.
    expect((await runCli(["check"], dir)).code).toBe(1);
  });

  it("removes the output of a contract whose source was deleted", async () => {
    const dir = await generatedProject();
    unlinkSync(path.join(dir, "contracts/agent/envelope.yaml"));
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(Object.keys(snapshotTree(path.join(dir, "gen")))).toEqual([
      "REPAIRS.md",
      "manifest.json",
      "schemas/common/id.schema.json",
      "types/common/id.ts",
      "types/index.ts",
      "validators/common/id.d.ts",
      "validators/common/id.js",
      "validators/index.d.ts",
      "validators/index.js",
      "validators/package.json",
    ]);
  });

  it("refuses to replace a directory it did not write", async () => {
    const dir = tempTree({ ...PROJECT, "gen/notes.txt": "mine" });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "gen: error CH006 refusing to replace a non-empty directory that holds no charter manifest.json",
    );
    expect(snapshotTree(path.join(dir, "gen"))).toEqual({ "notes.txt": "mine" });
  });

  it("does not follow symbolic links out of the source directory", async () => {
    const dir = tempTree({
      "outside/secret.json": '{"type": "string"}',
      "s/a.yaml": "type: string\n",
      "s/deep/b.yaml": "$ref: ../link.json\n",
    });
    symlinkSync(path.join(dir, "outside/secret.json"), path.join(dir, "s/link.json"));
    symlinkSync(path.join(dir, "outside"), path.join(dir, "s/linked-dir"));
    const result = await runCli(["generate", "--source", "s", "--out", "o", "--keep-going"], dir);
    expect(result.stdout).toContain(
      's/deep/b.yaml:1:7: error CH207 $ref "../link.json" names a file that does not exist in the source tree',
    );
    expect(Object.keys(snapshotTree(path.join(dir, "o")))).toEqual([
      "REPAIRS.md",
      "manifest.json",
      "schemas/a.schema.json",
      "types/a.ts",
      "types/index.ts",
      "validators/a.d.ts",
      "validators/a.js",
      "validators/index.d.ts",
      "validators/index.js",
      "validators/package.json",
    ]);
  });

  it("refuses to replace a directory whose manifest.json is not charter's", async () => {
    const dir = tempTree({
      ...PROJECT,
      "gen/manifest.json": '{"name": "My PWA", "icons": []}',
      "gen/index.html": "<html></html>",
    });
    const result = await runCli(["generate"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("error CH006");
    expect(snapshotTree(path.join(dir, "gen"))).toEqual({
      "index.html": "<html></html>",
      "manifest.json": '{"name": "My PWA", "icons": []}',
    });
  });

  it("works from flags alone, without a config file", async () => {
    const dir = tempTree({ "s/a.yaml": "type: string\n" });
    const result = await runCli(["generate", "--source", "s", "--out", "o", "--base-uri", "urn:example:"], dir);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, "o/schemas/a.schema.json"), "utf8"))["$id"]).toBe(
      "urn:example:a.schema.json",
    );
  });

  it("takes --catalog PREFIX=DIR, repeatable", async () => {
    const dir = tempTree({
      "s/a.yaml": "allOf: [{$ref: 'https://one.test/x.json'}, {$ref: 'https://two.test/y.json'}]\n",
      "v1/x.json": '{"type": "string"}',
      "v2/y.json": '{"maxLength": 3}',
    });
    const result = await runCli(
      [
        "generate",
        "--source",
        "s",
        "--out",
        "o",
        "--catalog",
        "https://one.test/=v1",
        "--catalog",
        "https://two.test/=v2",
      ],
      dir,
    );
    expect(result.code, result.stdout).toBe(0);
  });

  it("reports in JSON with --format json", async () => {
    const dir = tempTree({ ...PROJECT, "contracts/bad.yaml": "$ref: missing.yaml\n" });
    const result = await runCli(["generate", "--format", "json"], dir);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({
      command: "generate",
      ok: false,
      written: false,
      out: "gen",
      produced: ["agent/envelope", "common/id"],
      failed: ["bad"],
      incomplete: [],
      diagnostics: [
        {
          code: "CH207",
          severity: "error",
          message: '$ref "missing.yaml" names a file that does not exist in the source tree',
          file: "contracts/bad.yaml",
          line: 1,
          column: 7,
          pointer: "/$ref",
        },
      ],
    });
  });
});

describe("charter check", () => {
  it("exits 0 when the output equals a fresh run, and never writes", async () => {
    const dir = await generatedProject();
    const before = snapshotTree(dir);
    const checked = await runCli(["check"], dir);
    expect({ ...checked, stdout: withoutSummary(checked.stdout) }).toMatchObject({
      code: 0,
      stdout: "charter check: gen matches a fresh run (2 contracts)\n",
    });
    expect(snapshotTree(dir)).toEqual(before);
  });

  const drifts: [string, (dir: string) => void, string, RegExp][] = [
    [
      "a generated file edited by hand",
      (dir) => {
        const file = path.join(dir, "gen/schemas/common/id.schema.json");
        writeFileSync(file, readFileSync(file, "utf8").replace('"minLength": 1', '"minLength": 0'));
      },
      "gen/schemas/common/id.schema.json:5:1: error CH502 stale",
      /^- {2}"minLength": 0\n\+ {2}"minLength": 1$/m,
    ],
    [
      "a generated type edited by hand",
      (dir) => {
        const file = path.join(dir, "gen/types/common/id.ts");
        writeFileSync(
          file,
          readFileSync(file, "utf8").replace(
            "export type CommonId = string;",
            "export type CommonId = string | number;",
          ),
        );
      },
      "gen/types/common/id.ts:4:1: error CH502 stale",
      /^-export type CommonId = string \| number;\n\+export type CommonId = string;$/m,
    ],
    [
      "a generated file deleted",
      (dir) => unlinkSync(path.join(dir, "gen/schemas/agent/envelope.schema.json")),
      "gen/schemas/agent/envelope.schema.json: error CH501 missing",
      /1 missing, 0 stale, 0 orphaned/,
    ],
    [
      "a stray file added",
      (dir) => writeTree(dir, { "gen/schemas/extra.json": "{}" }),
      "gen/schemas/extra.json: error CH503 orphaned",
      /0 missing, 0 stale, 1 orphaned/,
    ],
    [
      "a hidden stray file added",
      (dir) => writeTree(dir, { "gen/.DS_Store": "x" }),
      "gen/.DS_Store: error CH503 orphaned",
      /1 orphaned/,
    ],
    [
      "a source edited without regenerating",
      (dir) => writeTree(dir, { "contracts/common/id.yaml": "type: string\nminLength: 2\n" }),
      "gen/schemas/common/id.schema.json:5:1: error CH502 stale",
      /--- a\/gen\/schemas\/common\/id\.schema\.json\tcommitted\n\+\+\+ b\/gen\/schemas\/common\/id\.schema\.json\tfresh/,
    ],
    [
      "a source added without regenerating",
      (dir) => writeTree(dir, { "contracts/more.yaml": "{}" }),
      "gen/schemas/more.schema.json: error CH501 missing",
      /gen\/manifest\.json:\d+:1: error CH502 stale/,
    ],
  ];
  it.each(drifts)("exits 1 and names the file for %s", async (_, change, line, detail) => {
    const dir = await generatedProject();
    change(dir);
    const before = snapshotTree(dir);
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(line);
    expect(result.stdout).toMatch(detail);
    expect(result.stdout).toMatch(/run `charter generate` and commit the result\n$/);
    expect(snapshotTree(dir)).toEqual(before);
  });

  it("lists every drifted file before exiting once", async () => {
    const dir = await generatedProject();
    unlinkSync(path.join(dir, "gen/schemas/agent/envelope.schema.json"));
    writeTree(dir, { "gen/stray.txt": "x", "contracts/common/id.yaml": "type: integer\n" });
    const result = await runCli(["check", "--format", "json"], dir);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      drift: { missing: string[]; stale: { path: string }[]; orphaned: string[] };
    };
    expect(report.drift.missing).toEqual(["schemas/agent/envelope.schema.json"]);
    expect(report.drift.stale.map((s) => s.path)).toEqual([
      "manifest.json",
      "schemas/common/id.schema.json",
      "types/agent/envelope.ts",
      "types/common/id.ts",
      "validators/agent/envelope.js",
      "validators/common/id.js",
      "validators/index.js",
    ]);
    expect(report.drift.orphaned).toEqual(["stray.txt"]);
  });

  it("reports a symbolic link in the output without reading what it points to", async () => {
    const dir = await generatedProject();
    writeTree(dir, { "secret.env": "TOKEN=super-secret-value\n" });
    unlinkSync(path.join(dir, "gen/schemas/common/id.schema.json"));
    symlinkSync(path.join(dir, "secret.env"), path.join(dir, "gen/schemas/common/id.schema.json"));
    symlinkSync(path.join(dir, "nowhere"), path.join(dir, "gen/dangling"));
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("gen/schemas/common/id.schema.json:1:1: error CH502 stale");
    expect(result.stdout).toContain("(not a regular file");
    expect(result.stdout).toContain("gen/dangling: error CH503 orphaned");
    expect(result.stdout).not.toContain("super-secret");
  });

  it("bounds each diff and says how much it cut", async () => {
    const big = Array.from({ length: 300 }, (_, i) => `  p${i}: {type: string}`).join("\n");
    const dir = await generatedProject({ ...PROJECT, "contracts/big.yaml": `type: object\nproperties:\n${big}\n` });
    writeTree(dir, { "contracts/big.yaml": `type: object\nproperties:\n${big.replace(/string/g, "number")}\n` });
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/\n\.\.\. \d+ more diff lines not shown\n/);
  });

  it("reports source errors and exits 1 without comparing an incomplete tree", async () => {
    const dir = await generatedProject();
    writeTree(dir, { "contracts/common/id.yaml": "type: [string\n" });
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^contracts\/common\/id\.yaml:\d+:\d+: error CH102 /m);
    expect(result.stdout).not.toContain("CH50");
  });
});

describe("usage and configuration errors exit 2", () => {
  const cases: [string, string[], Record<string, string>, RegExp][] = [
    ["unknown command", ["frobnicate"], {}, /unknown command "frobnicate"/],
    [
      "unknown option",
      ["generate", "--nope"],
      {},
      /^charter generate: unknown option --nope\nusage: charter generate \[options\]\n/,
    ],
    ["no command", [], {}, /usage: charter <command>/],
    ["bad --format", ["check", "--format", "xml"], {}, /--format must be text, json or github/],
    ["bad --catalog", ["check", "--catalog", "nodir"], { "schema-src/a.yaml": "{}" }, /--catalog expects PREFIX=DIR/],
    [
      "missing source directory",
      ["generate", "--source", "nowhere"],
      {},
      /error CH004 source directory .*nowhere does not exist/,
    ],
    [
      "output inside the sources",
      ["generate", "--source", "s", "--out", "s/gen"],
      { "s/a.yaml": "{}" },
      /error CH005 output directory .* overlaps/,
    ],
    [
      "unknown config key",
      ["generate"],
      { "charter.config.yaml": "source: s\nsorce: t\n", "s/a.yaml": "{}" },
      /^charter\.config\.yaml:2:1: error CH002 unknown key "sorce"/m,
    ],
    [
      "config value of the wrong type",
      ["generate"],
      { "charter.config.yaml": "baseUri: 42\n" },
      /^charter\.config\.yaml:1:10: error CH003 baseUri must be a string$/m,
    ],
    [
      "config that is not a mapping",
      ["generate"],
      { "charter.config.yaml": "- source\n" },
      /^charter\.config\.yaml:1:1: error CH003 the config file must be a mapping$/m,
    ],
    [
      "config with an empty path",
      ["generate"],
      { "charter.config.yaml": "out: ''\n" },
      /^charter\.config\.yaml:1:6: error CH003 out must be a non-empty string$/m,
    ],
    [
      "config type names that are neither a style nor a mapping",
      ["generate"],
      { "charter.config.yaml": "typeNames: 3\n" },
      /^charter\.config\.yaml:1:12: error CH003 typeNames must be a string or a mapping$/m,
    ],
    [
      "config type names of an unknown style",
      ["generate"],
      { "charter.config.yaml": "typeNames: long\n" },
      /^charter\.config\.yaml:1:12: error CH003 typeNames must be "short" or "qualified"$/m,
    ],
    [
      "config type-name clashes of an unknown kind",
      ["generate"],
      { "charter.config.yaml": "typeNames: { clashes: rename }\n" },
      /^charter\.config\.yaml:1:23: error CH003 typeNames\.clashes must be "qualify" or "error"$/m,
    ],
    [
      "config base URI with a query",
      ["generate"],
      { "charter.config.yaml": "baseUri: https://x.test/?v=1/\n" },
      /^charter\.config\.yaml:1:10: error CH003 baseUri must be an absolute URI ending in "\/" or ":", without "\?" or "#" \(got "https:\/\/x\.test\/\?v=1\/"\)$/m,
    ],
    [
      "config catalog with an empty prefix",
      ["generate"],
      { "charter.config.yaml": "catalog:\n  '': vendor\n" },
      /^charter\.config\.yaml:2:3: error CH003 catalog key "": must not be empty$/m,
    ],
    [
      "--base-uri that the config's contract refuses",
      ["generate", "--base-uri", "https://x.test/?v=1/"],
      { "schema-src/a.yaml": "{}" },
      /--base-uri must be an absolute URI ending in "\/" or ":", without "\?" or "#"/,
    ],
    [
      "config catalog entry without a folder",
      ["generate"],
      { "charter.config.yaml": "catalog:\n  https://json.schemastore.org/: 3\n" },
      /^charter\.config\.yaml:2:34: error CH003 catalog\["https:\/\/json\.schemastore\.org\/"\] must be a string or a mapping$/m,
    ],
    [
      "unknown key in a contract's validation settings",
      ["generate"],
      { "charter.config.yaml": "validation:\n  contracts:\n    vendor/: { strict: true }\n" },
      /^charter\.config\.yaml:3:16: error CH002 unknown key "strict"; the keys are formats, examples, refSiblings, patterns, unknownFormats, strictness, keywords$/m,
    ],
    [
      "config that does not parse",
      ["generate"],
      { "charter.config.yaml": "source: [\n" },
      /^charter\.config\.yaml:\d+:\d+: error CH001 /m,
    ],
    [
      "named config file missing",
      ["generate", "--config", "other.yaml"],
      {},
      /other\.yaml: error CH001 cannot read the config file \(ENOENT\)/,
    ],
    [
      "output path that is a file",
      ["check", "--out", "gen"],
      { "schema-src/a.yaml": "{}", gen: "a file" },
      /error CH008 output path gen exists and is not a directory/,
    ],
    [
      "base URI with a fragment",
      ["generate", "--base-uri", "https://x.test/#/"],
      { "schema-src/a.yaml": "{}" },
      /--base-uri must be an absolute URI ending in "\/" or ":", without "\?" or "#"/,
    ],
  ];
  it.each(cases)("%s", async (_, args, files, message) => {
    const dir = tempTree(files);
    const result = await runCli(args, dir);
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toMatch(message);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    expect(result.stdout + result.stderr).not.toContain(dir);
  });

  it("reads a config of nothing but comments as setting nothing, and takes the base URIs the config's contract allows", async () => {
    const empty = tempTree({
      "charter.config.yaml": "# settings come later\n\n",
      "schema-src/a.yaml": "type: string\n",
    });
    expect((await runCli(["generate"], empty)).code).toBe(0);
    for (const baseUri of ["https://exämple.com/contracts/", "urn:example:", "https://x.test/{v}/"]) {
      const dir = tempTree({ "charter.config.yaml": `baseUri: "${baseUri}"\n`, "schema-src/a.yaml": "type: string\n" });
      const result = await runCli(["generate"], dir);
      expect([baseUri, result.code, result.stderr]).toEqual([baseUri, 0, ""]);
    }
  });

  it("prints help and the version", async () => {
    const dir = tempTree();
    const help = await runCli(["--help"], dir);
    expect(help.code).toBe(0);
    for (const command of ["generate", "check", "validate", "diff", "explain", "init"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    // Each command's help, from the same definition that parses its options.
    const generate = await runCli(["generate", "--help"], dir);
    expect(generate.stdout).toMatch(/^usage: charter generate \[options\]\n/);
    for (const flag of [
      "--config",
      "--source",
      "--out",
      "--catalog",
      "--format",
      "--keep-going",
      "--base-uri",
      "--jobs",
      "--cache-dir",
    ])
      expect(generate.stdout).toContain(flag);
    expect(generate.stdout).not.toContain("--base-dir");
    const validate = await runCli(["validate", "--help"], dir);
    expect([validate.code, validate.stdout.split("\n")[0]]).toEqual([
      0,
      "usage: charter validate CONTRACT FILE... [options] | charter validate --schema SCHEMA FILE... [options]",
    ]);
    expect(validate.stdout).not.toContain("--jobs");
    // --help wins over anything else on the line; check takes the cache flags and ignores them.
    expect((await runCli(["generate", "extra", "--help"], dir)).stdout).toMatch(/^usage: charter generate/);
    expect((await runCli(["check", "--no-cache", "--help"], dir)).code).toBe(0);
    const foreign = await runCli(["validate", "c", "f.yaml", "--jobs", "2"], dir);
    expect([foreign.code, foreign.stderr.split("\n")[0]]).toEqual([
      2,
      "charter validate: --jobs does not apply to validate (it is an option of generate, check, diff, watch)",
    ]);
    const version = await runCli(["--version"], dir);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe("interrupted writes", () => {
  it("restores the previous output when a run died between the two renames", async () => {
    const dir = await generatedProject();
    const before = snapshotTree(path.join(dir, "gen"));
    // What a crash after `rename(out, backup)` leaves behind.
    const { renameSync } = await import("node:fs");
    renameSync(path.join(dir, "gen"), path.join(dir, "gen.charter-old"));
    writeTree(dir, { "gen.charter-new/manifest.json": "half" });
    expect((await runCli(["check"], dir)).code).toBe(1);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(snapshotTree(path.join(dir, "gen"))).toEqual(before);
    expect(existsSync(path.join(dir, "gen.charter-old"))).toBe(false);
    expect(existsSync(path.join(dir, "gen.charter-new"))).toBe(false);
    rmSync(path.join(dir, "gen"), { recursive: true });
  });
});
