// charter's library entry is ES modules. For `require("charter")` (Node 20.19 and later, which
// can require an ES module without top-level await) a CommonJS entry hands over the same
// module, and declarations of its own say so to TypeScript.
import { writeFileSync } from "node:fs";
writeFileSync(
  new URL("../dist/index.cjs", import.meta.url),
  '"use strict";\nmodule.exports = require("./index.js");\n',
);
writeFileSync(new URL("../dist/index.d.cts", import.meta.url), 'export * from "./index.js";\n');
