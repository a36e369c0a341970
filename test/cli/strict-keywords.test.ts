import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

const ORDER = "type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n";

/** A project as `charter init` leaves it (strict), with one contract of the user's own. */
async function initProject(contract: string) {
  const dir = tempTree({ "package.json": '{ "name": "shop", "private": true }\n' });
  const init = await runCli(["init"], dir);
  expect(init.code, init.stdout + init.stderr).toBe(0);
  writeTree(dir, { "schema-src/shop/order.yaml": contract });
  return dir;
}

describe("unknown keywords under strictness: strict", () => {
  it("a typo of `required` fails generate at its key, writes nothing, and fails check", async () => {
    const dir = await initProject("type: object\nrequried: [id]\nproperties:\n  id: { type: string }\n");
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(1);
    expect(generate.stdout).toContain(
      'schema-src/shop/order.yaml:2:1: error CH312 "requried" is not a keyword; did you mean "required"?',
    );
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("error CH312");
  });

  it("a key close to no keyword is an error too, and check fails on a tree generated before the typo", async () => {
    const dir = await initProject(ORDER);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    const before = snapshotTree(path.join(dir, "generated"));
    writeTree(dir, { "schema-src/shop/order.yaml": ORDER + "fooBar: 1\n" });
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('schema-src/shop/order.yaml:5:1: error CH320 "fooBar" is not a JSON Schema keyword');
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(1);
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
  });

  it("accepts `x-` keys, keys the config lists, and keywords of any dialect", async () => {
    const dir = await initProject(
      ORDER + "x-owner: sales\ndiscriminator: { propertyName: id }\n$defs:\n  old: { type: string, definitions: {} }\n",
    );
    const refused = await runCli(["generate"], dir);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('"discriminator" is not a JSON Schema keyword');
    expect(refused.stdout).not.toContain("x-owner");
    writeTree(dir, {
      "charter.config.yaml": "validation:\n  strictness: strict\n  keywords: [discriminator]\n",
    });
    const generate = await runCli(["generate"], dir);
    expect(generate.code, generate.stdout).toBe(0);
    expect(generate.stdout).not.toMatch(/CH320|CH312/);
  });

  it("a listed key may even look like a typo", async () => {
    const dir = tempTree({
      "charter.config.yaml": "validation:\n  strictness: strict\n  keywords: [requried]\n",
      "schema-src/order.yaml": "type: object\nrequried: [id]\n",
    });
    const generate = await runCli(["generate"], dir);
    expect(generate.code, generate.stdout).toBe(0);
    expect(generate.stdout).not.toContain("CH312");
  });

  it("is per contract: a folder set lenient keeps the typo a warning and the unknown key silent", async () => {
    const dir = tempTree({
      "charter.config.yaml": "validation:\n  strictness: strict\n  contracts:\n    vendor/: { strictness: lenient }\n",
      "schema-src/vendor/tool.yaml": "type: object\nrequried: [id]\nfooBar: 1\n",
    });
    const generate = await runCli(["generate"], dir);
    expect(generate.code, generate.stdout).toBe(0);
    expect(generate.stdout).toContain("warning CH312");
    expect(generate.stdout).not.toContain("fooBar");
  });
});

describe("--max-warnings and maxWarnings", () => {
  const LENIENT = { "schema-src/order.yaml": "type: object\nrequried: [id]\n" };

  it("fail generate (nothing written) and check when the warnings exceed the limit, as eslint's option does", async () => {
    const dir = tempTree(LENIENT);
    const generate = await runCli(["generate", "--max-warnings", "0"], dir);
    expect(generate.code).toBe(1);
    expect(generate.stdout).toContain("warning CH312");
    expect(generate.stdout).toContain("error CH012 1 warning, more than the 0");
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    expect((await runCli(["generate", "--max-warnings", "1"], dir)).code).toBe(0);
    expect((await runCli(["check", "--max-warnings", "1"], dir)).code).toBe(0);
    const check = await runCli(["check", "--max-warnings", "0"], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("error CH012");
  });

  it("take the limit from the config, and the flag wins over it", async () => {
    const dir = tempTree({ ...LENIENT, "charter.config.yaml": "maxWarnings: 0\n" });
    expect((await runCli(["generate"], dir)).code).toBe(1);
    expect((await runCli(["generate", "--max-warnings", "5"], dir)).code).toBe(0);
    expect((await runCli(["check"], dir)).code).toBe(1);
  });

  it("refuse a limit that is not a whole number", async () => {
    const dir = tempTree(LENIENT);
    const flag = await runCli(["generate", "--max-warnings=-1"], dir);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--max-warnings must be a whole number (0: any warning fails), got "-1"');
    writeTree(dir, { "charter.config.yaml": "maxWarnings: 1.5\n" });
    const config = await runCli(["generate"], dir);
    // A config error is a usage error (exit 2), as for every other key.
    expect(config.code).toBe(2);
    expect(config.stdout + config.stderr).toContain(
      "charter.config.yaml:1:14: error CH003 maxWarnings must be an integer",
    );
  });
});
