import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const RECORDER = fileURLToPath(new URL("../helpers/record-modules.mjs", import.meta.url));

/**
 * What only compiling needs: the heavy packages and the compiler's own layers above loading a
 * file, as tsc wrote them or bundled (dist/cli/charter-lazy-*, charter-chunk-*: scripts/bundle-cli.mjs).
 * The manifest's path and the output's file names (targets/manifest, targets/shared) are what
 * writing the output needs too, and import none of them.
 */
const COMPILER =
  /node_modules\/(typescript|ts-morph|@ts-morph|prettier|json-schema-to-typescript|ajv|ajv-formats|ajv-draft-04)\/|\/(src|dist)\/(pipeline\/compile\.|targets\/(types|validators|schemas)\/|repairs\/|compiler\/(resolve|check|bundle)\/)|\/dist\/cli\/charter-(lazy|chunk)-/;

/** The compile pipeline's own module, from the sources or built. */
const COMPILE_MODULE = /\/(src|dist)\/pipeline\/compile\.|\/dist\/cli\/charter-lazy-pipeline-compile\.js$/;

/** The tables of diagnostic codes are data every command may print from (explain lists them all). */
const CODE_TABLE = /\/(src|dist)\/.*codes\.[jt]s$/;

/** The modules a real `charter` process loads for `args`, those of the compiler among them. */
function loaded(args: string[], cwd: string): { code: number | null; compiler: string[]; all: string[] } {
  const record = path.join(cwd, ".modules.txt");
  rmSync(record, { force: true });
  const result = spawnCli(args, { cwd, preload: [RECORDER], env: { CHARTER_RECORD_MODULES: record } });
  const all = readFileSync(record, "utf8").split("\n").filter(Boolean);
  return {
    code: result.code,
    compiler: [...new Set(all.filter((url) => COMPILER.test(url) && !CODE_TABLE.test(url)))],
    all,
  };
}

describe("commands that compile nothing", () => {
  const project = () =>
    tempTree({
      "schema-src/order.yaml": "type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n",
      "data.json": '{ "id": 7 }\n',
    });

  it("--version, --help and explain load no compiler module", () => {
    const dir = tempTree();
    for (const args of [["--version"], ["--help"], ["generate", "--help"], ["explain", "CH312"]]) {
      const run = loaded(args, dir);
      expect(run.code, args.join(" ")).toBe(0);
      expect(run.compiler, args.join(" ")).toEqual([]);
    }
  });

  it("init loads no compiler module", () => {
    const run = loaded(["init"], tempTree({ "package.json": '{ "name": "shop" }\n' }));
    expect(run.code).toBe(0);
    expect(run.compiler).toEqual([]);
  });

  it("validate loads the runtime and the generated tree, no compiler module; generate loads it", () => {
    const dir = project();
    // Without V8's compiled code, which loads the generator's CommonJS files itself (src/tasks/code-cache.ts), past the recorder.
    const generate = loaded(["generate", "--no-cache"], dir);
    expect(generate.code).toBe(0);
    // The recorder sees what compiling loads: the check above could not pass by seeing nothing.
    expect(generate.compiler.some((url) => url.includes("/node_modules/json-schema-to-typescript/"))).toBe(true);
    expect(generate.compiler.some((url) => COMPILE_MODULE.test(url))).toBe(true);
    const run = loaded(["validate", "order", "data.json"], dir);
    expect(run.code).toBe(1);
    expect(run.compiler).toEqual([]);
    expect(run.all.some((url) => url.includes("/generated/validators/order.js"))).toBe(true);
  });

  it("an unchanged generate loads no compiler module: the record of the last run answers", () => {
    const dir = project();
    const first = loaded(["generate", "--cache-dir", "cache"], dir);
    expect(first.code).toBe(0);
    expect(first.compiler.some((url) => COMPILE_MODULE.test(url))).toBe(true);
    const again = loaded(["generate", "--cache-dir", "cache"], dir);
    expect(again.code).toBe(0);
    expect(again.compiler).toEqual([]);
    // Node 20 spends half a millisecond on each module: the CLI's front is one (scripts/bundle-cli.mjs).
    const charters = again.all.filter(
      (url) => /\/(dist|packages\/runtime)\//.test(url) && !url.includes("/node_modules/"),
    );
    expect(charters.map((url) => url.slice(url.lastIndexOf("/dist/")))).toEqual(["/dist/cli/charter.js"]);
  });

  it("an unchanged generate finds its config parsed in the cache: no YAML parser, no config validator", () => {
    const dir = tempTree({
      "charter.config.yaml": "# the shop's contracts\nout: generated\n",
      "schema-src/order.yaml": "type: object\n",
    });
    const config = /\/node_modules\/yaml\/|\/generated\/validators\/charter\/config\.js$/;
    const first = loaded(["generate", "--cache-dir", "cache"], dir);
    expect(first.code).toBe(0);
    expect(first.all.some((url) => url.includes("/node_modules/yaml/"))).toBe(true);
    expect(first.all.some((url) => url.endsWith("/generated/validators/charter/config.js"))).toBe(true);
    const again = loaded(["generate", "--cache-dir", "cache"], dir);
    expect(again.code).toBe(0);
    expect(again.all.filter((url) => config.test(url))).toEqual([]);
  });

  it("generate loads the YAML parser only for a YAML text, the linear pattern engine only for a contract that asks for it, and no Python target unless asked", () => {
    const [yaml, linear, python] = [
      /\/node_modules\/yaml\//,
      /\/node_modules\/re2js\//,
      /\/(src|dist)\/targets\/python\//,
    ];
    const json = tempTree({
      "schema-src/order.json": '{ "type": "object", "properties": { "id": { "pattern": "^[a-z]+$" } } }\n',
    });
    const fromJson = loaded(["generate"], json);
    expect(fromJson.code).toBe(0);
    expect(
      // The tables of codes aside (explain prints any of them): a run without the package loads none of its target.
      fromJson.all.filter((url) => yaml.test(url) || linear.test(url) || (python.test(url) && !CODE_TABLE.test(url))),
    ).toEqual([]);
    writeFileSync(path.join(json, "charter.config.yaml"), "validation:\n  patterns: linear\n");
    const asked = loaded(["generate"], json);
    expect(asked.code).toBe(0);
    expect(asked.all.some((url) => linear.test(url))).toBe(true);
    const fromYaml = loaded(["generate"], project());
    expect(fromYaml.code).toBe(0);
    expect(fromYaml.all.some((url) => yaml.test(url))).toBe(true);
  });
});
