/**
 * The everyday loop, in whole processes of the built CLI (`node dist/cli/charter.js`): a
 * `generate` with nothing to do against `generate --no-cache`, `check` against the same, and
 * Node's own start-up (`node -e 0`), and optionally `check` as an earlier commit built it
 * (issue 34 asks for half of f5b9ccb's), each side interleaved in the same rounds. Run by
 * `npm run bench` (scripts/bench/pipeline.ts) for its table, and alone by `npm run bench:loop`,
 * which prints the rows.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { parse, parseDocument } from "yaml";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./stats.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const CLI = path.join(REPO, "dist/cli/charter.js");

export interface LoopFigures {
  /** Median milliseconds of each kind of run. */
  noop: number;
  cold: number;
  check: number;
  node: number;
  /** `check --no-cache`: with no compiled code of charter's dependencies either, as on a machine's first run. */
  coldCheck: number;
  /** `check` by the baseline commit's CLI on a copy of the project it generated itself, when one was given. */
  baselineCheck?: number;
}

/**
 * The environment of the measured processes: a folder of compiled code of their own
 * (src/cli/compiled-code-folder.ts), empty at first, so that what an earlier run on this machine
 * left in the default folder plays no part.
 */
function compiledCodeEnv(): { env: NodeJS.ProcessEnv; remove: () => void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), "charter-loop-compiled-"));
  return {
    env: { ...process.env, CHARTER_COMPILED_CODE: folder },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** The commit issue 34 measures `check` against: the one its figures were taken at. */
export const BASELINE_COMMIT = "f5b9ccb";

/**
 * The CLI of `commit`, built in a git worktree of this repository under a temporary folder
 * (its own `npm ci`, so its dependencies are its lock file's): the path of its `main.js`, and a
 * function that removes the worktree.
 */
export function baselineCli(commit: string): { cli: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `charter-baseline-${commit}-`));
  const run = (command: string, args: string[], cwd: string) => {
    const done = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    if (done.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${done.stderr.slice(-2000)}`);
  };
  run("git", ["worktree", "add", "--detach", dir, commit], REPO);
  const remove = () => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: REPO });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run("npm", ["ci", "--no-audit", "--no-fund", "--silent"], dir);
    run("npm", ["run", "build", "--silent"], dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { cli: path.join(dir, "dist/cli/main.js"), remove };
}

/** Builds the CLI, so that the figures are those of what users run, not of a TypeScript loader. */
export function buildCli(): void {
  const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: REPO, stdio: "inherit" });
  if (built.status !== 0) throw new Error("npm run build failed");
}

/** Wall milliseconds of one process, which must exit with one of `codes`. */
function timed(args: string[], cwd: string, codes = [0], env = process.env): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (!codes.includes(run.status ?? -1))
    throw new Error(`${args.join(" ")} exited ${run.status}:\n${run.stdout.slice(-1000)}${run.stderr.slice(-1000)}`);
  return ms;
}

/**
 * `rounds` rounds in the project `cwd` whose command-line arguments are `flags`: a fresh
 * `generate --no-cache`, a `check`, then `generate` with a cache its first run filled.
 * `codes`: the exit codes a run may have (a corpus project with --keep-going exits 1).
 */
export function measureLoop(
  cwd: string,
  flags: string[],
  rounds: number,
  codes = [0],
  /** A baseline CLI (`baselineCli`) whose `check` runs in the same rounds, on a copy of the project it generated. */
  baseline?: string,
): LoopFigures {
  const cache = mkdtempSync(path.join(os.tmpdir(), "charter-loop-cache-"));
  const { env, remove } = compiledCodeEnv();
  // The first run fills the cache and the folder of compiled code.
  timed([CLI, "generate", ...flags, "--cache-dir", cache], cwd, codes, env);
  const copy = baseline === undefined ? undefined : mkdtempSync(path.join(os.tmpdir(), "charter-loop-baseline-"));
  if (copy !== undefined) {
    cpSync(cwd, copy, { recursive: true });
    withoutTargets(path.join(copy, "charter.config.yaml"));
    timed([baseline!, "generate", ...flags], copy, codes);
  }
  const runs: Record<keyof LoopFigures, number[]> = {
    noop: [],
    cold: [],
    check: [],
    coldCheck: [],
    node: [],
    baselineCheck: [],
  };
  for (let round = 0; round < rounds; round++) {
    runs.cold.push(timed([CLI, "generate", ...flags, "--no-cache"], cwd, codes, env));
    runs.check.push(timed([CLI, "check", ...flags], cwd, codes, env));
    runs.coldCheck.push(timed([CLI, "check", ...flags, "--no-cache"], cwd, codes, env));
    if (copy !== undefined) runs.baselineCheck.push(timed([baseline!, "check", ...flags], copy, codes));
    runs.noop.push(timed([CLI, "generate", ...flags, "--cache-dir", cache], cwd, codes, env));
    runs.node.push(timed(["-e", "0"], cwd));
  }
  rmSync(cache, { recursive: true, force: true });
  remove();
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
  return {
    noop: median(runs.noop),
    cold: median(runs.cold),
    check: median(runs.check),
    coldCheck: median(runs.coldCheck),
    node: median(runs.node),
    ...(copy !== undefined ? { baselineCheck: median(runs.baselineCheck) } : {}),
  };
}

/** What `charter watch` printed when a run was over. */
const SETTLED = "charter watch: waiting for changes (Ctrl-C stops)\n";
/** The watcher's quiet period before a run (src/cli/commands/watch.ts): part of every save's wait, not of the run. */
export const WATCH_DEBOUNCE_MS = 150;

/**
 * `charter watch` on the project `cwd`, and `edits` saves of one contract's description, each
 * once the last has been written: the milliseconds from each save to the watcher's "waiting for
 * changes" (the debounce, the run, its output written), median.
 */
export async function measureWatch(cwd: string, contract: string, edits: number): Promise<number> {
  const file = path.join(cwd, "schema-src", contract);
  const original = readFileSync(file, "utf8");
  const cache = mkdtempSync(path.join(os.tmpdir(), "charter-loop-cache-"));
  const compiled = compiledCodeEnv();
  const child = spawn(process.execPath, [CLI, "watch", "--cache-dir", cache], {
    cwd,
    env: compiled.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const settles = () => out.split(SETTLED).length - 1;
  const until = async (n: number) => {
    while (settles() < n) await new Promise((resolve) => setTimeout(resolve, 2));
  };
  const waits: number[] = [];
  try {
    await until(1);
    for (let edit = 0; edit < edits; edit++) {
      const started = performance.now();
      // The root description changes: the contract's schema, types, validators and the manifest are written.
      writeFileSync(file, original.replace(/^(description: >-\n {2})/m, `$1Edit ${edit}. `));
      await until(edit + 2);
      waits.push(performance.now() - started);
      if (!out.split(SETTLED).at(-2)!.includes("charter: wrote"))
        throw new Error(`edit ${edit} wrote nothing:\n${out}`);
    }
  } finally {
    child.kill("SIGINT");
    writeFileSync(file, original);
    rmSync(cache, { recursive: true, force: true });
    compiled.remove();
  }
  return median(waits);
}

/**
 * The baseline commit has no opt-in targets (`targets`, the Python package, came later) and
 * refuses the key: its copy of the config goes without them. Its `check` then does a little less
 * than today's, which makes the ratio a conservative one.
 */
function withoutTargets(config: string): void {
  if (!existsSync(config)) return;
  const document = parseDocument(readFileSync(config, "utf8"));
  if (!document.has("targets")) return;
  document.delete("targets");
  writeFileSync(config, document.toString());
}

/**
 * A copy of this repository's contracts and config in a temporary folder, so that its own
 * `generated/` is never touched, with the files the config names (the Python rule hooks).
 */
export function repositoryProject(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "charter-loop-repo-"));
  cpSync(path.join(REPO, "schema-src"), path.join(dir, "schema-src"), { recursive: true });
  cpSync(path.join(REPO, "charter.config.yaml"), path.join(dir, "charter.config.yaml"));
  const config = parse(readFileSync(path.join(REPO, "charter.config.yaml"), "utf8")) as {
    targets?: { python?: { rules?: string } };
  };
  const hooks = config.targets?.python?.rules;
  if (hooks !== undefined) cpSync(path.join(REPO, hooks), path.join(dir, hooks));
  return dir;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildCli();
  const dir = repositoryProject();
  const rounds = Number(process.env["BENCH_RUNS"] ?? 5);
  const baseline = baselineCli(BASELINE_COMMIT);
  const figures = measureLoop(dir, [], rounds, [0], baseline.cli);
  baseline.remove();
  const watch = await measureWatch(dir, "agent/result.yaml", 10);
  rmSync(dir, { recursive: true, force: true });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  process.stdout.write(
    [
      `this repository, medians of ${rounds} interleaved rounds:`,
      `generate, nothing changed ${s(figures.noop)}; generate --no-cache ${s(figures.cold)}; ratio ${(figures.noop / figures.cold).toFixed(3)}`,
      `check ${s(figures.check)}; ratio to generate --no-cache ${(figures.check / figures.cold).toFixed(2)}; check at ${BASELINE_COMMIT} ${s(figures.baselineCheck!)}, ratio ${(figures.check / figures.baselineCheck!).toFixed(2)}`,
      `check --no-cache (no compiled code) ${s(figures.coldCheck)}; ratio to check at ${BASELINE_COMMIT} ${(figures.coldCheck / figures.baselineCheck!).toFixed(2)}`,
      `node -e 0 ${s(figures.node)} (${Math.round((100 * figures.node) / figures.noop)} % of the unchanged generate)`,
      `watch, save to written, median of 10 edits ${s(watch)}; less the ${WATCH_DEBOUNCE_MS} ms debounce ${s(watch - WATCH_DEBOUNCE_MS)}; ratio to generate --no-cache ${((watch - WATCH_DEBOUNCE_MS) / figures.cold).toFixed(3)}`,
      "",
    ].join("\n"),
  );
}
