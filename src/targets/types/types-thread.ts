import { Worker } from "node:worker_threads";
import { defaultJobs, siblingModule } from "../../tasks/run-tasks.js";
import { threadEntry } from "../../tasks/thread-entry.js";
import { checkHere, type BatchChecker } from "./check-types.js";
import type { TypesModuleResult, TypesModuleTask } from "./generate-module.js";
import type { TypesAsk, TypesReply, TypesRequest, TypesThreadData } from "./types-thread-messages.js";

/** Where the types are made: each module, each type-check batch, the barrel's formatting. */
export interface TypesWork {
  /** Another thread, which takes the modules asked of it in order: they are asked all at once. */
  elsewhere: boolean;
  generate(task: TypesModuleTask): Promise<TypesModuleResult>;
  check: BatchChecker;
  format(text: string): Promise<string>;
}

/** The types made in this thread, each library loaded on first use. */
export const typesHere: TypesWork = {
  elsewhere: false,
  generate: async (task) => (await import("./generate-module.js")).generateTypesModule(task),
  check: checkHere,
  format: async (text) => (await import("./templates.js")).formatTypeScript(text),
};

/**
 * Up to this many contracts to make, the types are made on their thread; with more, on the main
 * thread as in a full run (decision 004, item 2). On the bench's project, with 20 sources edited
 * the thread saved 0.3–0.5 s of 5.2 s; with 40 it saved nothing; with 60 it cost up to a fifth,
 * its thread, the validators' worker and the main thread sharing two cores.
 */
export const TYPES_THREAD_CONTRACTS = 32;

/**
 * Where a run's types are made, given the thread it was started with and how many contracts it
 * makes: on that thread (with `then` told once the first module is asked for, so that this
 * thread's own work goes on meanwhile), or, past `TYPES_THREAD_CONTRACTS`, on this thread, the
 * other closed at once so that it takes no more of the cores.
 */
export function threadForTypes(
  thread: TypesThread | undefined,
  contracts: number,
  then: () => void,
): TypesWork | undefined {
  if (thread === undefined) return undefined;
  if (contracts <= TYPES_THREAD_CONTRACTS) return afterFirstModule(thread, then);
  void thread.close();
  return undefined;
}

/**
 * `work`, which calls `then` (once, on the next turn of the event loop) after the first module
 * is asked for: this thread's own work goes on then, while the other makes the module.
 */
function afterFirstModule(work: TypesWork, then: () => void): TypesWork {
  let told = false;
  return {
    ...work,
    generate: (task) => {
      const reply = work.generate(task);
      if (!told) setImmediate(then);
      told = true;
      return reply;
    },
  };
}

/** A thread of its own for the types, started before they are needed; `close` ends it. */
export interface TypesThread extends TypesWork {
  close(): Promise<void>;
}

/**
 * The main thread's stack, which a worker gets too: a module TypeScript's checker cannot check
 * without running out of it is reported as such (CH6xx), the same on either thread.
 */
const MAIN_STACK_MB = 984 / 1024;

/**
 * Starts the types' thread, unless `jobs` (threads at most, this one included) leaves no room
 * for it: TypeScript, the generator and prettier (about a second of loading) load there while
 * the caller loads, resolves and checks the sources. Requests made before it is ready wait for
 * it. A thread that fails (it could not start, or died) leaves its requests, and every later
 * one, to this thread: the same functions, so the same output.
 */
export function startTypesThread(
  jobs = defaultJobs(),
  /** A folder for V8's compiled code of TypeScript (src/tasks/code-cache.ts); none: compiled afresh. */
  codeCache?: string,
): TypesThread | undefined {
  if (jobs < 2) return undefined;
  const pending = new Map<number, { request: TypesRequest; settle: (reply: TypesReply) => void }>();
  let next = 0;
  let failed = false;
  // Answered here one at a time, in the order asked, as the thread would have.
  let here: Promise<unknown> = Promise.resolve();
  const answerInOrder = (request: TypesRequest) => {
    const reply = here.then(() => answerHere(request));
    here = reply;
    return reply;
  };
  const worker = new Worker(threadEntry(siblingModule(import.meta.url, "types-thread-worker")), {
    resourceLimits: { stackSizeMb: MAIN_STACK_MB },
    workerData: (codeCache !== undefined ? { codeCache } : {}) satisfies TypesThreadData,
  });
  const fail = () => {
    if (failed) return;
    failed = true;
    for (const [id, { request, settle }] of pending) {
      pending.delete(id);
      void answerInOrder(request).then(settle);
    }
  };
  worker.on("message", (reply: TypesReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    // An idle thread does not keep the process alive; one that owes a reply does.
    if (pending.size === 0) worker.unref();
    waiting?.settle(reply);
  });
  worker.on("error", fail);
  worker.on("exit", fail);
  worker.unref();
  const ask = async (request: TypesAsk): Promise<unknown> => {
    const full: TypesRequest = { ...request, id: next++ };
    const reply = failed
      ? await answerInOrder(full)
      : await new Promise<TypesReply>((settle) => {
          pending.set(full.id, { request: full, settle });
          worker.ref();
          worker.postMessage(full);
        });
    if ("error" in reply) throw new Error(`the types' thread failed: ${reply.error}`);
    return reply.output;
  };
  return {
    elsewhere: true,
    generate: async (task) => (await ask({ op: "generate", task })) as TypesModuleResult,
    check: async (batch) => (await ask({ op: "check", batch })) as Awaited<ReturnType<BatchChecker>>,
    format: async (text) => (await ask({ op: "format", text })) as string,
    close: async () => {
      failed = true;
      // Nothing waits for ever on a thread that was closed under it.
      for (const [id, { settle }] of pending) settle({ id, error: "it was closed" });
      pending.clear();
      await worker.terminate();
    },
  };
}

/** A request answered in this thread, as the types' thread would have. */
async function answerHere(request: TypesRequest): Promise<TypesReply> {
  try {
    switch (request.op) {
      case "generate":
        return { id: request.id, output: await typesHere.generate(request.task) };
      case "check":
        return { id: request.id, output: await typesHere.check(request.batch) };
      case "format":
        return { id: request.id, output: await typesHere.format(request.text) };
    }
  } catch (error) {
    return { id: request.id, error: (error as Error).stack ?? String(error) };
  }
}
