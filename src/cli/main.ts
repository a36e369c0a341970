#!/usr/bin/env node
import { setV8Flags } from "./v8-flags.js";
import { wantsColour } from "./progress.js";
import { EXIT_INTERNAL } from "./io.js";
import { internalErrorText, run } from "./run.js";

// The only place that touches the real process: everything below returns values.
// A reader that stops early (`charter check | head`) is not an error of ours.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}
setV8Flags(process.execArgv);
try {
  process.exitCode = await run(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: async (limit) => {
      const chunks: Buffer[] = [];
      let read = 0;
      // An endless stream (`< /dev/zero`) is cut just past the limit: the caller refuses what is longer.
      for await (const chunk of process.stdin) {
        chunks.push(chunk as Buffer);
        read += (chunk as Buffer).length;
        if (read > limit) return undefined;
      }
      return Buffer.concat(chunks);
    },
    progress: process.stderr.isTTY === true,
    colour: {
      stdout: wantsColour(process.stdout.isTTY, process.env),
      stderr: wantsColour(process.stderr.isTTY, process.env),
    },
    interrupted: () =>
      new Promise((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      }),
  });
} catch (error) {
  // `run` reports its own defects; this is for one in setting it up.
  process.stderr.write(internalErrorText(error));
  process.exitCode = EXIT_INTERNAL;
}
// Once what was written has reached the streams, the process ends here rather than when its event
// loop drains: that way Node tears down no heap and no worker thread first (25 ms after an edit's
// run, where the types' thread holds TypeScript).
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write("", done))));
process.exit();
