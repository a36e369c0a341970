import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { TaskStore } from "./task-store.js";
import { threadEntry } from "./thread-entry.js";
import type { TaskWorkerData, TaskWorkerMessage } from "./task-worker.js";

/**
 * A pure function of plain data, run per contract: `module` exports it under
 * `name` so that a worker thread can load it; `run` is the same function for
 * running in this thread.
 */
export interface TaskDefinition<I, O> {
  name: string;
  /** What the task makes, for a person (`types`): the progress display while a task runs again. */
  label?: string;
  module: URL;
  run: (input: I) => O | Promise<O>;
  /**
   * Whether an output says the task ran out of call stack (a recursive library
   * meeting a very long `$ref` chain or a very wide object): such a task runs
   * again, alone, on a thread with a stack of `LARGE_STACK_MB`.
   */
  overflowed?: (output: O) => boolean;
}

/** The stack of the thread that reruns a task that overflowed a normal one (a thread's default is about 1 MB). */
export const LARGE_STACK_MB = 512;

export interface TaskSettings {
  /** Threads at most, this one included (1: everything in this thread). */
  jobs: number;
  /** Where results of earlier runs are found and this run's are kept; none for a truly fresh run. */
  cache?: TaskStore | undefined;
  /** Told when a task runs again on a large stack, which can take minutes (a terminal's progress display). */
  onProgress?: ((stage: string) => void) | undefined;
  /** Each worker thread's old-generation heap, in MB (default `WORKER_HEAP_MB`). */
  workerHeapMb?: number;
  /**
   * `run` hands its input to another thread that takes them in order (the types' thread): this
   * thread hands it every input at once rather than waiting for each output, so that the other
   * never waits for this one to come back from other work between two tasks.
   */
  handsOff?: boolean;
  /**
   * A worker thread that outlives the run (`watch`'s), its task's libraries loaded by the runs
   * before: it takes tasks however few are missing, in place of one of the batch's own workers.
   */
  longLived?: TaskThread;
}

/** A worker thread that takes one batch after another (src/tasks/task-thread.ts). */
export interface TaskThread {
  /** Claims the batch's inputs from `counter` as a batch's own worker does; settles when it has claimed the last one. */
  claim(
    definition: Pick<TaskDefinition<never, unknown>, "name" | "module">,
    inputs: string[],
    counter: Int32Array,
    finished: (at: number | undefined, output?: unknown) => void,
  ): Promise<void>;
}

/**
 * A worker thread's old-generation heap, in MB. Bounded, the collector keeps it
 * near what its tasks hold (on the corpus, at most 140 MB for the validators):
 * unbounded, V8 let it grow to 580 MB. A task that needs more (the worker dies
 * out of memory) runs again on this thread, which has no such bound.
 */
export const WORKER_HEAP_MB = 384;

/** A module beside `from` (its `import.meta.url`), with the extension charter runs from: `.ts` from source, `.js` built. */
export function siblingModule(from: string, basename: string): URL {
  return new URL(`./${basename}${from.endsWith(".ts") ? ".ts" : ".js"}`, from);
}

/**
 * Below this many tasks left to compute, starting a worker (it loads ajv or
 * TypeScript afresh, one to two seconds) costs more than the thread saves.
 */
export const MIN_TASKS_FOR_WORKERS = 12;

/** How many times a worker thread that died at its heap limit is replaced. */
export const WORKER_RESPAWNS = 2;

