// dist/cjs holds CommonJS under a package whose type is module: a package.json of its own
// tells Node (and TypeScript) which format its .js and .d.ts files are.
import { writeFileSync } from "node:fs";
writeFileSync(new URL("../dist/cjs/package.json", import.meta.url), '{\n  "type": "commonjs"\n}\n');
