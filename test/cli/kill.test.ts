/**
 * `generate` killed (SIGKILL) at many moments of its run, most of them while
 * it writes: the output directory is always the old tree or the complete new
 * one. Between its two renames the old tree waits beside the output
 * (`generated.charter-old-<pid>`); the next run puts it back first. `check` proves
 * the end state.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli-entry.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

const KILLS = 10;

/** Twenty-five contracts, so that writing the tree takes a while; `version` changes every output file. */
function sources(version: number): Record<string, string> {
  return Object.fromEntries(
    Array.from({ length: 25 }, (_, i) => [
      `schema-src/c${String(i).padStart(2, "0")}.yaml`,
      `title: Contract ${i} v${version}\ntype: object\nproperties:\n  n: { type: integer, maximum: ${version} }\n`,
    ]),
  );
}

function generateUntilKilled(cwd: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, cliArgs(["generate"]), {
      cwd,
      stdio: "ignore",
      env: { PATH: process.env["PATH"] ?? "" },
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), afterMs);
    child.on("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe("generate killed at random moments", () => {
  it("leaves the old tree or the complete new one, every time", { timeout: 300_000 }, async () => {
    const dir = tempTree(sources(1));
    const out = path.join(dir, "generated");
    // Both trees, made once elsewhere, to compare against.
    const trees = [1, 2].map((version) => {
      const reference = tempTree(sources(version));
      expect(spawnCli(["generate"], { cwd: reference }).code).toBe(0);
      return snapshotTree(path.join(reference, "generated"));
    }) as [Record<string, string>, Record<string, string>];
    const started = performance.now();
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    const duration = performance.now() - started;
    expect(snapshotTree(out)).toEqual(trees[0]);

    // Each kill moves toward the other version; seeded moments, most in the last part of a run, where the tree is written.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const outcomes = { old: 0, new: 0, beside: 0 };
    let current = 0;
    for (let kill = 0; kill < KILLS; kill++) {
      const target = 1 - current;
      for (const [file, text] of Object.entries(sources(target + 1))) writeFileSync(path.join(dir, file), text);
      await generateUntilKilled(dir, duration * (0.5 + 0.6 * random()));
      if (!existsSync(out)) {
        // Killed between the two renames: the old tree waits beside, whole, and the next run puts it back.
        const beside = readdirSync(path.dirname(out)).filter((name) => name.startsWith("generated.charter-old"));
        expect(beside).toHaveLength(1);
        expect(snapshotTree(path.join(path.dirname(out), beside[0]!))).toEqual(trees[current]);
        outcomes.beside++;
        expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
        current = target;
        continue;
      }
      const now = snapshotTree(out);
      if (JSON.stringify(now) === JSON.stringify(trees[current])) outcomes.old++;
      else {
        expect(now).toEqual(trees[target]);
        outcomes.new++;
        current = target;
      }
    }
    // Whatever was left, the next run finishes it and check agrees.
    expect(spawnCli(["generate"], { cwd: dir }).code).toBe(0);
    expect(spawnCli(["check"], { cwd: dir }).code).toBe(0);
    expect(outcomes.old + outcomes.new + outcomes.beside).toBe(KILLS);
    console.log(`kill test: ${JSON.stringify(outcomes)} over ${KILLS} kills (a run took ${Math.round(duration)} ms)`);
  });
});
