/**
 * The fingerprint's memo of charter's code (src/cli/cache/fingerprint-memo.ts): read back only
 * while no listed folder and no file changed, so that a cache entry is never served to other code.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentDigest, listCode, type CodeRoot } from "../../src/cli/cache/code-files.js";
import { memoizedCodeDigest } from "../../src/cli/cache/fingerprint-memo.js";

let dir: string;
let roots: CodeRoot[];
let memo: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "charter-fingerprint-memo-"));
  const code = path.join(dir, "dist");
  mkdirSync(path.join(code, "cli"), { recursive: true });
  writeFileSync(path.join(code, "main.js"), "export const a = 1;\n");
  writeFileSync(path.join(code, "cli", "run.js"), "export const b = 2;\n");
  writeFileSync(path.join(code, "cli", "run.d.ts"), "export declare const b: number;\n");
  roots = [
    ["dist/", code],
    ["templates/", path.join(dir, "templates")],
  ];
  memo = path.join(dir, "memo.json");
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fresh = () => contentDigest(listCode(roots).files);
/** Every change counts as settled: the files here were all written just now. */
const memoized = () => memoizedCodeDigest(roots, memo, Date.now() + 60_000);

/** The memo's digest replaced, so that a call that returns it is known to have read the memo. */
function marked(): void {
  const kept = JSON.parse(readFileSync(memo, "utf8")) as { digest: string };
  writeFileSync(memo, JSON.stringify({ ...kept, digest: "from the memo" }));
}

describe("the fingerprint's memo", () => {
  it("gives the digest of the files' bytes, and reads it back while nothing changed", () => {
    expect(memoized()).toBe(fresh());
    marked();
    expect(memoized()).toBe("from the memo");
  });

  it("reads the files again when one is rewritten with as many bytes and its old modification time", () => {
    // The time npm gives every file of a package it installs.
    const packed = new Date("1985-10-26T08:15:00Z");
    const file = path.join(dir, "dist", "main.js");
    utimesSync(file, packed, packed);
    memoized();
    marked();
    writeFileSync(file, "export const a = 9;\n");
    utimesSync(file, packed, packed);
    expect(statSync(file).mtimeMs).toBe(packed.getTime());
    expect(memoized()).toBe(fresh());
    expect(memoized()).not.toBe("from the memo");
  });

  it("lists the folders again when a file is added, or a missing root appears", () => {
    memoized();
    marked();
    writeFileSync(path.join(dir, "dist", "cli", "new.js"), "export {};\n");
    const withFile = memoized();
    expect(withFile).toBe(fresh());
    marked();
    mkdirSync(path.join(dir, "templates"));
    writeFileSync(path.join(dir, "templates", "page.html"), "<p></p>\n");
    expect(memoized()).toBe(fresh());
    expect(fresh()).not.toBe(withFile);
  });

  it("leaves out declarations, as the digest does", () => {
    memoized();
    marked();
    writeFileSync(path.join(dir, "dist", "cli", "run.d.ts"), "export declare const b: string;\n");
    // A declaration's folder did not change and the declaration is not listed: the memo holds.
    expect(memoized()).toBe("from the memo");
  });

  it("writes no memo while a file changed within the settling time", () => {
    expect(memoizedCodeDigest(roots, memo)).toBe(fresh());
    expect(() => statSync(memo)).toThrow();
  });

  it("computes afresh past a damaged memo or a folder that takes no memo", () => {
    writeFileSync(memo, "{ not json");
    expect(memoized()).toBe(fresh());
    writeFileSync(memo, JSON.stringify({ roots: [], folders: 1, files: [], key: "k", digest: "d" }));
    expect(memoized()).toBe(fresh());
    expect(memoizedCodeDigest(roots, path.join(dir, "missing", "memo.json"), Date.now() + 60_000)).toBe(fresh());
  });
});
