import { existsSync, writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";

/**
 * A task for run-tasks' tests: on a worker thread, it leaves `marker` and
 * then holds `mb` MB (past a small heap limit, the worker dies); on the main
 * thread, it waits until a worker has claimed a task (10 s at most), then
 * `mainMs` more.
 */
export async function holdOnWorker({
  mb,
  marker,
  mainMs = 0,
}: {
  mb: number;
  marker: string;
  mainMs?: number;
}): Promise<{ on: string }> {
  if (isMainThread) {
    for (let waited = 0; !existsSync(marker) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, mainMs));
    return { on: "main" };
  }
  writeFileSync(marker, "claimed");
  const held: number[][] = [];
  // 131,072 small integers are 1 MB.
  for (let i = 0; i < mb; i++) held.push(new Array<number>(131_072).fill(i));
  return { on: `worker, ${held.length} MB` };
}
