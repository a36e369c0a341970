// Preloaded with --import: records the modules a process loads, those imported (module-recorder-hooks.mjs)
// and those required, which the hooks of Node 20 do not see (a package charter requires on first use).
import { appendFileSync } from "node:fs";
import { Module, register } from "node:module";
import { pathToFileURL } from "node:url";

register("./module-recorder-hooks.mjs", import.meta.url);

const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename) {
  const file = process.env["CHARTER_RECORD_MODULES"];
  if (file) appendFileSync(file, `${pathToFileURL(filename).href}\n`);
  return compile.call(this, content, filename);
};
