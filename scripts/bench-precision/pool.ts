/**
 * A pool of worker processes (worker.ts) with a timeout per job: a job that
 * overruns or kills its process gets a failure reply and the process is
 * replaced. Jobs are taken in order by whichever worker is free.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { WorkerJob } from "./worker.js";

const WORKER = fileURLToPath(new URL("./worker.ts", import.meta.url));
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export type Failure = { ok: false; error: string; ms: number };

function start(): ChildProcess {
  return spawn(process.execPath, ["--max-old-space-size=4096", "--stack-size=4000", "--import", "tsx", WORKER], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
}

let nextId = 0;

function runOne<R>(slot: { child: ChildProcess }, job: WorkerJob, timeoutMs: number): Promise<R | Failure> {
  return new Promise((resolve) => {
    const child = slot.child;
    const id = nextId++;
    const started = performance.now();
    let settled = false;
    const finish = (reply: R | Failure, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (replace) {
        if (child.exitCode === null) child.kill("SIGKILL");
        slot.child = start();
      }
      resolve(reply);
    };
    const onMessage = (message: { id: number; reply: R }) => {
      if (message.id === id) finish(message.reply, false);
    };
    const onExit = (code: number | null, signal: string | null) =>
      finish(
        {
          ok: false,
          error: `worker died (${signal ?? `exit ${code}`}), e.g. out of memory`,
          ms: performance.now() - started,
        },
        true,
      );
    const timer = setTimeout(
      () => finish({ ok: false, error: `timed out after ${timeoutMs / 1000} s`, ms: timeoutMs }, true),
      timeoutMs,
    );
    child.on("message", onMessage);
    child.on("exit", onExit);
    child.send({ id, job });
  });
}

/** Runs every job; replies in the order of `jobs`. */
export async function runPool<R>(
  jobs: readonly WorkerJob[],
  workers: number,
  timeoutMs: number,
  onDone?: (done: number) => void,
): Promise<(R | Failure)[]> {
  const replies: (R | Failure)[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const slots = Array.from({ length: Math.max(1, Math.min(workers, jobs.length)) }, () => ({ child: start() }));
  await Promise.all(
    slots.map(async (slot) => {
      for (let i = next++; i < jobs.length; i = next++) {
        replies[i] = await runOne<R>(slot, jobs[i]!, timeoutMs);
        onDone?.(++done);
      }
      slot.child.kill();
    }),
  );
  return replies;
}
