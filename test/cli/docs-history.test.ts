/**
 * The docs site's change history: each contract page against the git revisions `docs.history`
 * names, with `charter diff`'s classification and each change linked to its member; and
 * `charter diff --format github` linking a finding to that member's row when `docs.baseUrl`
 * says where the site is published.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const ITEM = `$schema: https://json-schema.org/draft/2020-12/schema
description: An item of a shop.
type: object
required: [sku]
properties:
  sku: { type: string, maxLength: 64 }
  note: { description: A note., type: string }
  size: { $ref: "#/$defs/size" }
$defs:
  size:
    type: object
    properties:
      width: { type: number, maximum: 100 }
`;

const RUNTIME = fileURLToPath(new URL("../../node_modules/charter-runtime", import.meta.url));

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t.test", "-c", "commit.gpgsign=false", ...args], {
    cwd: dir,
    encoding: "utf8",
  });

/** Commits the sources and their generated tree, tagged. */
async function release(dir: string, item: string, tag: string): Promise<void> {
  writeFileSync(path.join(dir, "schema-src/shop/item.yaml"), item);
  const generated = await runCli(["generate", "--no-cache"], dir);
  expect(generated.code, generated.stdout + generated.stderr).toBe(0);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", tag);
  git(dir, "tag", tag);
}

async function project(config: string): Promise<string> {
  const dir = tempTree({
    "charter.config.yaml": config,
    "schema-src/shop/item.yaml": ITEM,
    ".gitignore": "node_modules\nsite\n",
  });
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(RUNTIME, path.join(dir, "node_modules", "charter-runtime"), "dir");
  git(dir, "init", "-q", "-b", "main");
  await release(dir, ITEM, "v1");
  // Only a description changes: docs-only since v1.
  await release(dir, ITEM.replace("A note.", "A note for the packer."), "v2");
  // A bound lowered in a definition: breaking since v2 and v1.
  await release(dir, ITEM.replace("A note.", "A note for the packer.").replace("maximum: 100", "maximum: 50"), "v3");
  return dir;
}

describe("the docs site's change history", () => {
  it("lists each earlier version with its classification and the changed members, linked", async () => {
    const dir = await project("docs: { out: site, history: [v2, v1] }\n");
    git(dir, "checkout", "-q", "v2");
    expect((await runCli(["docs"], dir)).code).toBe(0);
    const atV2 = readFileSync(path.join(dir, "site/contracts/shop/item.html"), "utf8");
    expect(atV2).toMatch(
      /<th scope="row"><code>v2<\/code><\/th>\s*<td><span class="change change-unchanged">unchanged/,
    );
    expect(atV2).toMatch(/<code>v1<\/code><\/th>\s*<td><span class="change change-docs-only">docs-only/);
    expect(atV2).toContain('<a href="../../contracts/shop/item.html#member--note"><code>#/properties/note</code></a>');

    git(dir, "checkout", "-q", "v3");
    expect((await runCli(["docs"], dir)).code).toBe(0);
    const atV3 = readFileSync(path.join(dir, "site/contracts/shop/item.html"), "utf8");
    expect(atV3).toMatch(/<code>v2<\/code><\/th>\s*<td><span class="change change-breaking">breaking/);
    expect(atV3).toContain(
      '<a href="../../definitions/shop/item/def-size.html#def-size--width"><code>#/$defs/size/properties/width</code></a>',
    );
    // The same bytes on a second run: the history is part of what charter check compares.
    const again = await runCli(["docs"], dir);
    expect(again.code).toBe(0);
    expect(readFileSync(path.join(dir, "site/contracts/shop/item.html"), "utf8")).toBe(atV3);
  });

  it("refuses a revision git does not know, naming it", async () => {
    const dir = await project("docs: { out: site, history: [v9] }\n");
    const result = await runCli(["docs"], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot read the version v9 that docs.history names: git knows no revision "v9"');
  });

  it("links a github annotation of charter diff to the member's row in the published site", async () => {
    const dir = await project("docs: { out: site, baseUrl: https://example.test/contracts/ }\n");
    git(dir, "checkout", "-q", "v2");
    writeFileSync(path.join(dir, "schema-src/shop/item.yaml"), ITEM.replace("maxLength: 64", "maxLength: 32"));
    const result = await runCli(["diff", "--base", "v1", "--format", "github"], dir);
    expect(result.stdout).toContain("(docs: https://example.test/contracts/contracts/shop/item.html#member--sku)");
  });
});
