import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { TaskCache } from "../../src/cli/cache/task-cache.js";
import { describe, expect, it } from "vitest";
import { compile, type CompileOptions } from "../../src/pipeline/compile.js";
import { MIN_TASKS_FOR_WORKERS, startTasks } from "../../src/tasks/run-tasks.js";
import type { TaskStore } from "../../src/tasks/task-store.js";
import { compileValidator, type ValidatorTask } from "../../src/targets/validators/compile-validator.js";
import { DEFAULT_VALIDATION } from "../../src/settings/validation.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree, writeTree } from "../helpers/temp-tree.js";
import { recurse } from "../helpers/deep-recursion-task.js";
import { holdOnWorker } from "../helpers/heap-task.js";

/** A task that overflows a default stack for large depths, and says so in its output. */
const RECURSION = {
  name: "recurse",
  module: new URL("../helpers/deep-recursion-task.ts", import.meta.url),
  run: recurse,
  overflowed: (output: { ok: boolean }) => !output.ok,
};

/**
 * Enough contracts for a worker thread to start: some referencing a shared
 * one, some with examples and counterexamples, one with a finding.
 */
function sources(count = MIN_TASKS_FOR_WORKERS + 2): Record<string, string> {
  const files: Record<string, string> = {
    "schema-src/common/id.yaml": "type: string\nminLength: 1\nexamples: [a1]\n",
    "schema-src/noted.yaml":
      "$schema: http://json-schema.org/draft-07/schema#\ntype: object\nproperties:\n  when: {type: string, format: no-such-format}\n",
  };
  for (let i = 0; i < count; i++) {
    files[`schema-src/c${String(i).padStart(2, "0")}.yaml`] = [
      "type: object",
      "required: [id]",
      "additionalProperties: false",
      "properties:",
      "  id: {$ref: common/id.yaml}",
      `  n${i}: {type: integer, minimum: ${i}}`,
      `examples: [{id: x, n${i}: ${i}}]`,
      "x-charter-counterexamples:",
      `  - {value: {id: x, n${i}: -1}, error: {keyword: minimum, pointer: /n${i}}}`,
      "",
    ].join("\n");
  }
  return files;
}

function options(dir: string, extra: Partial<CompileOptions>): CompileOptions {
  return {
    sourceDir: path.join(dir, "schema-src"),
    outDir: path.join(dir, "generated"),
    baseUri: "https://example.test/",
    catalog: [],
    ...extra,
  };
}

/** A cache that records the name of each task whose key it is asked for. */
function recording(cache: TaskStore): { store: TaskStore; tasks: string[] } {
  const tasks: string[] = [];
  const store: TaskStore = {
    key: (task, input) => (tasks.push(task), cache.key(task, input)),
    keyOfText: (task, text) => (tasks.push(task), cache.keyOfText(task, text)),
    read: (key) => cache.read(key),
    write: (key, value) => cache.write(key, value),
    get damaged() {
      return cache.damaged;
    },
  };
  return { store, tasks };
}

const cacheEntries = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];

