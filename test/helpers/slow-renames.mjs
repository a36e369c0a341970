// Preloaded into a CLI process by the stress test: each rename of the file system waits first, so
// that swapping the output tree in (two renames, under the output lock) takes long enough for a
// second run to arrive while it is under way. The test then knows that the runs met at writing.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const delayMs = Number(process.env["CHARTER_TEST_RENAME_DELAY_MS"] ?? 400);
const rename = fs.promises.rename;
fs.promises.rename = async (...args) => {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  return rename(...args);
};
syncBuiltinESMExports();
