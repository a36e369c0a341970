import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempTree } from "../helpers/temp-tree.js";

const SCRIPT = fileURLToPath(new URL("../../scripts/release/check-versions.mjs", import.meta.url));

function check(args: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function project(charter: string, runtime: string, dependency: string) {
  return tempTree({
    "package.json": JSON.stringify({
      name: "charter",
      version: charter,
      dependencies: { "charter-runtime": dependency },
    }),
    "packages/runtime/package.json": JSON.stringify({ name: "charter-runtime", version: runtime }),
  });
}

describe("the release's version check", () => {
  it("passes on this repository, and for its own version's tag", () => {
    const plain = check([]);
    expect(plain.code, plain.stderr).toBe(0);
    const version = /charter-runtime (\S+)/.exec(plain.stdout)![1]!;
    expect(check([`v${version}`]).code).toBe(0);
    expect(check([`refs/tags/v${version}`]).code).toBe(0);
  });

  it("names every mismatch: the two versions, the dependency, the tag", () => {
    const root = project("0.2.0", "0.1.0", "^0.1.0");
    const result = check(["v0.3.0", "--root", root]);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n").filter(Boolean)).toEqual([
      "check-versions: charter is 0.2.0 but charter-runtime is 0.1.0: release them at one version",
      'check-versions: charter depends on charter-runtime "^0.1.0", not on the 0.1.0 released beside it (an exact version)',
      "check-versions: the tag v0.3.0 does not name version 0.2.0 (expected v0.2.0)",
    ]);
    expect(check(["v0.2.0", "--root", project("0.2.0", "0.2.0", "0.2.0")]).code).toBe(0);
  });
});
