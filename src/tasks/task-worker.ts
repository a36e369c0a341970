import { parentPort, workerData } from "node:worker_threads";

/**
 * What a worker thread is given: the task, every input as JSON text (a
 * third of the memory of the objects, and each is parsed only when claimed
 * and dropped once done), and the counter all threads claim inputs from.
 */
export interface TaskWorkerData {
  module: string;
  name: string;
  inputs: (string | undefined)[];
  next: SharedArrayBuffer;
}

export type TaskWorkerMessage = { index: number; output: unknown } | { index: number; error: string } | { done: true };

// A worker thread's whole life: claim the next input, compute it, post the output; stop when none is left.
const { module, name, inputs, next } = workerData as TaskWorkerData;
const run = (await import(module))[name] as (input: unknown) => unknown;
const counter = new Int32Array(next);
for (let index = Atomics.add(counter, 0, 1); index < inputs.length; index = Atomics.add(counter, 0, 1)) {
  try {
    const input = JSON.parse(inputs[index]!) as unknown;
    inputs[index] = undefined;
    parentPort!.postMessage({ index, output: await run(input) } satisfies TaskWorkerMessage);
  } catch (error) {
    parentPort!.postMessage({ index, error: (error as Error).stack ?? String(error) } satisfies TaskWorkerMessage);
  }
}
parentPort!.postMessage({ done: true } satisfies TaskWorkerMessage);
