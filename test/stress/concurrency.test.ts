/**
 * The output lock under the uses issue 19 names, at full scale: two `generate` runs on one tree
 * started at random offsets, `generate` beside `watch`, and the lock holder killed. After each,
 * `check` passes and nothing is left beside the output. `npm run test:stress` (CI runs it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../scripts/bench-precision/prng.js";
import { cliArgs } from "../helpers/cli-entry.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

/** 40 contracts, each referring to a shared one, so that each run has real work. */
function project(): Record<string, string> {
  const files: Record<string, string> = {
    "schema-src/shared/money.yaml":
      "type: object\nrequired: [amount, currency]\nproperties:\n  amount: { type: integer }\n  currency: { type: string, pattern: '^[A-Z]{3}$' }\n",
  };
  for (let i = 0; i < 40; i++) {
    files[`schema-src/orders/o${i}.yaml`] =
      `title: Order${i}\ntype: object\nrequired: [id, total]\nproperties:\n  id: { type: string, minLength: ${1 + (i % 5)} }\n  total: { $ref: "../shared/money.yaml" }\n  lines: { type: array, items: { $ref: "#/$defs/line" } }\n$defs:\n  line: { type: object, properties: { sku: { type: string }, qty: { type: integer, minimum: 1 } } }\n`;
  }
  return files;
}

const SLOW_RENAMES = pathToFileURL(fileURLToPath(new URL("../helpers/slow-renames.mjs", import.meta.url))).href;

function start(
  args: string[],
  cwd: string,
  preload: string[] = [],
): {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  output: () => string;
} {
  const child = spawn(process.execPath, cliArgs(args, preload), {
    cwd,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, output })),
  );
  return { child, done, output: () => output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nothing but the output beside the sources: no lock, no staging folder. */
function leftovers(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith("generated.charter"));
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(25);
  }
}

describe("the output lock at scale", () => {
  it("two generate runs on 41 contracts and one cache, started 20 times at random offsets: both exit 0, check passes, nothing is left", async () => {
    const dir = tempTree(project());
    const seed = Number(process.env["STRESS_SEED"] ?? 20261202);
    // Seeded (mulberry32), so that a failing trial can be replayed from its seed.
    const next = mulberry32(seed);
    let metAtWriting = 0;
    for (let trial = 0; trial < 20; trial++) {
      // Something new each trial, so that each trial has a tree to write (the second writer may find it written).
      writeFileSync(
        path.join(dir, "schema-src/orders/o0.yaml"),
        project()["schema-src/orders/o0.yaml"]!.replace("minLength: 1", `minLength: ${trial + 1}`),
      );
      // Both through one cache, as in a shared CI cache: its entries are written by both at once too.
      const offset = Math.floor(next() * 2_000);
      const cache = ["--cache-dir", path.join(dir, ".cache")];
      // The first run's swap of the tree is slowed (test/helpers/slow-renames.mjs), so that the runs
      // also meet while one of them writes, not only while both compile.
      const a = start(["generate", ...cache], dir, [SLOW_RENAMES]);
      await sleep(offset);
      const b = start(["generate", ...cache], dir);
      const [ra, rb] = await Promise.all([a.done, b.done]);
      if (/charter: waiting for/.test(ra.output + rb.output)) metAtWriting++;
      const context = `seed ${seed}, trial ${trial}, offset ${offset} ms:\n${ra.output}\n${rb.output}`;
      expect([ra.code, rb.code], context).toEqual([0, 0]);
      const check = spawnCli(["check"], { cwd: dir });
      expect(check.code, `${context}\n${check.stdout}`).toBe(0);
      expect(leftovers(dir), context).toEqual([]);
    }
    // Proof that the lock was contended, not only that two runs in turn leave a whole tree.
    expect(metAtWriting, `seed ${seed}: trials in which one run waited for the other's writing`).toBeGreaterThan(0);
    console.log(`the output lock: in ${metAtWriting} of 20 trials one run waited for the other's writing`);
  }, 900_000);

  it("generate beside watch: each writes whole trees while a source changes, and check passes after", async () => {
    const dir = tempTree(project());
    const watch = start(["watch"], dir);
    try {
      await until(() => /charter: wrote 41 contracts/.test(watch.output()), 120_000);
      const runs = () => (watch.output().match(/charter: (wrote|generated is up to date)/g) ?? []).length;
      for (let round = 0; round < 3; round++) {
        const before = runs();
        // An edit the watcher reacts to, and a generate started at once beside it.
        writeFileSync(
          path.join(dir, "schema-src/orders/o1.yaml"),
          project()["schema-src/orders/o1.yaml"]!.replace("minLength: 2", `minLength: ${round + 10}`),
        );
        const generate = start(["generate", "--no-cache"], dir);
        const result = await generate.done;
        expect(result.code, result.output).toBe(0);
        // The watcher's run for this edit, which wrote or found the tree up to date.
        await until(() => runs() > before, 120_000);
      }
      await sleep(2_000);
    } finally {
      watch.child.kill("SIGINT");
      await watch.done;
    }
    const check = spawnCli(["check"], { cwd: dir });
    expect(check.code, check.stdout + watch.output()).toBe(0);
    expect(leftovers(dir)).toEqual([]);
  }, 600_000);

  it("a run killed while it holds the lock: the next one takes it over, writes the whole tree, and check passes", async () => {
    const dir = tempTree(project());
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    let kills = 0;
    for (let trial = 0; trial < 3; trial++) {
      writeFileSync(
        path.join(dir, "schema-src/orders/o2.yaml"),
        project()["schema-src/orders/o2.yaml"]!.replace("minLength: 3", `minLength: ${trial + 20}`),
      );
      // Its renames wait, so it holds the lock for a while as it swaps its tree in: a 25 ms poll
      // cannot miss that, whatever the machine's speed (without the wait, a fast swap can).
      const holder = start(["generate", "--no-cache"], dir, [SLOW_RENAMES]);
      // Killed once it holds the lock (it staged its tree while compiling): during the swap, the moment that matters.
      await until(() => readdirSync(dir).includes("generated.charter-lock") || holder.child.exitCode !== null, 120_000);
      holder.child.kill("SIGKILL");
      const killed = await holder.done;
      // It may have finished the write between the look and the kill: then there was nothing to recover.
      if (killed.signal === "SIGKILL") kills++;
      const next = spawnCli(["generate", "--no-cache"], { cwd: dir });
      expect(next.code, next.stdout + next.stderr).toBe(0);
      const check = spawnCli(["check"], { cwd: dir });
      expect(check.code, check.stdout).toBe(0);
      expect(leftovers(dir)).toEqual([]);
    }
    expect(kills).toBeGreaterThan(0);
    console.log(`the killed lock holder: killed under the lock in ${kills} of 3 trials`);
  }, 600_000);
});
