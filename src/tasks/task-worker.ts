import { parentPort, workerData } from "node:worker_threads";

/**
 * One batch of a task: every input as JSON text (a third of the memory of the
 * objects, and each is parsed only when claimed and dropped once done), and
 * the counter all threads claim inputs from.
 */
export interface TaskWorkerData {
  module: string;
  name: string;
  inputs: (string | undefined)[];
  next: SharedArrayBuffer;
}

/** What a long-lived thread (src/tasks/task-thread.ts) is started with: it then waits for batches, each numbered. */
export interface LongLivedData {
  longLived: true;
}

export type TaskBatchRequest = TaskWorkerData & { batch: number };

export type TaskWorkerMessage = { index: number; output: unknown } | { index: number; error: string } | { done: true };

/** Claims the batch's next input, computes it, posts the output; returns when none is left. */
async function runBatch({ module, name, inputs, next }: TaskWorkerData, post: (m: TaskWorkerMessage) => void) {
  const run = (await import(module))[name] as (input: unknown) => unknown;
  const counter = new Int32Array(next);
  for (let index = Atomics.add(counter, 0, 1); index < inputs.length; index = Atomics.add(counter, 0, 1)) {
    try {
      const input = JSON.parse(inputs[index]!) as unknown;
      inputs[index] = undefined;
      post({ index, output: await run(input) });
    } catch (error) {
      post({ index, error: (error as Error).stack ?? String(error) });
    }
  }
  post({ done: true });
}

// A batch worker's whole life is its batch; a long-lived one takes batches in order until it is terminated.
const data = workerData as TaskWorkerData | LongLivedData;
if ("longLived" in data) {
  let queue = Promise.resolve();
  parentPort!.on("message", (request: TaskBatchRequest) => {
    const post = (m: TaskWorkerMessage) => parentPort!.postMessage({ ...m, batch: request.batch });
    // A batch whose task cannot even load fails alone: the thread waits for the next.
    queue = queue.then(() =>
      runBatch(request, post).catch((error: unknown) => {
        post({ index: -1, error: (error as Error).stack ?? String(error) });
        post({ done: true });
      }),
    );
  });
} else await runBatch(data, (m) => parentPort!.postMessage(m));
