import type { CheckBatch } from "./check-program.js";
import type { TypesModuleTask } from "./generate-module.js";

/** What the types' thread (types-thread-worker.ts) is asked and answers, and what it is started with. */
export type TypesAsk =
  { op: "generate"; task: TypesModuleTask } | { op: "check"; batch: CheckBatch } | { op: "format"; text: string };

export type TypesRequest = TypesAsk & { id: number };

export type TypesReply = { id: number; output: unknown } | { id: number; error: string };

/** What the thread is started with: where V8's code cache for TypeScript is kept, if anywhere. */
export interface TypesThreadData {
  codeCache?: string;
}
