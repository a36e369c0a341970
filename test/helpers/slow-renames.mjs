// Preloaded into a CLI process by the stress test: each rename of a folder waits first, so that
// swapping the output tree in (two folder renames, under the output lock) takes long enough for a
// second run to arrive while it is under way. The test then knows that the runs met at writing.
// Files are renamed at full speed: staging and the cache rename each file they write, and slowing
// those only delays the run before it takes the lock, so that the two runs seldom meet there.
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const delayMs = Number(process.env["CHARTER_TEST_RENAME_DELAY_MS"] ?? 400);
const rename = fs.promises.rename;
const isFolder = (file) => {
  try {
    return fs.lstatSync(file).isDirectory();
  } catch {
    return false;
  }
};
fs.promises.rename = async (from, ...rest) => {
  if (isFolder(from)) await new Promise((resolve) => setTimeout(resolve, delayMs));
  return rename(from, ...rest);
};
syncBuiltinESMExports();