export function defaultJobs(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** Tasks under way on worker threads; `finish` lends them this thread too and returns every output in input order. */
export interface TaskBatch<O> {
  finish(): Promise<O[]>;
  /** How many tasks worker threads have finished, failed ones included (final once `finish` has returned): for reports. */
  readonly onWorkerThreads: number;
}

/**
 * Starts `definition` on each input: the outputs the cache holds are read,
 * the rest are computed and added to the cache. With enough of them and
 * `jobs` above 1, `jobs - 1` worker threads start at once, while this thread
 * goes on with other work; `finish` then has this thread claim inputs from
 * the same counter until none is left. Inputs must survive JSON (a worker
 * gets them as text; `undefined` members are dropped), outputs structured
 * cloning and JSON; the order of the outputs never depends on
 * which thread computed what.
 */
export function startTasks<I, O, K = O>(
  definition: TaskDefinition<I, O>,
  inputs: readonly I[],
  settings: TaskSettings,
  /**
   * What the batch keeps of each final output (read from the cache, computed,
   * or computed again on a large stack), told as soon as that output is there:
   * a caller that writes an output away keeps a lighter one, so that a whole
   * corpus's outputs are never in memory at once. By default, the output.
   */
  keep: (index: number, output: O) => K = (_, output) => output as unknown as K,
): TaskBatch<K> {
  const { cache } = settings;
  // Each input is let go once its output is final (a rerun needs it until then): a corpus's are its bundles.
  const held: (I | undefined)[] = [...inputs];
  // Each input is serialized once, for its cache key and for a worker, and only if one needs it.
  const texts: (string | undefined)[] = [];
  const textOf = (index: number) => (texts[index] ??= JSON.stringify(held[index]));
  const keys = cache ? inputs.map((_, index) => cache.keyOfText(definition.name, textOf(index))) : [];
  const outputs: (K | undefined)[] = held.map(() => undefined);
  // An overflow is this thread's limit, not the task's result: the task runs again before its output is final.
  const overflowed = new Set<number>();
  const settled = new Set<number>();
  const writes: Promise<void>[] = [];
  let onWorkerThreads = 0;
  const final = (index: number, output: O) => {
    outputs[index] = keep(index, output);
    settled.add(index);
    held[index] = undefined;
  };
  const store = (index: number, output: O, last = false) => {
    if (definition.overflowed?.(output) && !last) overflowed.add(index);
    else {
      if (cache && !definition.overflowed?.(output)) writes.push(cache.write(keys[index]!, output));
      final(index, output);
    }
  };
  const started = (async () => {
    if (cache)
      (await Promise.all(keys.map((key) => cache.read<O>(key)))).forEach(
        (output, index) => output !== undefined && final(index, output),
      );
    const missing = outputs.flatMap((output, index) => (output === undefined ? [index] : []));
    const counter = new Int32Array(new SharedArrayBuffer(4));
    const onWorker = (at: number | undefined, output: unknown) => {
      onWorkerThreads++;
      if (at !== undefined) store(missing[at]!, output as O);
    };
    const workers = startClaimers(definition, settings, missing, counter, textOf, onWorker, () => (texts.length = 0));
    // Each worker holds its own copy now; a rerun makes its text again (a corpus's inputs are about 40 MB).
    texts.length = 0;
    return { missing, counter, workers };
  })();
  // A worker's failure is reported by `finish`, not as an unhandled rejection meanwhile.
  started.then(
    ({ workers }) => {
      for (const worker of workers) void worker.catch(() => undefined);
    },
    () => undefined,
  );
  return {
    async finish() {
      const { missing, counter, workers } = await started;
      const runHere = async (index: number) => {
        store(index, await definition.run(held[index]!));
        // Between two tasks, what the workers posted is taken in (and, with `keep`, written away) rather than queued.
        await new Promise((resolve) => setImmediate(resolve));
      };
      const claimed: number[] = [];
      for (let at = Atomics.add(counter, 0, 1); at < missing.length; at = Atomics.add(counter, 0, 1))
        if (settings.handsOff) claimed.push(missing[at]!);
        else await runHere(missing[at]!);
      await Promise.all(claimed.map(async (index) => store(index, await definition.run(held[index]!))));
      throwFailure(await Promise.allSettled(workers));
      // What a worker claimed and lost with its heap runs here, unbounded.
      for (const index of missing) if (!settled.has(index) && !overflowed.has(index)) await runHere(index);
      // What overflowed a normal stack gets one more try on a large one, one task at a time (each may need all of it).
      for (const index of [...overflowed].sort((a, b) => a - b))
        await onLargeStack(definition, textOf(index), settings, (rerun) => store(index, rerun, true));
      await Promise.all(writes);
      return outputs as K[];
    },
    get onWorkerThreads() {
      return onWorkerThreads;
    },
  };
}

/**
 * The threads that claim `missing` beside this one: a batch's own workers, with enough tasks for
 * them, and the long-lived thread whenever one is given and anything is missing. Sorts `missing`,
 * largest first, when any of them claims.
 */
function startClaimers(
  definition: Pick<TaskDefinition<never, unknown>, "name" | "module">,
  settings: TaskSettings,
  missing: number[],
  counter: Int32Array,
  textOf: (index: number) => string,
  onWorker: (at: number | undefined, output: unknown) => void,
  /** Told after each worker has its copy of the inputs' texts. */
  started: () => void,
): Promise<void>[] {
  const threads = Math.min(settings.jobs - 1, Math.floor(missing.length / MIN_TASKS_FOR_WORKERS));
  // Loaded already, a long-lived thread is worth even one task: it stands for one of the workers.
  const longLived = settings.jobs > 1 && missing.length > 0 ? settings.longLived : undefined;
  // Largest first (by the size of the input): the threads then end on small tasks, together,
  // rather than one of them alone on a large one claimed last.
  if (threads > 0 || longLived) missing.sort((a, b) => textOf(b).length - textOf(a).length || a - b);
  const limits = { maxOldGenerationSizeMb: settings.workerHeapMb ?? WORKER_HEAP_MB };
  const workers = Array.from({ length: Math.max(0, longLived ? threads - 1 : threads) }, () =>
    replacedOnHeapLimit(
      () => startWorker(definition, unclaimed(missing, counter, textOf), counter, onWorker, limits),
      () => Atomics.load(counter, 0) < missing.length,
      started,
    ),
  );
  if (longLived) workers.push(longLived.claim(definition, unclaimed(missing, counter, textOf), counter, onWorker));
  return workers;
}

/** Each input's text for a worker, but the tasks already claimed, which are never claimed again. */
function unclaimed(missing: readonly number[], counter: Int32Array, textOf: (index: number) => string): string[] {
  const claimed = Atomics.load(counter, 0);
  return missing.map((index, at) => (at < claimed ? "" : textOf(index)));
}

/**
 * A worker that died at its heap limit is replaced (WORKER_RESPAWNS times at most) while tasks
 * are left, so that one large task, claimed early since the largest go first, does not leave the
 * rest to this thread alone. `started` is told after each start (the inputs' texts can go).
 */
function replacedOnHeapLimit(
  start: () => Promise<void>,
  tasksLeft: () => boolean,
  started: () => void,
  respawns = WORKER_RESPAWNS,
): Promise<void> {
  return start().catch((error: unknown) => {
    if (respawns === 0 || !outOfMemory(error) || !tasksLeft()) throw error;
    const next = replacedOnHeapLimit(start, tasksLeft, started, respawns - 1);
    started();
    return next;
  });
}

/** One task once more, on a worker thread of its own with a large stack. */
function onLargeStack<O>(
  definition: TaskDefinition<never, O>,
  input: string,
  settings: TaskSettings,
  done: (output: O) => void,
): Promise<void> {
  settings.onProgress?.(
    `${definition.label ?? definition.name} of a very large contract, again on a ${LARGE_STACK_MB} MB stack (this can take minutes)`,
  );
  const again = new Int32Array(new SharedArrayBuffer(4));
  // The one task may need all the memory there is.
  return startWorker(definition, [input], again, (at, rerun) => at !== undefined && done(rerun as O), {
    stackSizeMb: LARGE_STACK_MB,
  });
}

export function runTasks<I, O>(
  definition: TaskDefinition<I, O>,
  inputs: readonly I[],
  settings: TaskSettings,
): Promise<O[]> {
  return startTasks(definition, inputs, settings).finish();
}

/** One worker thread claiming inputs from `counter`; settles once it has claimed the last one and posted every output, before it exits. */
function startWorker(
  definition: Pick<TaskDefinition<never, unknown>, "name" | "module">,
  inputs: string[],
  counter: Int32Array,
  finished: (at: number | undefined, output?: unknown) => void,
  resourceLimits: { stackSizeMb: number } | { maxOldGenerationSizeMb: number },
): Promise<void> {
  const data: TaskWorkerData = {
    module: definition.module.href,
    name: definition.name,
    inputs,
    next: counter.buffer as SharedArrayBuffer,
  };
  const worker = new Worker(threadEntry(siblingModule(import.meta.url, "task-worker")), {
    workerData: data,
    resourceLimits,
  });
  return new Promise<void>((resolve, reject) => {
    const batch = batchReceiver(definition.name, finished);
    worker.on("message", (message: TaskWorkerMessage) => {
      batch.receive(message);
      if (!batch.done) return;
      // Every output is in: the run goes on while the thread's heap is torn down (a corpus's takes a few hundred ms).
      void worker.terminate();
      if (!batch.failure) resolve();
    });
    worker.on("error", (error) => (batch.failure ??= error));
    worker.on("exit", (code) =>
      batch.failure || !batch.done
        ? reject(
            batch.failure ?? new Error(`a worker thread of ${definition.name} exited (code ${code}) before finishing`),
          )
        : resolve(),
    );
  });
}

/**
 * What a worker thread's messages about one batch say, as they come: each output (or failed
 * task) told to `finished`, the batch's first failure, and whether the worker has claimed its last.
 */
export function batchReceiver(
  name: string,
  finished: (at: number | undefined, output?: unknown) => void,
): { receive(message: TaskWorkerMessage): void; failure: Error | undefined; done: boolean } {
  const batch = {
    failure: undefined as Error | undefined,
    done: false,
    receive(message: TaskWorkerMessage) {
      if ("done" in message) batch.done = true;
      else if ("error" in message) {
        batch.failure ??= new Error(`${name} failed on a worker thread: ${message.error}`);
        finished(undefined);
      } else finished(message.index, message.output);
    },
  };
  return batch;
}

/**
 * A worker thread's failure fails the run, unless it died at its heap limit: its task is not
 * wrong, it needs an unbounded heap, and runs again on this thread.
 */
function throwFailure(ends: readonly PromiseSettledResult<void>[]): void {
  const failure = ends.find(
    (end): end is PromiseRejectedResult => end.status === "rejected" && !outOfMemory(end.reason),
  );
  if (failure) throw failure.reason;
}

function outOfMemory(reason: unknown): boolean {
  return (reason as { code?: unknown } | undefined)?.code === "ERR_WORKER_OUT_OF_MEMORY";
}
