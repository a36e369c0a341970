import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const read = (dir: string) => readFileSync(path.join(dir, ".gitattributes"), "utf8");

/** What git itself makes of the attributes, for a file in the output directory. */
function gitAttributes(dir: string, file: string): string {
  spawnSync("git", ["init", "-q"], { cwd: dir });
  const result = spawnSync("git", ["check-attr", "text", "eol", "linguist-generated", "--", file], {
    cwd: dir,
    encoding: "utf8",
  });
  return result.stdout;
}

describe("charter init and .gitattributes", () => {
  it("writes one, which git reads as LF and generated, and adds nothing on a second run", async () => {
    const dir = tempTree();
    const first = await runCli(["init"], dir);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("charter init: created .gitattributes (generated/ as LF and linguist-generated)\n");
    const written = read(dir);
    expect(written).toMatch(/^generated\/\*\* text eol=lf linguist-generated=true\n$/m);
    const again = await runCli(["init"], dir);
    expect(again.stdout).toContain("charter init: skipped .gitattributes (it marks generated/ already)\n");
    expect(read(dir)).toBe(written);
    expect(gitAttributes(dir, "generated/validators/a.js")).toBe(
      [
        "generated/validators/a.js: text: set",
        "generated/validators/a.js: eol: lf",
        "generated/validators/a.js: linguist-generated: true",
        "",
      ].join("\n"),
    );
  });

  it("extends an existing one, keeping its lines, its line endings and what it says of the output already", async () => {
    const existing = "* text=auto\r\ngen/** linguist-generated=false";
    const dir = tempTree({ ".gitattributes": existing });
    const result = await runCli(["init", "--out", "gen"], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("charter init: added gen/** text eol=lf to .gitattributes\n");
    expect(read(dir)).toBe(`${existing}\r\ngen/** text eol=lf\r\n`);
    expect(gitAttributes(dir, "gen/x.js")).toContain("gen/x.js: linguist-generated: false");
    await runCli(["init", "--out", "gen"], dir);
    expect(read(dir)).toBe(`${existing}\r\ngen/** text eol=lf\r\n`);
  });

  it("quotes an output directory with a space, as git needs", async () => {
    const dir = tempTree();
    expect((await runCli(["init", "--out", "gen out"], dir)).code).toBe(0);
    expect(read(dir)).toContain('"gen out/**" text eol=lf linguist-generated=true\n');
    expect(gitAttributes(dir, "gen out/a.ts")).toContain("gen out/a.ts: linguist-generated: true");
  });

  it("leaves .gitattributes alone when the output is outside the project", async () => {
    const dir = tempTree();
    const result = await runCli(["init", "--out", "../elsewhere"], dir);
    expect(result.stdout).toContain(
      "charter init: skipped .gitattributes (the output directory is not below the project",
    );
    expect(() => read(dir)).toThrow();
  });
});
