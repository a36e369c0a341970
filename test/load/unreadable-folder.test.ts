import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const MAIN = fileURLToPath(new URL("../../src/cli/main.ts", import.meta.url));
const TSX = pathToFileURL(fileURLToPath(new URL("../../node_modules/tsx/dist/loader.mjs", import.meta.url))).href;

/**
 * The real CLI as an unprivileged user (nobody): root reads every folder whatever its mode, and
 * these tests run as root here, so the permission has to bind someone.
 */
function asNobody(args: string[], cwd: string) {
  const result = spawnSync(
    "setpriv",
    ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, "--import", TSX, MAIN, ...args],
    { cwd, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "" }, timeout: 60_000 },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every entry under `dir`, recursively, so that nobody may read and write the project. */
function openToAll(dir: string): void {
  chmodSync(dir, 0o777);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    chmodSync(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
}

describe("a source folder that cannot be read", () => {
  it("is CH101 at its path: generate writes nothing (its contracts' outputs stay) and check fails", async () => {
    const dir = tempTree({
      "schema-src/order.yaml": "type: string\n",
      "schema-src/billing/invoice.yaml": "type: integer\n",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    openToAll(dir);
    chmodSync(path.join(dir, "schema-src/billing"), 0o000);
    try {
      const generate = asNobody(["generate"], dir);
      expect(generate.code).toBe(1);
      expect(generate.stdout).toContain(
        "schema-src/billing: error CH101 cannot read the folder (EACCES): its contracts would be left out, and their outputs deleted",
      );
      expect(readdirSync(path.join(dir, "generated/schemas/billing"))).toEqual(["invoice.schema.json"]);
      const check = asNobody(["check"], dir);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain("schema-src/billing: error CH101");
    } finally {
      chmodSync(path.join(dir, "schema-src/billing"), 0o755);
    }
  });
});
