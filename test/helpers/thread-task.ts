import { existsSync, writeFileSync } from "node:fs";
import { isMainThread, threadId } from "node:worker_threads";

/** Calls of `countOnThread` in this thread since its module was loaded: a thread kept between batches keeps counting. */
let calls = 0;

/**
 * A task for the long-lived thread's tests: on a worker thread, it leaves `marker` and answers
 * with the thread's id and its count of calls (or, asked to, ends the thread, or holds `mb` MB
 * past a small heap limit); on the main thread it waits until a worker has claimed a task (10 s
 * at most), so that a batch of one task goes to the worker whenever the worker can take it.
 */
export async function countOnThread({
  marker,
  exit = false,
  mb = 0,
}: {
  marker: string;
  exit?: boolean;
  mb?: number;
}): Promise<{ on: string; calls?: number }> {
  if (isMainThread) {
    for (let waited = 0; !existsSync(marker) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { on: "main" };
  }
  writeFileSync(marker, "claimed");
  if (exit) process.exit(3);
  const held: number[][] = [];
  for (let i = 0; i < mb; i++) held.push(new Array<number>(131_072).fill(i));
  return { on: `thread ${threadId}`, calls: ++calls };
}
