import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { startTasks, type TaskBatch } from "../../src/tasks/run-tasks.js";

// The collector, called by the test: a run that holds every input to its end held a corpus's bundles
// while its last validators compiled, which is when it used the most memory.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

interface Input {
  n: number;
  payload: number[];
}

/** Inputs only the batch holds; the test keeps a weak reference to each. */
function startWithWeakInputs(
  run: (input: Input) => Promise<number>,
  count: number,
): { batch: TaskBatch<number>; weak: WeakRef<Input>[] } {
  const inputs = Array.from({ length: count }, (_, n) => ({ n, payload: new Array<number>(10_000).fill(n) }));
  const weak = inputs.map((input) => new WeakRef(input));
  const definition = { name: "held", module: new URL(import.meta.url), run };
  return { batch: startTasks(definition, inputs, { jobs: 1 }), weak };
}

describe("the inputs of a batch of tasks", () => {
  it("are let go of one by one, as each output is final, while the batch goes on", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedLast!: () => void;
    const atLast = new Promise<void>((resolve) => (reachedLast = resolve));
    const run = async ({ n }: Input) => {
      if (n === 2) {
        reachedLast();
        await gate;
      }
      return n;
    };
    const { batch, weak } = startWithWeakInputs(run, 3);
    const finished = batch.finish();
    await atLast;
    // A weak reference holds its target until the job that made or read it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(weak.map((ref) => ref.deref() !== undefined)).toEqual([false, false, true]);
    release();
    expect(await finished).toEqual([0, 1, 2]);
  });
});