describe("worker threads and the cache", () => {
  it("compile validators on a worker thread exactly as on this one, each output at its input's place", async () => {
    const tasks: ValidatorTask[] = Array.from({ length: MIN_TASKS_FOR_WORKERS + 2 }, (_, i) => {
      const id = `https://example.test/c${i}.schema.json`;
      return {
        id,
        dialect: i % 2 === 0 ? "draft-07" : "2020-12",
        schema: JSON.parse(
          `{"$id": "${id}", "type": "object", "required": ["__proto__", "n"], "properties": {"n": {"type": "integer", "minimum": ${i}}}}`,
        ),
        file: `/src/c${i}.yaml`,
        exports: [{ exportName: "validate", pointer: "", typeName: undefined, ref: id }],
        policy: { ...DEFAULT_VALIDATION.defaults },
        instances: [
          {
            schemaPointer: "",
            value: JSON.parse(`{"__proto__": 1, "n": ${i - 1}}`),
            file: `/src/c${i}.yaml`,
            position: { line: 2, column: 3 },
            pointer: "/examples/0",
          },
        ],
      };
    });
    const definition = {
      name: "compileValidator",
      module: new URL("../../src/targets/validators/compile-validator.ts", import.meta.url),
      run: compileValidator,
    };
    const batch = startTasks(definition, tasks, { jobs: 2 });
    // This thread lends a hand only in finish(): until then the worker does everything.
    for (const started = Date.now(); batch.onWorkerThreads < tasks.length && Date.now() - started < 60_000;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batch.onWorkerThreads).toBe(tasks.length);
    const outputs = await batch.finish();
    outputs.forEach((output, i) => {
      expect(output).toEqual(compileValidator(tasks[i]!));
      // Each example is one below its minimum, and has its own __proto__ member (which cloning must keep):
      // one violation, named in its own contract's file, so no output was swapped.
      expect(output.diagnostics).toEqual([
        expect.objectContaining({
          code: "CH705",
          file: `/src/c${i}.yaml`,
          message: "example does not satisfy its schema: /n minimum: must be >= " + i,
        }),
      ]);
    });
  });

  it("report a task that throws on a worker thread as a failure of the run", async () => {
    // Instances that are not a list: a defect of the caller, thrown after ajv compiled.
    const tasks = Array.from(
      { length: MIN_TASKS_FOR_WORKERS + 1 },
      (_, i) =>
        ({
          id: `https://example.test/${i}`,
          dialect: "draft-07",
          schema: { $id: `https://example.test/${i}` },
          file: "/x",
          exports: [],
          policy: DEFAULT_VALIDATION.defaults,
          instances: 5,
        }) as unknown as ValidatorTask,
    );
    const definition = {
      name: "compileValidator",
      module: new URL("../../src/targets/validators/compile-validator.ts", import.meta.url),
      run: compileValidator,
    };
    const batch = startTasks(definition, tasks, { jobs: 2 });
    for (const started = Date.now(); batch.onWorkerThreads < tasks.length && Date.now() - started < 60_000;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batch.onWorkerThreads).toBe(tasks.length);
    await expect(batch.finish()).rejects.toThrow(/compileValidator failed on a worker thread/);
  });

  it("run a task that ran out of call stack once more, alone, on a thread with a large stack", async () => {
    // Far beyond a default stack (about 10,000 frames here), well within a large one.
    expect(recurse(1_000_000).ok).toBe(false);
    const said: string[] = [];
    const outputs = await startTasks({ ...RECURSION, label: "recursion" }, [10, 1_000_000], {
      jobs: 1,
      onProgress: (stage) => said.push(stage),
    }).finish();
    expect(outputs).toEqual([
      { ok: true, reached: 10 },
      { ok: true, reached: 1_000_000 },
    ]);
    // The progress display says why the run takes long: once, for the one task run again.
    expect(said).toEqual(["recursion of a very large contract, again on a 512 MB stack (this can take minutes)"]);
    // Without the hook, the overflow stands.
    // Through a cache: the overflow is never kept, only the rerun's output, which the next run reads.
    const cache = await TaskCache.open(path.join(tempTree({}), "cache"));
    expect(await startTasks(RECURSION, [1_000_000], { jobs: 1, cache }).finish()).toEqual([
      { ok: true, reached: 1_000_000 },
    ]);
    expect(
      await startTasks({ ...RECURSION, run: () => ({ ok: false }) }, [1_000_000], { jobs: 1, cache }).finish(),
    ).toEqual([{ ok: true, reached: 1_000_000 }]);
    const { overflowed: _, ...plain } = RECURSION;
    expect((await startTasks(plain, [1_000_000], { jobs: 1 }).finish())[0]).toEqual({ ok: false });
  });

  it("run again on this thread, which has no heap limit, a task whose worker ran out of its bounded heap", async () => {
    const marker = path.join(tempTree({}), "claimed");
    const inputs = Array.from({ length: MIN_TASKS_FOR_WORKERS }, () => ({ mb: 256, marker }));
    const task = {
      name: "holdOnWorker",
      module: new URL("../helpers/heap-task.ts", import.meta.url),
      run: holdOnWorker,
    };
    const outputs = await startTasks(task, inputs, { jobs: 2, workerHeapMb: 32 }).finish();
    // A worker claimed a task and died with it; every output was made here, none lost, the run not failed.
    expect(existsSync(marker)).toBe(true);
    expect(outputs).toEqual(inputs.map(() => ({ on: "main" })));
  });

  it("replace a worker that ran out of its bounded heap, so that the tasks after the large one are shared again", async () => {
    const marker = path.join(tempTree({}), "claimed");
    // Largest input first (these texts are the longest): this thread and the worker take the two
    // large tasks, and the worker dies with its own.
    const large = [0, 1].map(() => ({ mb: 2560, marker, mainMs: 0 }));
    const small = Array.from({ length: MIN_TASKS_FOR_WORKERS }, () => ({ mb: 0, marker, mainMs: 500 }));
    const task = {
      name: "holdOnWorker",
      module: new URL("../helpers/heap-task.ts", import.meta.url),
      run: holdOnWorker,
    };
    const outputs = await startTasks(task, [...small, ...large], { jobs: 2, workerHeapMb: 32 }).finish();
    expect(outputs.slice(-2)).toEqual([{ on: "main" }, { on: "main" }]);
    // This thread takes half a second a small task: the worker started in place of the dead one took some.
    expect(outputs.slice(0, -2).filter((output) => output.on.startsWith("worker")).length).toBeGreaterThan(0);
    expect(outputs.slice(0, -2).every((output) => output.on === "main" || output.on === "worker, 0 MB")).toBe(true);
  });

  it("hand each final output to `keep` once, as it comes, and return only what it kept: computed, run again, or cached", async () => {
    const cache = await TaskCache.open(path.join(tempTree({}), "cache"));
    const inputs = Array.from({ length: MIN_TASKS_FOR_WORKERS }, (_, i) => i + 1).concat([1_000_000]);
    for (const round of ["cold", "warm"]) {
      const told: [number, unknown][] = [];
      const keep = (index: number, output: { ok: boolean; reached?: number }) => {
        told.push([index, output]);
        return `kept ${output.reached ?? "nothing"}`;
      };
      const outputs = await startTasks(RECURSION, inputs, { jobs: 2, cache }, keep).finish();
      expect(outputs, round).toEqual(inputs.map((n) => `kept ${n}`));
      // The overflow on a normal stack is no final output: `keep` saw the rerun's alone, and every other once.
      expect(
        told.sort(([a], [b]) => a - b),
        round,
      ).toEqual(inputs.map((n, i) => [i, { ok: true, reached: n }]));
    }
  });

  it("change nothing in the output: one thread, worker threads, a cold cache and a warm one give the same files and findings", async () => {
    const dir = tempTree(sources());
    const cacheDir = path.join(dir, "cache");
    const alone = await compile(options(dir, { jobs: 1 }));
    expect(alone.produced.length).toBeGreaterThan(MIN_TASKS_FOR_WORKERS);
    expect(alone.diagnostics.map((d) => d.code)).toEqual(["CH701"]);
    expect(alone.timings.onWorkerThreads).toBe(0);
    // This thread takes what the worker has not claimed yet: here, where types are quick, maybe everything.
    const threaded = await compile(options(dir, { jobs: 2 }));
    const cold = await compile(options(dir, { jobs: 2, cache: await TaskCache.open(cacheDir) }));
    const entries = cacheEntries(cacheDir);
    const warm = await compile(options(dir, { jobs: 2, cache: await TaskCache.open(cacheDir) }));
    // Into a sink (generate's staged tree), each file once and nothing kept in the result.
    const sunk = new Map<string, string>();
    const sink = {
      set: (file: string, content: string) => (expect(sunk.has(file), file).toBe(false), sunk.set(file, content)),
    };
    const streamed = await compile({ ...options(dir, { jobs: 2 }), output: sink });
    expect(streamed.files.size).toBe(0);
    const sorted = {
      files: new Map([...sunk].sort(([a], [b]) => (a < b ? -1 : 1))),
      diagnostics: streamed.diagnostics,
    };
    for (const other of [threaded, cold, warm, sorted]) {
      expect([...other.files.keys()]).toEqual([...alone.files.keys()]);
      for (const [file, content] of alone.files) expect(other.files.get(file), file).toBe(content);
      expect(other.diagnostics).toEqual(alone.diagnostics);
    }
    // Per contract: its validators, its types module, and the type check of the module and of its examples.
    expect(entries.length).toBeGreaterThan(3 * alone.produced.length);
    expect(cacheEntries(cacheDir)).toEqual(entries);
  });

  it("recomputes, after one source changed, what depends on it and nothing else", async () => {
    const dir = tempTree(sources());
    const cacheDir = path.join(dir, "cache");
    await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    const before = new Set(cacheEntries(cacheDir));
    // c03 is referenced by nothing, has no examples of its own beside the list edited here.
    writeTree(dir, {
      "schema-src/c03.yaml": "type: object\ndescription: Edited.\nproperties:\n  n: {type: integer}\n",
    });
    const edited = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    const added = cacheEntries(cacheDir).filter((entry) => !before.has(entry));
    // Its validators, its types module (by its input, and by its reference closure), the module's type check.
    expect(added).toHaveLength(4);
    const fresh = await compile(options(dir, { jobs: 1 }));
    for (const [file, content] of fresh.files) expect(edited.files.get(file), file).toBe(content);
  });

  it("finds a contract's types by its reference closure, and makes them again when any document in it changes", async () => {
    const dir = tempTree(sources());
    const cacheDir = path.join(dir, "cache");
    const closureEntries = () =>
      cacheEntries(cacheDir).filter((entry) => readFileSync(path.join(cacheDir, entry), "utf8").includes('"imports":'));
    const first = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    expect(closureEntries()).toHaveLength(first.produced.length);
    const expectFresh = async (edited: Awaited<ReturnType<typeof compile>>) => {
      const fresh = await compile(options(dir, { jobs: 1 }));
      expect([...edited.files.keys()]).toEqual([...fresh.files.keys()]);
      for (const [file, content] of fresh.files) expect(edited.files.get(file), file).toBe(content);
      expect(edited.diagnostics).toEqual(fresh.diagnostics);
    };
    // The shared document every c* references: each of them, and itself, is made again.
    let before = new Set(closureEntries());
    writeTree(dir, {
      "schema-src/common/id.yaml": "type: string\nminLength: 1\ndescription: An id.\nexamples: [a1]\n",
    });
    await expectFresh(await compile(options(dir, { cache: await TaskCache.open(cacheDir) })));
    const referencing = first.produced.filter((name) => /^c\d+$/.test(name)).length + 1;
    expect(closureEntries().filter((entry) => !before.has(entry))).toHaveLength(referencing);
    // The order of a contract's members is the order of its module's: an edit of order alone is a change.
    before = new Set(closureEntries());
    writeTree(dir, {
      "schema-src/c05.yaml": readFileSync(path.join(dir, "schema-src/c05.yaml"), "utf8").replace(
        "  id: {$ref: common/id.yaml}\n  n5: {type: integer, minimum: 5}\n",
        "  n5: {type: integer, minimum: 5}\n  id: {$ref: common/id.yaml}\n",
      ),
    });
    const { store, tasks } = recording(await TaskCache.open(cacheDir));
    await expectFresh(await compile(options(dir, { cache: store })));
    expect(closureEntries().filter((entry) => !before.has(entry))).toHaveLength(1);
    // Only c05's input was prepared and handed to the generator's task; the others' modules came by their closure.
    expect(tasks.filter((task) => task === "generateTypesModule")).toEqual(["generateTypesModule"]);
  });

  it("treats a damaged entry as missing", async () => {
    const dir = tempTree(sources(3));
    const cacheDir = path.join(dir, "cache");
    const first = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    for (const entry of cacheEntries(cacheDir)) writeFileSync(path.join(cacheDir, entry), '{"key": "trunc');
    const again = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    expect(again.files).toEqual(first.files);
    expect(again.diagnostics).toEqual(first.diagnostics);
  });

  it("does not trust an entry whose value was changed, however well-formed, and removes it", async () => {
    const dir = tempTree(sources(3));
    const cacheDir = path.join(dir, "cache");
    const first = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    // One character of a generated types module inside its entry, the JSON still valid.
    const damaged = cacheEntries(cacheDir).filter((entry) => {
      const file = path.join(cacheDir, entry);
      const text = readFileSync(file, "utf8");
      if (!text.includes("export interface")) return false;
      writeFileSync(file, text.replace("export interface", "export interfacE"));
      JSON.parse(readFileSync(file, "utf8"));
      return true;
    });
    expect(damaged.length).toBeGreaterThan(0);
    const again = await compile(options(dir, { cache: await TaskCache.open(cacheDir) }));
    expect(again.files).toEqual(first.files);
    expect([...again.files.values()].some((text) => text.includes("interfacE"))).toBe(false);
    // Written afresh, whole.
    for (const entry of damaged) expect(readFileSync(path.join(cacheDir, entry), "utf8")).not.toContain("interfacE");
  });

  it("reports damaged entries once, as a warning at the cache folder, and writes the right output", async () => {
    const dir = tempTree(sources(3));
    expect((await runCli(["generate", "--cache-dir", "cache"], dir)).code).toBe(0);
    // A types module as kept by its reference closure: the entry a run reads first.
    const entry = cacheEntries(path.join(dir, "cache")).find((e) => {
      const text = readFileSync(path.join(dir, "cache", e), "utf8");
      return text.includes("export interface") && text.includes('"imports":');
    })!;
    const file = path.join(dir, "cache", entry);
    writeFileSync(file, readFileSync(file, "utf8").replace("export interface", "export interfacE"));
    // Without its output, the run compiles again (else the record of the whole run answers) and meets the damage.
    const expected = readFileSync(path.join(dir, "generated/types/c00.ts"), "utf8");
    rmSync(path.join(dir, "generated"), { recursive: true });
    const again = await runCli(["generate", "--cache-dir", "cache"], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^cache: warning CH011 1 cache entry was damaged; removed and computed afresh$/m);
    expect(again.stdout).toContain("wrote 5 contracts");
    expect(readFileSync(path.join(dir, "generated/types/c00.ts"), "utf8")).toBe(expected);
    // Mended: the next run finds nothing to report.
    expect((await runCli(["generate", "--cache-dir", "cache"], dir)).stdout).not.toContain("CH011");
  });

  it("is node_modules/.cache/charter by default for generate, --no-cache turns it off, and check never touches it", async () => {
    const dir = tempTree({ ...sources(2), "node_modules/.keep": "" });
    const cacheDir = path.join(dir, "node_modules/.cache/charter");
    expect((await runCli(["check"], dir)).code).toBe(1);
    expect((await runCli(["generate", "--no-cache"], dir)).code).toBe(0);
    expect((await runCli(["check"], dir)).code).toBe(0);
    expect(existsSync(cacheDir)).toBe(false);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(cacheEntries(cacheDir).length).toBeGreaterThan(0);
    const elsewhere = path.join(dir, "elsewhere");
    expect((await runCli(["generate", "--cache-dir", "elsewhere", "--jobs", "1"], dir)).stdout).toContain(
      "is up to date",
    );
    expect(cacheEntries(elsewhere).length).toBeGreaterThan(0);
  });

  it("refuses a meaningless --jobs and contradictory cache flags", async () => {
    const dir = tempTree(sources(1));
    for (const args of [
      ["--jobs", "0"],
      ["--jobs", "two"],
      ["--jobs", "1.5"],
      ["--cache-dir", "c", "--no-cache"],
    ]) {
      const result = await runCli(["generate", ...args], dir);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(
        /^charter: (--jobs must be a whole number from 1 to 64|--cache-dir and --no-cache contradict each other)/,
      );
    }
    // A usage error writes nothing: no output tree, no cache.
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    expect(existsSync(path.join(dir, "c"))).toBe(false);
  });
});
