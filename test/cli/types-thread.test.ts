import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const RECORDER = fileURLToPath(new URL("../helpers/record-modules.mjs", import.meta.url));
const THREAD = /\/(src|dist)\/targets\/types\/types-thread-worker\./;

/** A real `charter` process: its exit code, and whether it started the types' thread (worker threads load the recorder too). */
function charter(
  command: "generate" | "check",
  dir: string,
  extra: string[] = [],
  compiledCode = path.join(dir, "compiled"),
): { code: number | null; thread: boolean } {
  const record = path.join(dir, ".modules.txt");
  rmSync(record, { force: true });
  const run = spawnCli([command, ...extra], {
    cwd: dir,
    preload: [RECORDER],
    env: { CHARTER_RECORD_MODULES: record, CHARTER_COMPILED_CODE: compiledCode },
  });
  expect(run.stderr).toBe("");
  const loaded = readFileSync(record, "utf8").split("\n");
  return { code: run.code, thread: loaded.some((url) => THREAD.test(url)) };
}
const generate = (dir: string, extra: string[] = []) => charter("generate", dir, extra);

/** The compiled code's entries, each with its inode: an entry written again gets another. */
function codeEntries(code: string): [string, number][] {
  return existsSync(code)
    ? readdirSync(code)
        .sort()
        .map((entry) => [entry, statSync(path.join(code, entry)).ino])
    : [];
}

const RUN_GENERATOR = new URL("../../dist/targets/types/run-generator.js", import.meta.url).href;

/** How many CommonJS files the generator loads with its packages', as the built CLI requires it (on a thread without compiled code). */
function generatorFiles(): number {
  const script = `import { createRequire } from "node:module";
const { warmGenerator } = await import(${JSON.stringify(RUN_GENERATOR)});
const cache = createRequire(import.meta.url).cache;
const before = new Set(Object.keys(cache));
await warmGenerator();
process.stdout.write(String(Object.keys(cache).filter((file) => !before.has(file) && /\\.c?js$/.test(file)).length));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  return Number(run.stdout);
}

/**
 * The entries of compiled code a run that makes types keeps: TypeScript's file, ts-morph's two,
 * prettier's printer and the two plugins of its parser, and each file of the generator.
 */
const KEPT = 6 + generatorFiles();

/** A project with node_modules (so a cache) and two contracts, one with an example. */
const TWO_CONTRACTS = {
  "node_modules/.keep": "",
  "schema-src/order.yaml": "type: object\nproperties:\n  id: {type: string}\nexamples: [{id: a}]\n",
  "schema-src/item.yaml": "type: object\nproperties:\n  sku: {type: string, readOnly: true}\n",
};

describe("generate after an edit", () => {
  it("makes the types on their own thread, TypeScript compiled from V8's code kept by the last run, the tree a fresh run's", () => {
    const dir = tempTree(TWO_CONTRACTS);
    const code = path.join(dir, "compiled");
    const entries = () => codeEntries(code);
    // A first run makes every contract: its types stay on the main thread, which keeps their code.
    expect(generate(dir)).toEqual({ code: 0, thread: false });
    const written = entries();
    expect(written.filter(([entry]) => String(entry).endsWith(".v8"))).toHaveLength(KEPT);
    const edit = (id: string) =>
      writeFileSync(
        path.join(dir, "schema-src/order.yaml"),
        `type: object\nproperties:\n  id: {type: ${id}}\nexamples: [{id: 1}]\n`,
      );
    edit("integer");
    expect(generate(dir)).toEqual({ code: 0, thread: true });
    // Read by the thread, not written again (V8 took them): the same files.
    expect(entries()).toEqual(written);
    edit("number");
    expect(generate(dir)).toEqual({ code: 0, thread: true });
    expect(entries()).toEqual(written);
    // The cold run: nothing cached of any kind is read or written.
    rmSync(code, { recursive: true });
    expect(generate(dir, ["--no-cache", "--out", "fresh"])).toEqual({ code: 0, thread: false });
    expect(existsSync(code)).toBe(false);
    expect(snapshotTree(path.join(dir, "generated"))).toEqual(snapshotTree(path.join(dir, "fresh")));
  });

  it("keeps the types on the main thread with --jobs 1, which takes TypeScript's and prettier's code from the folder too", () => {
    const dir = tempTree({ "node_modules/.keep": "", "schema-src/order.yaml": "type: object\n" });
    expect(generate(dir, ["--jobs", "1"])).toEqual({ code: 0, thread: false });
    const code = path.join(dir, "compiled");
    const entries = () => codeEntries(code);
    const written = entries();
    expect(written.filter(([entry]) => String(entry).endsWith(".v8"))).toHaveLength(KEPT);
    writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: array\n");
    expect(generate(dir, ["--jobs", "1"])).toEqual({ code: 0, thread: false });
    expect(entries()).toEqual(written);
  });
});

describe("check", () => {
  it("makes the types on their own thread from its start, with compiled code but nothing of the cache", () => {
    const dir = tempTree(TWO_CONTRACTS);
    expect(generate(dir)).toEqual({ code: 0, thread: false });
    const cache = path.join(dir, "node_modules/.cache/charter");
    const cached = snapshotTree(cache);
    const code = path.join(dir, "compiled");
    rmSync(code, { recursive: true });
    expect(charter("check", dir)).toEqual({ code: 0, thread: true });
    // The thread kept TypeScript's, prettier's and the generator's code for the next process; the cache is as it was.
    const written = codeEntries(code);
    expect(written.filter(([entry]) => String(entry).endsWith(".v8"))).toHaveLength(KEPT);
    expect(snapshotTree(cache)).toEqual(cached);
    expect(charter("check", dir)).toEqual({ code: 0, thread: true });
    expect(codeEntries(code)).toEqual(written);
    // Turned off, or with --no-cache: none is read or written.
    rmSync(code, { recursive: true });
    expect(charter("check", dir, [], "off")).toEqual({ code: 0, thread: true });
    expect(charter("check", dir, ["--no-cache"])).toEqual({ code: 0, thread: true });
    expect(existsSync(code)).toBe(false);
    // One thread in all: the types stay on the main thread.
    expect(charter("check", dir, ["--jobs", "1"])).toEqual({ code: 0, thread: false });
  });
});
