import { Worker } from "node:worker_threads";
import { batchReceiver, siblingModule, WORKER_HEAP_MB, type TaskThread } from "./run-tasks.js";
import { threadEntry } from "./thread-entry.js";
import type { LongLivedData, TaskBatchRequest, TaskWorkerMessage } from "./task-worker.js";

/** A batch the thread was given, until it posts that batch's end. */
interface Pending {
  name: string;
  receiver: ReturnType<typeof batchReceiver>;
  settle: (failure: Error | undefined) => void;
}

/**
 * A worker thread for one batch of tasks after another, for a process that runs again and again
 * (`watch`): a batch's own workers start only for a dozen tasks or more, as loading ajv costs a
 * worker more than a few compiles, and this one has loaded it once. Started on the first batch;
 * one that dies (at its heap limit, like a batch's worker) fails its batch, whose tasks then run
 * on the caller's thread, and the next batch starts another. Idle, it keeps no process alive.
 */
export function startTaskThread(heapMb = WORKER_HEAP_MB): TaskThread & { close(): Promise<void> } {
  let worker: Worker | undefined;
  let nextBatch = 0;
  const pending = new Map<number, Pending>();
  const start = (): Worker => {
    const started = new Worker(threadEntry(siblingModule(import.meta.url, "task-worker")), {
      workerData: { longLived: true } satisfies LongLivedData,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    let failure: Error | undefined;
    started.on("message", (message: TaskWorkerMessage & { batch: number }) => {
      const batch = pending.get(message.batch);
      if (batch === undefined) return;
      batch.receiver.receive(message);
      if (!batch.receiver.done) return;
      pending.delete(message.batch);
      if (pending.size === 0) started.unref();
      batch.settle(batch.receiver.failure);
    });
    started.on("error", (error) => (failure ??= error));
    started.on("exit", (code) => {
      if (worker === started) worker = undefined;
      for (const [id, batch] of pending) {
        pending.delete(id);
        batch.settle(
          batch.receiver.failure ?? failure ?? new Error(`a worker thread of ${batch.name} exited (code ${code})`),
        );
      }
    });
    started.unref();
    return started;
  };
  return {
    claim(definition, inputs, counter, finished) {
      worker ??= start();
      const thread = worker;
      const batch = nextBatch++;
      return new Promise<void>((resolve, reject) => {
        pending.set(batch, {
          name: definition.name,
          receiver: batchReceiver(definition.name, finished),
          settle: (failure) => (failure ? reject(failure) : resolve()),
        });
        thread.ref();
        thread.postMessage({
          batch,
          module: definition.module.href,
          name: definition.name,
          inputs,
          next: counter.buffer as SharedArrayBuffer,
        } satisfies TaskBatchRequest);
      });
    },
    close: async () => {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}
