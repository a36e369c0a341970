import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const ORDER = "type: object\nrequired: [id]\nproperties:\n  id: { type: string }\n";

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe("the parsed config kept in the cache", () => {
  it("serves only the text it was parsed from: an edited, broken or restored config is read as it now is", async () => {
    const dir = tempTree({ "charter.config.yaml": "out: first\n", "schema-src/order.yaml": ORDER });
    const generate = () => runCli(["generate", "--cache-dir", "cache"], dir);
    expect((await generate()).code).toBe(0);
    expect(existsSync(path.join(dir, "first", "manifest.json"))).toBe(true);

    writeFileSync(path.join(dir, "charter.config.yaml"), "out: second\n");
    expect((await generate()).code).toBe(0);
    expect(existsSync(path.join(dir, "second", "manifest.json"))).toBe(true);

    // A value of the wrong type: the config's own diagnostic at its place, not a kept value.
    writeFileSync(path.join(dir, "charter.config.yaml"), "out: second\nmaxWarnings: many\n");
    const broken = await generate();
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^charter\.config\.yaml:2:14: error CH003 /m);

    // Back to the first text, whose parsed value the cache holds: its setting, not the last one read.
    rmSync(path.join(dir, "first"), { recursive: true });
    writeFileSync(path.join(dir, "charter.config.yaml"), "out: first\n");
    expect((await generate()).code).toBe(0);
    expect(existsSync(path.join(dir, "first", "manifest.json"))).toBe(true);
  });

  it("is not written where the config moved the cache from", async () => {
    const dir = tempTree({
      "charter.config.yaml": "cache:\n  dir: .elsewhere\n",
      "schema-src/order.yaml": ORDER,
      "node_modules/.keep": "",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(filesBelow(path.join(dir, ".elsewhere")).length).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, "node_modules", ".cache"))).toBe(false);
  });

  it("is not read or written by a run without a cache", async () => {
    const dir = tempTree({
      "charter.config.yaml": "out: gen\n",
      "schema-src/order.yaml": ORDER,
      "node_modules/.keep": "",
    });
    expect((await runCli(["generate", "--no-cache"], dir)).code).toBe(0);
    expect((await runCli(["check"], dir)).code).toBe(0);
    expect(existsSync(path.join(dir, "node_modules", ".cache"))).toBe(false);
  });
});
