import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { runCli, withoutSummary } from "../helpers/run-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const REPO = new URL("../../", import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { version: string }).version;
const RUNTIME_VERSION = (
  JSON.parse(readFileSync(path.join(REPO, "packages/runtime/package.json"), "utf8")) as { version: string }
).version;

describe("charter init", () => {
  it("starts a project that generates and checks, and writes nothing twice", async () => {
    const dir = tempTree({ "package.json": '{\n    "name": "shop",\n    "scripts": { "check": "eslint ." }\n}\n' });
    const first = await runCli(["init"], dir);
    expect(first.stdout).toBe(
      [
        "charter init: created charter.config.yaml",
        "charter init: created schema-src/example/order.yaml",
        "charter init: created .github/workflows/contracts.yml",
        "charter init: created .githooks/pre-commit",
        "charter init: created .gitattributes (generated/ as LF and linguist-generated)",
        "charter init: added the npm scripts generate, charter:check to package.json",
        `charter init: added charter-runtime@^${RUNTIME_VERSION} to the dependencies of package.json`,
        `charter init: added charter@^${VERSION} to the devDependencies of package.json`,
        "charter init: next: npm install, then npm run generate and commit generated/; git config core.hooksPath .githooks turns the pre-commit hook on",
        "",
      ].join("\n"),
    );
    expect(first.code).toBe(0);
    // The project's own check stays; its indentation too. The runtime is what production needs, charter only generates.
    expect(readFileSync(path.join(dir, "package.json"), "utf8")).toBe(
      `{\n    "name": "shop",\n    "scripts": {\n        "check": "eslint .",\n        "generate": "charter generate",\n        "charter:check": "charter check"\n    },\n    "dependencies": {\n        "charter-runtime": "^${RUNTIME_VERSION}"\n    },\n    "devDependencies": {\n        "charter": "^${VERSION}"\n    }\n}\n`,
    );
    expect(statSync(path.join(dir, ".githooks/pre-commit")).mode & 0o111).not.toBe(0);
    const workflow = parse(readFileSync(path.join(dir, ".github/workflows/contracts.yml"), "utf8")) as {
      jobs: { contracts: { steps: { run?: string }[] } };
    };
    expect(workflow.jobs.contracts.steps.map((s) => s.run).filter(Boolean)).toEqual([
      "npm ci",
      "npx charter check --format github --max-warnings 0",
      "npx charter diff --base origin/${{ github.base_ref }} --format github",
    ]);

    // The example contract, its example and counterexample run, under the config init wrote.
    const generate = await runCli(["generate"], dir);
    expect([generate.code, withoutSummary(generate.stdout)]).toEqual([0, "charter: wrote 1 contract to generated\n"]);
    expect(generate.stdout).toMatch(
      /; 1 types module, 1 validator, \d+ repairs? applied, 2 examples checked, \d+\.\d s\n$/,
    );
    expect((await runCli(["check"], dir)).code).toBe(0);

    const before = snapshotTree(dir);
    const again = await runCli(["init"], dir);
    expect(again.stdout.split("\n").filter((l) => l.includes("skipped"))).toHaveLength(7);
    expect(snapshotTree(dir)).toEqual(before);
  });

  it("keeps a package.json's byte-order mark and line endings, and names the script it added", async () => {
    const dir = tempTree({
      "package.json":
        '\uFEFF{\r\n  "name": "x",\r\n  "scripts": { "generate": "tsc", "charter:generate": "other" }\r\n}\r\n',
    });
    const init = await runCli(["init"], dir);
    const text = readFileSync(path.join(dir, "package.json"), "utf8");
    expect(text.startsWith("\uFEFF{\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(JSON.parse(text.slice(1)).scripts).toEqual({
      generate: "tsc",
      "charter:generate": "other",
      check: "charter check",
    });
    // No name was free for generate: the next step says to run charter itself.
    expect(init.stdout).toContain("charter init: next: npm install, then npx charter generate and commit generated/;");
  });

  it("follows an existing config, leaves a folder of contracts without an example, and quotes folder names", async () => {
    const dir = tempTree({
      "charter.config.yaml": "source: contracts\nout: gen\n",
      "contracts/billing/invoice.yaml": "type: object\n",
    });
    const init = await runCli(["init"], dir);
    expect(init.stdout).toContain("charter init: skipped the example contract (contracts holds contracts already)");
    expect(init.stdout).toContain("and commit gen/;");
    expect(existsSync(path.join(dir, "schema-src"))).toBe(false);
    const numbered = tempTree();
    await runCli(["init", "--source", "2024", "--out", "gen #1"], numbered);
    expect(parse(readFileSync(path.join(numbered, "charter.config.yaml"), "utf8"))).toMatchObject({
      source: "2024",
      out: "gen #1",
    });
    expect((await runCli(["generate"], numbered)).code).toBe(0);
  });

  it("adds neither package where package.json names it, and says when the runtime would be missing from production", async () => {
    // Both declared and installed: the next step is to generate.
    const dir = tempTree({
      "package.json":
        '{ "name": "svc", "dependencies": { "charter-runtime": "0.1.0" }, "devDependencies": { "charter": "0.1.0" } }\n',
      "node_modules/charter/package.json": "{}",
      "node_modules/charter-runtime/package.json": "{}",
    });
    const init = await runCli(["init"], dir);
    expect(init.stdout).not.toContain("charter init: added charter");
    expect(init.stdout).toContain("charter init: next: npm run generate and commit generated/;");
    expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"))).toMatchObject({
      dependencies: { "charter-runtime": "0.1.0" },
      devDependencies: { charter: "0.1.0" },
    });
    // The runtime as a devDependency, charter as a dependency: each said, and left for the project to move.
    const swapped = tempTree({
      "package.json":
        '{ "name": "svc", "dependencies": { "charter": "^0.1.0" }, "devDependencies": { "charter-runtime": "^0.1.0" } }\n',
    });
    const advised = await runCli(["init"], swapped);
    expect(advised.stdout).toContain(
      "charter init: charter-runtime is among the devDependencies of package.json: generated validators import it at run time, so an install for production lacks it; move it to dependencies\n",
    );
    expect(advised.stdout).toContain(
      "charter init: charter is among the dependencies of package.json: it only generates, so devDependencies is enough, and a production install then leaves out the compiler (charter-runtime is what runs)\n",
    );
    expect(JSON.parse(readFileSync(path.join(swapped, "package.json"), "utf8"))).toEqual({
      name: "svc",
      dependencies: { charter: "^0.1.0" },
      devDependencies: { "charter-runtime": "^0.1.0" },
      scripts: { generate: "charter generate", check: "charter check" },
    });
  });

  it("adds the runtime from the tarball packed beside charter's, where charter came from one", async () => {
    const dir = tempTree({
      "package.json": JSON.stringify({
        name: "shop",
        devDependencies: { charter: `file:vendor/charter-${VERSION}.tgz` },
      }),
      [`vendor/charter-${VERSION}.tgz`]: "",
      [`vendor/charter-runtime-${RUNTIME_VERSION}.tgz`]: "",
    });
    const init = await runCli(["init"], dir);
    expect(init.stdout).toContain(
      `charter init: added file:vendor/charter-runtime-${RUNTIME_VERSION}.tgz to the dependencies of package.json`,
    );
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    // A registry range would fail npm install (and CI's npm ci) with a 404 until the packages are published.
    expect(manifest.dependencies).toEqual({ "charter-runtime": `file:vendor/charter-runtime-${RUNTIME_VERSION}.tgz` });
  });

  it("creates a package.json when there is none, with the folders asked for", async () => {
    const dir = tempTree({ "node_modules/charter/package.json": "{}" });
    const init = await runCli(["init", "--source", "contracts", "--out", "build/contracts"], dir);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(
      "charter init: next: npm install, then npm run generate and commit build/contracts/;",
    );
    expect(JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"))).toEqual({
      name: path
        .basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9._-]/g, "-"),
      private: true,
      scripts: { generate: "charter generate", check: "charter check" },
      dependencies: { "charter-runtime": `^${RUNTIME_VERSION}` },
      devDependencies: { charter: `^${VERSION}` },
    });
    expect(parse(readFileSync(path.join(dir, "charter.config.yaml"), "utf8"))).toMatchObject({
      source: "contracts",
      out: "build/contracts",
    });
    expect(existsSync(path.join(dir, "contracts/example/order.yaml"))).toBe(true);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(existsSync(path.join(dir, "build/contracts/manifest.json"))).toBe(true);
  });

  it("points editors at the contracts of the config and of a source, which the charter package ships", async () => {
    const dir = tempTree();
    await runCli(["init"], dir);
    const shipped = (JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as { files: string[] }).files;
    expect(shipped).toContain("generated/schemas/charter");
    // yaml-language-server resolves the path from the file's own folder.
    for (const [file, schema] of [
      ["charter.config.yaml", "node_modules/charter/generated/schemas/charter/config.schema.json"],
      ["schema-src/example/order.yaml", "../../node_modules/charter/generated/schemas/charter/source.schema.json"],
    ]) {
      const modeline = /^# yaml-language-server: \$schema=(\S+)$/m.exec(
        readFileSync(path.join(dir, file!), "utf8"),
      )?.[1];
      expect(modeline).toBe(schema);
      // Inside the package, that is generated/schemas/charter/..., which package.json ships.
      expect(existsSync(path.join(REPO, modeline!.replace(/^(\.\.\/)*node_modules\/charter\//, "")))).toBe(true);
    }
  });
});

describe("charter explain", () => {
  // The installed package's own copy, which exists wherever charter is installed, as a project's
  // folder sees it: relative to it, or absolute where that is shorter.
  const DOC = path.join(REPO, "docs/diagnostics.md");
  const shown = (dir: string) => {
    const relative = path.relative(dir, DOC);
    return relative.length < DOC.length ? relative : DOC;
  };
  it("names a docs file that exists", () => expect(existsSync(DOC)).toBe(true));

  it("prints a code's title and documentation, by full or short code", async () => {
    const dir = tempTree();
    const full = await runCli(["explain", "CH901"], dir);
    expect(full.stdout).toMatch(
      /^CH901: breaking change between two versions of a contract\n\nThe contract changed in a way/,
    );
    expect(full.stdout).toContain(`\nExamples of what produces it: ${shown(dir)}#ch901\n`);
    expect(full.stdout.split("\n").every((line) => line.length <= 100)).toBe(true);
    expect((await runCli(["explain", "ch5"], dir)).stdout).toMatch(/^CH005: /);
    const json = JSON.parse((await runCli(["explain", "CH308", "--format", "json"], dir)).stdout);
    expect(json).toMatchObject({ command: "explain", code: "CH308", title: "malformed x-charter-version" });
  });

  it("explains a retired code as retired, with what happens instead", async () => {
    const dir = tempTree();
    const result = await runCli(["explain", "CH401"], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^CH401: embedded document clashes with a definition \(retired: charter no longer prints it\)\n\n.*another key/s,
    );
    expect(result.stdout).toContain(`\nMore: ${shown(dir)}#ch401\n`);
  });

  it("says so for a code that does not exist, and exits 2", async () => {
    const dir = tempTree();
    const result = await runCli(["explain", "CH999"], dir);
    expect([result.code, result.stderr]).toEqual([
      2,
      `charter: no diagnostic CH999; the codes are CH001 to CH904 (${shown(dir)} lists them)\n`,
    ]);
    // Letters typed for digits, and a near miss.
    expect((await runCli(["explain", "CH3l2"], tempTree())).stderr).toMatch(
      /^charter: no diagnostic CH3l2; did you mean CH312\? The codes are/,
    );
    expect((await runCli(["explain", "HC312"], tempTree())).stderr).toMatch(/did you mean CH312\?/);
    expect((await runCli(["explain"], tempTree())).code).toBe(2);
  });
});
