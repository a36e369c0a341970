/**
 * The docs site of a large set: `charter docs` against the `generate` that wrote its tree, and
 * how soon the index page shows and answers its first search, in headless Chromium (Debian's
 * chromium through playwright-core, as the site's browser test drives it). pipeline.ts measures
 * it on the whole corpus beside its other rows; alone, `npm run bench:docs` does the same on a
 * project of its own (BENCH_RUNS rounds, BENCH_LIMIT sources as pipeline.ts reads them) and
 * prints the rows:
 *
 *   BENCH_RUNS=1 npm run bench:docs
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { SCHEMASTORE } from "../schemastore-corpus.js";
import { buildCli } from "./everyday-loop.js";
import { median } from "./stats.js";
import { bytesUnder } from "./tree-size.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const TSX = path.join(REPO, "node_modules/tsx/dist/cli.mjs");
const CHROMIUM = process.env["CHARTER_CHROMIUM"] ?? "/usr/bin/chromium";
/** A word most large sets have in some member's name or description. */
const QUERY = "version";

export interface IndexPageFigures {
  /** From navigation to the `load` event of index.html. */
  loadMs: number;
  /** From the `load` event to the search index loaded (the page loads it then, in the background). */
  indexMs: number;
  /** From a keystroke in the search box, the index loaded, to its results shown. */
  searchMs: number;
  matches: string;
}

/** One `charter docs` of the project at `dir` (its tree in `generated/`) into `dir/site`, in a fresh process. */
export function docsRun(dir: string): { code: number; ms: number; maxRssKb: number } {
  rmSync(path.join(dir, "site"), { recursive: true, force: true });
  // A config of its own name: the generate runs of the same folder (by flags) never read it.
  writeFileSync(path.join(dir, "charter.docs-bench.yaml"), "source: src\nout: generated\ndocs: { out: site }\n");
  const result = spawnSync(
    process.execPath,
    [TSX, path.join(REPO, "scripts/bench/measure-cli.ts"), dir, "docs", "--config", "charter.docs-bench.yaml"],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const last = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || !last.startsWith("{"))
    throw new Error(`charter docs failed:\n${result.stderr.slice(-2000)}`);
  const measured = JSON.parse(last) as { code: number; ms: number; maxRssKb: number };
  if (measured.code !== 0) throw new Error(`charter docs exited ${measured.code}`);
  return measured;
}

/** The index page of the site at `site`, opened from disk: median of `rounds` fresh pages. */
export async function measureIndexPage(site: string, rounds: number): Promise<IndexPageFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const loads: number[] = [];
  const indexes: number[] = [];
  const searches: number[] = [];
  let matches = "";
  try {
    for (let round = 0; round < rounds; round++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(pathToFileURL(path.join(site, "index.html")).href, { waitUntil: "load" });
      const loaded = performance.now();
      loads.push(loaded - started);
      await page.locator("#search[data-ready]").waitFor({ state: "attached" });
      indexes.push(performance.now() - loaded);
      // Timed in the page, from the input event to the next frame after the results are in the
      // document: the driver's own round trips would be most of a measurement from outside.
      searches.push(
        await page.evaluate(
          (query) =>
            new Promise<number>((resolve) => {
              const box = document.getElementById("search")!;
              const started = performance.now();
              box.value = query;
              box.dispatchEvent(new Event("input"));
              requestAnimationFrame(() => resolve(performance.now() - started));
            }),
          QUERY,
        ),
      );
      matches = (await page.textContent("#search-status")) ?? "";
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { loadMs: median(loads), indexMs: median(indexes), searchMs: median(searches), matches };
}

/** "Well under the time its generate takes" (issue 36), as a ratio of the two. */
const DOCS_RATIO = 0.3;

/** The rows pipeline.ts adds to docs/benchmarks.md. */
export function docsRows(docsMs: number, generateMs: number, siteBytes: number, page: IndexPageFigures): string[] {
  const ratio = docsMs / generateMs;
  return [
    `| \`docs\` vs \`generate\` (whole corpus; site ${(siteBytes / 1e6).toFixed(0)} MB) | ${(docsMs / 1000).toFixed(1)} s | ${(generateMs / 1000).toFixed(1)} s | ${ratio.toFixed(2)} | ≤ ${DOCS_RATIO}: ${ratio <= DOCS_RATIO ? "met" : `**missed** by ${(ratio / DOCS_RATIO).toFixed(1)}x`} |`,
    `| docs index page (headless Chromium, from disk): loaded; its search index loaded after that, in the background; a search ("${QUERY}", ${page.matches}) | ${page.loadMs.toFixed(0)} ms; ${page.indexMs.toFixed(0)} ms; ${page.searchMs.toFixed(0)} ms | | | ≤ 1000 ms; ≤ 2000 ms; ≤ 100 ms: ${page.loadMs <= 1000 && page.indexMs <= 2000 && page.searchMs <= 100 ? "met" : "**missed**"} |`,
  ];
}

/** The browser globals the page callback uses: the project's TypeScript has no DOM library. */
declare const document: {
  getElementById(id: string): { textContent: string | null; value: string; dispatchEvent(event: unknown): void } | null;
};
declare function requestAnimationFrame(callback: () => void): void;

// Alone: a project of the corpus, generated, then documented; each round both, interleaved.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runs = Number(process.env["BENCH_RUNS"] ?? 3);
  const limit = Number(process.env["BENCH_LIMIT"] ?? Infinity);
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}; set CHARTER_CHROMIUM`);
  buildCli();
  const dir = mkdtempSync(path.join(os.tmpdir(), "charter-bench-docs-"));
  mkdirSync(path.join(dir, "src"));
  for (const file of readdirSync(SCHEMASTORE)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .slice(0, limit))
    copyFileSync(path.join(SCHEMASTORE, file), path.join(dir, "src", file));
  const catalog = path.join(dir, "src");
  const generateArgs = [
    ...["generate", "--source", "src", "--out", "generated", "--base-uri", "https://json.schemastore.org/"],
    ...["--type-names", "qualified", "--keep-going", "--no-cache"],
    ...[
      "--catalog",
      `https://json.schemastore.org/=${catalog}`,
      "--catalog",
      `https://www.schemastore.org/=${catalog}`,
    ],
  ];
  const generates: number[] = [];
  const docs: number[] = [];
  for (let round = 0; round < runs; round++) {
    rmSync(path.join(dir, "generated"), { recursive: true, force: true });
    const generated = spawnSync(
      process.execPath,
      [TSX, path.join(REPO, "scripts/bench/measure-cli.ts"), dir, ...generateArgs],
      {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    generates.push((JSON.parse(generated.stdout.trim().split("\n").pop()!) as { ms: number }).ms);
    docs.push(docsRun(dir).ms);
    process.stdout.write(
      `generate ${(generates.at(-1)! / 1000).toFixed(1)} s, docs ${(docs.at(-1)! / 1000).toFixed(1)} s\n`,
    );
  }
  const page = await measureIndexPage(path.join(dir, "site"), Math.max(runs, 3));
  const rows = docsRows(median(docs), median(generates), bytesUnder(path.join(dir, "site"), ""), page);
  process.stdout.write(
    ["| measure | charter | baseline | ratio | target |", "| --- | --- | --- | --- | --- |", ...rows].join("\n") + "\n",
  );
  rmSync(dir, { recursive: true, force: true });
}
