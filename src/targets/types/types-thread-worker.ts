import { parentPort, workerData } from "node:worker_threads";
import { keepCompiledCode, takeCompiledCodeFrom } from "../../tasks/compiled-code.js";
import { typescript } from "../../repairs/support/typescript-lazy.js";
import type { TypesRequest, TypesReply, TypesThreadData } from "./types-thread-messages.js";

// The types' thread: TypeScript, the generator and prettier load here while the run's first
// stages go on in the main thread; then it makes what it is asked for, one request at a time.
const { codeCache } = workerData as TypesThreadData;
takeCompiledCodeFrom(codeCache);
// Loaded now, while the main thread loads the compiler and reads the sources.
typescript();
const [{ generateTypesModule }, { checkBatch, prepareProgram }, { formatTypeScript }, { warmGenerator }] =
  await Promise.all([
    import("./generate-module.js"),
    import("./check-program.js"),
    import("./templates.js"),
    import("./run-generator.js"),
  ]);

async function answer(request: TypesRequest): Promise<unknown> {
  switch (request.op) {
    case "generate":
      return await generateTypesModule(request.task);
    case "check":
      return checkBatch(request.batch);
    case "format":
      return await formatTypeScript(request.text);
  }
}

// What the first module would do anyway, done before it arrives: the standard library's
// declarations parsed and bound, prettier's TypeScript parser and the generator loaded.
prepareProgram();
await formatTypeScript("export type Warm = string;\n");
await warmGenerator();
// With the code compiled for that, which the next run's thread will run again.
keepCompiledCode();

// One request at a time, in the order they came: the main thread may send every module at once.
let queue: Promise<void> = Promise.resolve();
parentPort!.on("message", (request: TypesRequest) => {
  queue = queue.then(() => reply(request));
});

function reply(request: TypesRequest): Promise<void> {
  return answer(request).then(
    (output) => parentPort!.postMessage({ id: request.id, output } satisfies TypesReply),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: (error as Error).stack ?? String(error) } satisfies TypesReply),
  );
}
