import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const DENY_NETWORK = fileURLToPath(new URL("../helpers/deny-network.mjs", import.meta.url));

const SOURCES: Record<string, string> = {
  "schema-src/agent/request.yaml":
    "title: Request\ntype: object\nrequired: [task]\nproperties:\n  task: { $ref: '../common/text.yaml#/$defs/nonEmpty' }\n  at: { type: string, format: date-time, description: 'Zeit: ÄÖÜ ı İ' }\n",
  "schema-src/common/text.yaml":
    "$defs:\n  nonEmpty:\n    type: string\n    minLength: 1\n    description: |\n      A value\n      that is required.\n",
  "schema-src/z-last.json": '{"$schema": "http://json-schema.org/draft-07/schema#", "enum": ["b", "a", "İ"]}',
  "schema-src/a-first.yml": "const: 1.0\n",
};

describe("the real process", () => {
  it("writes byte-identical output whatever the time zone, locale, working directory, line endings and creation order", async () => {
    const plain = tempTree(SOURCES);
    expect(spawnCli(["generate"], { cwd: plain }).code).toBe(0);

    // Same sources with CRLF endings, created in reverse order, generated from another directory under another locale.
    const reversed = Object.fromEntries(
      Object.entries(SOURCES)
        .reverse()
        .map(([file, text]) => [file, text.replace(/\n/g, "\r\n")]),
    );
    const other = tempTree(reversed);
    const elsewhere = tempTree();
    const result = spawnCli(
      ["generate", "--source", path.join(other, "schema-src"), "--out", path.join(other, "generated")],
      {
        cwd: elsewhere,
        env: { TZ: "Pacific/Kiritimati", LANG: "tr_TR.UTF-8", LC_ALL: "tr_TR.UTF-8" },
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);

    const first = snapshotTree(path.join(plain, "generated"));
    expect(Object.keys(first)).toEqual([
      "REPAIRS.md",
      "manifest.json",
      "schemas/a-first.schema.json",
      "schemas/agent/request.schema.json",
      "schemas/common/text.schema.json",
      "schemas/z-last.schema.json",
      "types/a-first.ts",
      "types/agent/request.ts",
      "types/common/text.ts",
      "types/index.ts",
      "types/z-last.ts",
      "validators/a-first.d.ts",
      "validators/a-first.js",
      "validators/agent/request.d.ts",
      "validators/agent/request.js",
      "validators/common/text.d.ts",
      "validators/common/text.js",
      "validators/index.d.ts",
      "validators/index.js",
      "validators/package.json",
      "validators/z-last.d.ts",
      "validators/z-last.js",
    ]);
    expect(snapshotTree(path.join(other, "generated"))).toEqual(first);
    for (const content of Object.values(first)) {
      expect(content).not.toContain("\r");
      expect(content.endsWith("\n")).toBe(true);
      expect(content).not.toContain(plain);
      expect(content).not.toContain("/tmp");
    }
  });

  it("makes no network attempt for an unmapped https reference", async () => {
    const dir = tempTree({
      "schema-src/a.yaml": "properties:\n  x: { $ref: 'https://schemas.example.com/remote.json#/defs/x' }\n",
    });
    const log = path.join(dir, "network.log");
    const result = spawnCli(["generate"], { cwd: dir, preload: [DENY_NETWORK], env: { CHARTER_NETWORK_LOG: log } });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("schema-src/a.yaml:2:14: error CH206 ");
    expect(existsSync(log)).toBe(false);
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
  });

  it("has a network guard that would have caught an attempt", () => {
    // The control for the test above: the same preload records a fetch.
    const dir = tempTree({ "try.mjs": "try { await fetch('https://schemas.example.com/x.json'); } catch {}\n" });
    const log = path.join(dir, "network.log");
    spawnSync(process.execPath, ["--import", pathToFileURL(DENY_NETWORK).href, path.join(dir, "try.mjs")], {
      env: { CHARTER_NETWORK_LOG: log },
    });
    expect(readFileSync(log, "utf8")).toContain("fetch https://schemas.example.com/x.json");
  });

  it("reports bad input without a stack trace, exit 1, and exit 2 for usage", () => {
    const dir = tempTree({
      "schema-src/a.yaml": "type: object\ntype: string\n",
      "schema-src/b.yaml": "$ref: '../../../etc/passwd'\n",
    });
    const bad = spawnCli(["generate"], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("schema-src/a.yaml:2:1: error CH103 ");
    expect(bad.stdout).toContain("schema-src/b.yaml:1:7: error CH205 ");
    expect(bad.stdout + bad.stderr).not.toMatch(/^\s+at /m);
    const usage = spawnCli(["generate", "--what"], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stdout + usage.stderr).not.toMatch(/^\s+at /m);
  });

  it("exits 70 on a defect of its own, apart from usage (2) and findings (1), in one line without a stack unless CHARTER_DEBUG asks", () => {
    const dir = tempTree({
      "schema-src/a.yaml": "type: string\n",
      "defect.mjs": "JSON.parse = () => { throw new TypeError('a planted defect'); };\n",
    });
    const defect = spawnCli(["--version"], { cwd: dir, preload: [path.join(dir, "defect.mjs")] });
    expect(defect.code).toBe(70);
    expect(defect.stderr).toMatch(
      /^charter: internal error: a planted defect\n\(a defect of charter's, exit 70; please report it/,
    );
    expect(defect.stderr).not.toMatch(/^\s+at /m);
    const debug = spawnCli(["--version"], {
      cwd: dir,
      preload: [path.join(dir, "defect.mjs")],
      env: { CHARTER_DEBUG: "1" },
    });
    expect(debug.code).toBe(70);
    expect(debug.stderr).toMatch(/^\s+at .*charterVersion/m);
  });
});
