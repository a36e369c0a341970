import { chmodSync, chownSync, mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPILED_CODE_VARIABLE, compiledCodeFolder } from "../../src/cli/compiled-code-folder.js";
import { tempTree } from "../helpers/temp-tree.js";

const named = (folder: string) => ({ [COMPILED_CODE_VARIABLE]: folder });

describe("the folder of compiled code", () => {
  it("is this user's own in the temporary folder unless the environment names one", () => {
    const folder = compiledCodeFolder({}, undefined)!;
    expect(path.dirname(folder)).toBe(os.tmpdir());
    expect(path.basename(folder)).toBe(`charter-compiled-code-${process.getuid!()}`);
    expect(statSync(folder).mode & 0o077).toBe(0);
  });

  it("is made, for this user alone, where the environment names it", () => {
    const dir = tempTree();
    const folder = path.join(dir, "a/b");
    expect(compiledCodeFolder(named(folder), false)).toBe(folder);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it("is none with --no-cache, or when the environment says off", () => {
    const folder = path.join(tempTree(), "code");
    expect(compiledCodeFolder(named(folder), true)).toBeUndefined();
    expect(compiledCodeFolder(named("off"), false)).toBeUndefined();
  });

  it("is not used when others may write to it, when it is a link, or not a folder: its code would run here", () => {
    const dir = tempTree({ "file/x": "" });
    const open = path.join(dir, "open");
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(compiledCodeFolder(named(open), false)).toBeUndefined();
    const mine = path.join(dir, "mine");
    mkdirSync(mine, { mode: 0o700 });
    const link = path.join(dir, "link");
    symlinkSync(mine, link);
    expect(compiledCodeFolder(named(link), false)).toBeUndefined();
    writeFileSync(path.join(dir, "plain"), "");
    expect(compiledCodeFolder(named(path.join(dir, "plain")), false)).toBeUndefined();
    // Nor when it cannot be made (here, under a file): TypeScript is then compiled afresh.
    expect(compiledCodeFolder(named(path.join(dir, "plain/code")), false)).toBeUndefined();
    expect(compiledCodeFolder(named(mine), false)).toBe(mine);
  });

  // Only root can give a folder to someone else.
  it.runIf(process.getuid?.() === 0)("is not used when another user owns it", () => {
    const folder = path.join(tempTree(), "theirs");
    mkdirSync(folder, { mode: 0o700 });
    chownSync(folder, 65534, 65534);
    expect(compiledCodeFolder(named(folder), false)).toBeUndefined();
  });
});
