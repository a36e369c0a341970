/**
 * `charter docs` as a user runs it: the site goes where `--out` or `docs.out` says, is the same
 * bytes wherever the project sits, and never replaces a folder it did not write.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const ITEM = `$schema: https://json-schema.org/draft/2020-12/schema
description: An item of a shop.
type: object
additionalProperties: false
required: [sku]
properties:
  sku:
    description: The stock-keeping unit.
    type: string
    minLength: 1
    maxLength: 64
    pattern: "^[a-z]+$"
examples:
  - { sku: abc }
x-charter-counterexamples:
  - value: { sku: ABC }
    error: { keyword: pattern, pointer: /sku }
`;

const RUNTIME = fileURLToPath(new URL("../../node_modules/charter-runtime", import.meta.url));

/** A project with one contract, generated, and charter-runtime installed, as a project that uses charter has it. */
async function project(config = "docs: { out: site }\n"): Promise<string> {
  const dir = tempTree({ "charter.config.yaml": config, "schema-src/shop/item.yaml": ITEM });
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(RUNTIME, path.join(dir, "node_modules", "charter-runtime"), "dir");
  const generated = await runCli(["generate", "--no-cache"], dir);
  expect(generated.code, generated.stdout + generated.stderr).toBe(0);
  return dir;
}

describe("charter docs", () => {
  it("writes the site to the config's docs.out, with the constraints in words", async () => {
    const dir = await project();
    const result = await runCli(["docs"], dir);
    expect(result).toEqual({
      code: 0,
      stdout: "charter: wrote the docs of 1 contract to site (open site/index.html)\n",
      stderr: "",
    });
    const page = readFileSync(path.join(dir, "site/contracts/shop/item.html"), "utf8");
    expect(page).toContain("1 to 64 characters, matching <code>^[a-z]+$</code>");
    expect(page).toContain("<code>schema-src/shop/item.yaml:7</code>");
    expect(existsSync(path.join(dir, "site/assets/validators/shop/item.js"))).toBe(true);
    // Each counterexample with what the committed validator reports of it.
    expect(page).toContain(
      '<p class="reported">The validator reports:</p><ol class="reported"><li><code>/sku</code>: must match pattern &quot;^[a-z]+$&quot; <span class="kind">[pattern]</span></li></ol>',
    );
  });

  it("writes the same bytes from two checkouts, with no path of either in them", async () => {
    const [a, b] = [await project(), await project()];
    for (const dir of [a, b]) expect((await runCli(["docs", "--out", "out-docs"], dir)).code).toBe(0);
    const first = snapshotTree(path.join(a, "out-docs"));
    expect(snapshotTree(path.join(b, "out-docs"))).toEqual(first);
    for (const [file, text] of Object.entries(first)) {
      expect(text, file).not.toContain(a);
      expect(text, file).not.toContain(path.dirname(a));
    }
    // Run again over its own site: replaced, and the same.
    expect((await runCli(["docs", "--out", "out-docs"], a)).code).toBe(0);
    expect(snapshotTree(path.join(a, "out-docs"))).toEqual(first);
  });

  it("refuses a folder it did not write, and leaves it as it was (CH006)", async () => {
    const dir = await project();
    writeFileSync(path.join(dir, "notes.md"), "kept\n");
    const result = await runCli(["docs", "--out", "."], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/error CH005 the site's folder \. overlaps/);
    const foreign = tempTree({ "mine.txt": "mine\n" });
    const refused = await runCli(["docs", "--out", foreign], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/error CH006 .* was not written by charter docs/);
    expect(snapshotTree(foreign)).toEqual({ "mine.txt": "mine\n" });
  });

  it("says to generate first when there is no generated tree (CH009)", async () => {
    const dir = tempTree({ "schema-src/shop/item.yaml": ITEM });
    const result = await runCli(["docs"], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      "charter: error CH009 no generated tree in generated (no manifest.json); run `charter generate` first\n",
    );
    expect(existsSync(path.join(dir, "generated-docs"))).toBe(false);
  });

  it("refuses an unknown key under docs in the config (CH002)", async () => {
    const dir = tempTree({ "charter.config.yaml": "docs: { dir: site }\n", "schema-src/shop/item.yaml": ITEM });
    const result = await runCli(["docs"], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("CH002");
  });

  it("is covered by charter check when docs.check says so: a stale, missing or stray file of the site fails it", async () => {
    const dir = await project("docs: { out: site, check: true }\n");
    expect((await runCli(["docs"], dir)).code).toBe(0);
    const clean = await runCli(["check"], dir);
    expect(clean.stdout).toMatch(
      /^charter check: the generated tree and the docs site site match a fresh run \(1 contract\)\n$/,
    );
    expect(clean.code).toBe(0);
    writeFileSync(path.join(dir, "site/index.html"), "edited by hand\n");
    rmSync(path.join(dir, "site/assets/site.css"));
    writeFileSync(path.join(dir, "site/stray.html"), "stray\n");
    const drifted = await runCli(["check"], dir);
    expect(drifted.code).toBe(1);
    expect(drifted.stdout).toBe(
      [
        "site/assets/site.css: error CH501 missing: a fresh run produces this file; run `charter docs`",
        "site/index.html:1:1: error CH502 stale: differs from a fresh run (edited by hand, or a source changed); run `charter docs`",
        "site/stray.html: error CH503 orphaned: not produced by charter; `charter docs` removes it",
        "charter check: 3 files of the docs site site differ from a fresh `charter docs` (1 missing, 1 stale, 1 orphaned); run `charter docs` and commit the result",
        "",
      ].join("\n"),
    );
    const json = JSON.parse((await runCli(["check", "--format", "json"], dir)).stdout) as {
      ok: boolean;
      docs: unknown;
    };
    expect(json.ok).toBe(false);
    expect(json.docs).toMatchObject({ out: "site", drift: { missing: ["assets/site.css"], orphaned: ["stray.html"] } });
  });

  it("leaves the site out of charter check unless docs.check says so", async () => {
    const dir = await project();
    const result = await runCli(["check"], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^charter check: generated matches a fresh run/);
  });
});
