import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const RECORDER = fileURLToPath(new URL("../helpers/record-modules.mjs", import.meta.url));
const THREAD = /\/(src|dist)\/targets\/types\/types-thread-worker\./;

/** A real `charter` process: its exit code, and whether it started the types' thread (worker threads load the recorder too). */
function generate(dir: string, extra: string[] = []): { code: number | null; thread: boolean } {
  const record = path.join(dir, ".modules.txt");
  rmSync(record, { force: true });
  const run = spawnCli(["generate", ...extra], {
    cwd: dir,
    preload: [RECORDER],
    env: { CHARTER_RECORD_MODULES: record },
  });
  expect(run.stderr).toBe("");
  const loaded = readFileSync(record, "utf8").split("\n");
  return { code: run.code, thread: loaded.some((url) => THREAD.test(url)) };
}

/** The code cache's entries, each with its inode: an entry written again gets another. */
function codeEntries(code: string): [string, number][] {
  return readdirSync(code)
    .sort()
    .map((entry) => [entry, statSync(path.join(code, entry)).ino]);
}

describe("generate after an edit", () => {
  it("makes the types on their own thread, TypeScript compiled from V8's code cache the next time, the tree a fresh run's", () => {
    const dir = tempTree({
      "node_modules/.keep": "",
      "schema-src/order.yaml": "type: object\nproperties:\n  id: {type: string}\nexamples: [{id: a}]\n",
      "schema-src/item.yaml": "type: object\nproperties:\n  sku: {type: string, readOnly: true}\n",
    });
    const code = path.join(dir, "node_modules/.cache/charter/code");
    // A first run makes every contract: its types stay on the main thread.
    expect(generate(dir)).toEqual({ code: 0, thread: false });
    const edit = (id: string) =>
      writeFileSync(
        path.join(dir, "schema-src/order.yaml"),
        `type: object\nproperties:\n  id: {type: ${id}}\nexamples: [{id: 1}]\n`,
      );
    edit("integer");
    expect(generate(dir)).toEqual({ code: 0, thread: true });
    const entries = () => codeEntries(code);
    const written = entries();
    // TypeScript's file, ts-morph's two, prettier's printer and the two plugins of its parser.
    expect(written.filter(([entry]) => String(entry).endsWith(".v8"))).toHaveLength(6);
    edit("number");
    expect(generate(dir)).toEqual({ code: 0, thread: true });
    // Read, not written again (V8 took them): the same six files.
    expect(entries()).toEqual(written);
    expect(generate(dir, ["--no-cache", "--out", "fresh"])).toEqual({ code: 0, thread: false });
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(snapshotTree(path.join(dir, "fresh")));
  });

  it("keeps the types on the main thread with --jobs 1, which takes TypeScript's and prettier's code from the cache too", () => {
    const dir = tempTree({ "node_modules/.keep": "", "schema-src/order.yaml": "type: object\n" });
    expect(generate(dir, ["--jobs", "1"])).toEqual({ code: 0, thread: false });
    const code = path.join(dir, "node_modules/.cache/charter/code");
    const entries = () => codeEntries(code);
    // Written by the first run, whose types were made on the main thread.
    const written = entries();
    expect(written.filter(([entry]) => String(entry).endsWith(".v8"))).toHaveLength(6);
    writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: array\n");
    expect(generate(dir, ["--jobs", "1"])).toEqual({ code: 0, thread: false });
    expect(entries()).toEqual(written);
    // check never reads the cache, nor writes it.
    rmSync(code, { recursive: true });
    expect(spawnCli(["check"], { cwd: dir }).code).toBe(0);
    expect(existsSync(code)).toBe(false);
  });
});
