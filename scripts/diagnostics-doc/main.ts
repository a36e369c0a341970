/**
 * Writes docs/diagnostics.md (`npm run docs:diagnostics`), or with `--check`
 * fails like `charter check` when the committed page differs from a fresh one.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { ALL_CODES } from "../../src/cli/all-codes.js";
import { RETIRED_CODES } from "../../src/pipeline/diagnostic-catalogue.js";
import { compareTrees } from "../../src/drift/compare-trees.js";
import { EXAMPLES } from "./examples.js";
import { renderCatalogue, type CatalogueEntry } from "./render.js";
import { runExample } from "./run-example.js";

const PAGE = "docs/diagnostics.md";
const pageUrl = new URL(`../../${PAGE}`, import.meta.url);

const unlisted = ALL_CODES.filter((code) => EXAMPLES[code.code] === undefined).map((code) => code.code);
const unknown = Object.keys(EXAMPLES).filter((code) => !ALL_CODES.some((known) => known.code === code));
if (unlisted.length > 0 || unknown.length > 0) {
  process.stderr.write(
    `scripts/diagnostics-doc/examples.ts: error: give every code an example or a reason for none (missing: ${unlisted.join(", ") || "none"}; not a code: ${unknown.join(", ") || "none"})\n`,
  );
  process.exit(1);
}

const entries: CatalogueEntry[] = [];
for (const code of ALL_CODES) {
  const example = EXAMPLES[code.code]!;
  entries.push("none" in example ? { code, example } : { code, example, output: await runExample(code.code, example) });
}
const page = renderCatalogue(entries, RETIRED_CODES);

if (process.argv.includes("--check")) {
  let committed: Buffer | undefined;
  try {
    committed = readFileSync(pageUrl);
  } catch {
    committed = undefined;
  }
  const drift = compareTrees(
    new Map([[PAGE, page]]),
    committed === undefined ? new Map() : new Map([[PAGE, committed]]),
  );
  if (drift.missing.length > 0 || drift.stale.length > 0) {
    process.stderr.write(
      `${PAGE}: error CH50${drift.missing.length > 0 ? 1 : 2} the diagnostics catalogue differs from a fresh run; run \`npm run docs:diagnostics\`\n`,
    );
    for (const stale of drift.stale) process.stderr.write(stale.diff + "\n");
    process.exit(1);
  }
  process.stdout.write(`${PAGE} is up to date (${ALL_CODES.length} codes)\n`);
} else {
  writeFileSync(pageUrl, page);
  process.stdout.write(`wrote ${PAGE} (${ALL_CODES.length} codes)\n`);
}
