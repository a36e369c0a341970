/**
 * A child process of the benchmark: runs json-schema-to-typescript over one
 * schema, or type-checks one module of literals, per message. Work that can
 * spin for minutes runs here so that the parent can kill it on a timeout;
 * the process is reused (the TypeScript library files stay parsed).
 *
 * Protocol (IPC): receives `{ id, job }`, replies `{ id, reply }`.
 */
import { runJson2ts, type Json2tsJob } from "./json2ts.js";
import { checkLiterals } from "./tsc-check.js";

export type WorkerJob = ({ kind: "json2ts" } & Json2tsJob) | { kind: "check"; file: string; count: number };

// The generator prints its validation errors; nobody reads this process's console.
console.log = console.warn = console.info = console.error = () => {};

process.on("message", (message: { id: number; job: WorkerJob }) => {
  void (async () => {
    const { id, job } = message;
    try {
      const reply = job.kind === "json2ts" ? await runJson2ts(job) : checkLiterals(job.file, job.count);
      process.send!({ id, reply });
    } catch (error) {
      process.send!({
        id,
        reply: {
          ok: false,
          error: `${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error).slice(0, 300)}`,
          ms: 0,
        },
      });
    }
  })();
});
