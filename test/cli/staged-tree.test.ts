import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StagedTree, stagingRun } from "../../src/cli/staged-tree.js";
import { swapInStagedTree } from "../../src/cli/write-tree.js";
import { unchangedFiles } from "../../src/cli/unchanged-files.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("the staged tree a generate run writes as it compiles", () => {
  it("is on disk file by file before anything is swapped, keeping only each file's digest", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n" });
    const out = path.join(dir, "out");
    const staged = new StagedTree(out);
    staged.set("schemas/a.schema.json", "{}\n").set("validators/a.js", "export const é = 1;\n");
    await staged.settled();
    expect(snapshotTree(staged.folder)).toEqual({
      "schemas/a.schema.json": "{}\n",
      "validators/a.js": "export const é = 1;\n",
    });
    expect(staged.files.get("validators/a.js")).toEqual({ sha256: sha256("export const é = 1;\n"), bytes: 21 });
    // The output itself is untouched until the swap.
    expect(snapshotTree(out)).toEqual({ "manifest.json": "{}\n" });
  });

  it("swaps in whole: an unchanged file becomes a link to the old one, the others are new", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n", "out/types/a.ts": "old\n", "out/stray.txt": "x" });
    const out = path.join(dir, "out");
    const before = statSync(path.join(out, "manifest.json")).ino;
    const staged = new StagedTree(out);
    staged.set("manifest.json", "{}\n").set("types/a.ts", "new\n");
    await swapInStagedTree(out, staged, new Set(["manifest.json"]));
    expect(snapshotTree(out)).toEqual({ "manifest.json": "{}\n", "types/a.ts": "new\n" });
    expect(statSync(path.join(out, "manifest.json")).ino).toBe(before);
    expect(existsSync(staged.folder)).toBe(false);
  });

  it("links a file whose bytes the record vouches the output holds, and never writes through that link", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n", "out/types/a.ts": "old\n" });
    const out = path.join(dir, "out");
    const inode = (file: string) => statSync(path.join(out, file)).ino;
    const [manifest, types] = [inode("manifest.json"), inode("types/a.ts")];
    const staged = new StagedTree(out);
    staged.vouchFor([
      ["manifest.json", sha256("{}\n")],
      ["types/a.ts", sha256("old\n")],
    ]);
    // The same bytes: a link from the start. Other bytes: written, though the record knows the file.
    staged.set("manifest.json", "{}\n").set("types/a.ts", "old\n").set("types/a.ts", "new\n");
    await staged.settled();
    expect(staged.isLinked("manifest.json")).toBe(true);
    expect(statSync(path.join(staged.folder, "manifest.json")).ino).toBe(manifest);
    expect(staged.isLinked("types/a.ts")).toBe(false);
    // The second write replaced the staged link instead of writing into the output's file.
    expect(snapshotTree(out)).toEqual({ "manifest.json": "{}\n", "types/a.ts": "old\n" });
    await swapInStagedTree(out, staged, unchangedFiles(out, staged).unchanged);
    expect(snapshotTree(out)).toEqual({ "manifest.json": "{}\n", "types/a.ts": "new\n" });
    expect(inode("manifest.json")).toBe(manifest);
    expect(inode("types/a.ts")).not.toBe(types);
  });

  it("without digests on write, finds the unchanged files by their bytes and makes a digest only when asked", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n", "out/types/a.ts": "old\n", "out/types/b.ts": "same\n" });
    const out = path.join(dir, "out");
    const staged = new StagedTree(out, false);
    staged.set("manifest.json", "{}\n").set("types/a.ts", "new\n").set("types/b.ts", "same\n");
    expect(staged.files.get("types/a.ts")).toEqual({ bytes: 4 });
    // Same size, other bytes: not the output's file.
    expect(unchangedFiles(out, staged).unchanged).toEqual(new Set(["manifest.json", "types/b.ts"]));
    await swapInStagedTree(out, staged, new Set(["manifest.json", "types/b.ts"]));
    // Once swapped in, a digest is read from the output, which is now the staged tree.
    expect(staged.digests()).toEqual(
      new Map([
        ["manifest.json", sha256("{}\n")],
        ["types/a.ts", sha256("new\n")],
        ["types/b.ts", sha256("same\n")],
      ]),
    );
  });

  it("reports a write the file system refuses, and discarding leaves nothing beside the output", async () => {
    const dir = tempTree({});
    const out = path.join(dir, "out");
    const staged = new StagedTree(out);
    staged.set("a.json", "1");
    await staged.settled();
    // A file where the next write needs a folder.
    staged.set("a.json/b.json", "2").set("c.json", "3");
    await expect(staged.settled()).rejects.toThrow(/ENOTDIR|EEXIST/);
    await staged.discard();
    expect(existsSync(staged.folder)).toBe(false);
  });

  it("starts from an empty folder, whatever an earlier process of the same id left there", async () => {
    const dir = tempTree({});
    const out = path.join(dir, "out");
    const first = new StagedTree(out);
    first.set("left.txt", "from a killed run");
    await first.settled();
    const second = new StagedTree(out);
    second.set("mine.txt", "fresh");
    await second.settled();
    expect(snapshotTree(second.folder)).toEqual({ "mine.txt": "fresh" });
    expect(readFileSync(path.join(second.folder, "mine.txt"), "utf8")).toBe("fresh");
  });

  it("fills the previous output a watch kept: the output's own files as they are, every other entry replaced or removed", async () => {
    const dir = tempTree({
      "out/manifest.json": "{}\n",
      "out/types/a.ts": "a\n",
      "out/types/b.ts": "b1\n",
      "out/old/c.txt": "c",
      "out/x": "a file where the second run needs a folder",
    });
    const out = path.join(dir, "out");
    const inode = (folder: string, file: string) => statSync(path.join(folder, file)).ino;
    const vouched = () => [...Object.entries(snapshotTree(out))].map(([file, text]) => [file, sha256(text)] as const);
    const first = new StagedTree(out);
    first.vouchFor(vouched());
    first.set("manifest.json", "{}\n").set("types/a.ts", "a\n").set("types/b.ts", "b2\n").set("z/d.ts", "d\n");
    const { kept } = await swapInStagedTree(out, first, unchangedFiles(out, first).unchanged, true);
    // The replaced output, in the staging folder: the files the run linked are the output's own.
    expect(kept?.folder).toBe(first.folder);
    expect(kept?.sameAsOutput).toEqual(new Set(["manifest.json", "types/a.ts"]));
    expect(snapshotTree(first.folder)).toEqual({
      "manifest.json": "{}\n",
      "types/a.ts": "a\n",
      "types/b.ts": "b1\n",
      "old/c.txt": "c",
      x: "a file where the second run needs a folder",
    });
    expect(inode(first.folder, "types/a.ts")).toBe(inode(out, "types/a.ts"));

    const second = new StagedTree(out, true, kept);
    second.vouchFor(vouched());
    second
      .set("manifest.json", "{}\n")
      .set("types/a.ts", "a2\n")
      .set("types/b.ts", "b2\n")
      .set("x/y.ts", "y\n")
      .set("z", "a file where the first run made a folder");
    await second.settled();
    // Replaced by unlinking, never written through: the output is as it was until the swap.
    expect(snapshotTree(out)).toEqual({
      "manifest.json": "{}\n",
      "types/a.ts": "a\n",
      "types/b.ts": "b2\n",
      "z/d.ts": "d\n",
    });
    const unchanged = unchangedFiles(out, second).unchanged;
    expect(unchanged).toEqual(new Set(["manifest.json", "types/b.ts"]));
    const again = await swapInStagedTree(out, second, unchanged, true);
    expect(snapshotTree(out)).toEqual({
      "manifest.json": "{}\n",
      "types/a.ts": "a2\n",
      "types/b.ts": "b2\n",
      "x/y.ts": "y\n",
      z: "a file where the first run made a folder",
    });
    expect(again.kept?.sameAsOutput).toEqual(new Set(["manifest.json", "types/b.ts"]));
    expect(inode(again.kept!.folder, "manifest.json")).toBe(inode(out, "manifest.json"));
  });

  it("filling a kept tree, still refuses a file where the same run staged a folder", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n", "out/k/old.ts": "old\n" });
    const out = path.join(dir, "out");
    const first = new StagedTree(out);
    first.set("manifest.json", "{ }\n");
    const { kept } = await swapInStagedTree(out, first, new Set(), true);
    const second = new StagedTree(out, true, kept);
    second.set("k/new.ts", "new\n").set("k", "a file where this run's folder is");
    // The kept folder holds this run's file now: it is not taken away, and the write fails as it would in a fresh tree.
    await expect(second.settled()).rejects.toThrow(/EISDIR|EEXIST|ENOTDIR/);
  });

  it("starts from an empty folder when another run replaced the output since the tree was kept", async () => {
    const dir = tempTree({ "out/manifest.json": "{}\n", "out/types/a.ts": "a\n" });
    const out = path.join(dir, "out");
    const first = new StagedTree(out);
    first.vouchFor([["manifest.json", sha256("{}\n")]]);
    first.set("manifest.json", "{}\n").set("types/a.ts", "a2\n");
    const { kept } = await swapInStagedTree(out, first, unchangedFiles(out, first).unchanged, true);
    expect(kept?.sameAsOutput).toEqual(new Set(["manifest.json"]));
    // Another run's swap: a new folder at the output's name, with a manifest of other bytes.
    renameSync(out, `${out}.elsewhere`);
    mkdirSync(out);
    writeFileSync(path.join(out, "manifest.json"), "{ }\n");
    const second = new StagedTree(out, true, kept);
    second.set("manifest.json", "{}\n");
    await second.settled();
    expect(snapshotTree(second.folder)).toEqual({ "manifest.json": "{}\n" });
    expect(second.isLinked("manifest.json")).toBe(false);
  });

  it("names its run: process and host, and the name of earlier versions without either", () => {
    expect(stagingRun("/p/generated", "generated.charter-new-42@build-7")).toEqual({ pid: 42, host: "build-7" });
    expect(stagingRun("/p/generated", "generated.charter-new-42")).toEqual({ pid: 42 });
    expect(stagingRun("/p/generated", "generated.charter-new")).toEqual({});
    expect(stagingRun("/p/generated", "generated.charter-newest")).toBeUndefined();
    expect(stagingRun("/p/generated", "other.charter-new-42")).toBeUndefined();
  });
});
