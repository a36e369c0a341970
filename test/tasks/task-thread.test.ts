import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startTasks, type TaskDefinition } from "../../src/tasks/run-tasks.js";
import { startTaskThread } from "../../src/tasks/task-thread.js";
import { countOnThread } from "../helpers/thread-task.js";
import { tempTree } from "../helpers/temp-tree.js";

type Input = Parameters<typeof countOnThread>[0];
type Output = Awaited<ReturnType<typeof countOnThread>>;

const COUNT: TaskDefinition<Input, Output> = {
  name: "countOnThread",
  module: new URL("../helpers/thread-task.ts", import.meta.url),
  run: countOnThread,
};

const threads: ReturnType<typeof startTaskThread>[] = [];
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close();
});

function longLived(heapMb?: number) {
  const thread = startTaskThread(heapMb);
  threads.push(thread);
  return thread;
}

/**
 * One batch of `inputs` with the thread, finished (this thread lending itself to the batch) once
 * the thread has claimed a task, as a run's other work gives it time to; each batch's marker is its own.
 */
async function batch(thread: ReturnType<typeof startTaskThread>, inputs: Omit<Input, "marker">[], jobs = 2) {
  // With one thread no worker claims: this thread, finding the marker, does not wait for one.
  const marker = path.join(tempTree(jobs > 1 ? {} : { claimed: "" }), "claimed");
  const started = startTasks(
    COUNT,
    inputs.map((input) => ({ ...input, marker })),
    { jobs, longLived: thread },
  );
  if (jobs > 1) for (let waited = 0; !existsSync(marker) && waited < 10_000; waited += 10) await pause(10);
  return await started.finish();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a long-lived task thread", () => {
  it("takes a batch of one task, below the count that starts a batch's own workers, and keeps its module loaded for the next", async () => {
    const thread = longLived();
    const [first] = await batch(thread, [{}]);
    const [second] = await batch(thread, [{}]);
    expect(first!.on).toMatch(/^thread \d+$/);
    // The same thread, its module not loaded again: the count goes on.
    expect(second).toEqual({ on: first!.on, calls: 2 });
  });

  it("is not used where the run may use one thread only", async () => {
    const outputs = await batch(longLived(), [{}], 1);
    expect(outputs).toEqual([{ on: "main" }]);
  });

  it("that ends under a batch fails that batch, and the next batch starts another", async () => {
    const thread = longLived();
    await expect(batch(thread, [{ exit: true }])).rejects.toThrow(/exited/);
    const [after] = await batch(thread, [{}]);
    expect(after).toEqual({ on: expect.stringMatching(/^thread \d+$/), calls: 1 });
  });

  it("that dies at its heap limit leaves the task to this thread, without failing the batch", async () => {
    const thread = longLived(32);
    expect(await batch(thread, [{ mb: 256 }])).toEqual([{ on: "main" }]);
    const [after] = await batch(thread, [{}]);
    expect(after!.on).toMatch(/^thread \d+$/);
  });

  it("fails the batch whose task cannot be loaded, and takes the next", async () => {
    const thread = longLived();
    const missing = {
      ...COUNT,
      module: new URL("../helpers/no-such-task.ts", import.meta.url),
      run: () => ({ on: "main" }),
    };
    const marker = path.join(tempTree({}), "claimed");
    await expect(startTasks(missing, [{ marker }], { jobs: 2, longLived: thread }).finish()).rejects.toThrow(
      /countOnThread failed on a worker thread/,
    );
    expect((await batch(thread, [{}]))[0]!.on).toMatch(/^thread \d+$/);
  });

  it("keeps no process alive once its batches are done", () => {
    const built = (file: string) => JSON.stringify(pathToFileURL(path.resolve("dist/tasks", file)).href);
    const script = [
      `const { startTasks } = await import(${built("run-tasks.js")});`,
      `const { startTaskThread } = await import(${built("task-thread.js")});`,
      `const task = { name: "twice", module: new URL("data:text/javascript,export const twice = (n) => n * 2"), run: (n) => -n };`,
      `const batch = startTasks(task, [21], { jobs: 2, longLived: startTaskThread() });`,
      // Time for the thread to start and claim the task, as a run's other work gives it.
      `await new Promise((resolve) => setTimeout(resolve, 3000));`,
      `const outputs = await batch.finish();`,
      `console.log(JSON.stringify(outputs));`,
    ].join("\n");
    const file = path.join(tempTree({ "idle.mjs": script }), "idle.mjs");
    const run = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 20_000 });
    expect(run.error).toBeUndefined();
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe("[42]");
    expect(run.status).toBe(0);
  });
});
