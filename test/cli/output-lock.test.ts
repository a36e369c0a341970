import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireOutputLock } from "../../src/cli/output-lock.js";
import { cliArgs } from "../helpers/cli-entry.js";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree, writeTree } from "../helpers/temp-tree.js";

const PROJECT = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [
    `schema-src/c${i}.yaml`,
    `type: object\nrequired: [id]\nproperties:\n  id: {type: string, minLength: ${i + 1}}\n  n: {$ref: '#/$defs/n'}\n$defs:\n  n: {type: integer}\n`,
  ]),
);

/** The real CLI in a child process, without waiting for it; `onStderr` sees its standard error so far. */
function startCli(
  args: string[],
  cwd: string,
  onStderr?: (sofar: string) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, cliArgs(args), {
    cwd,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr);
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** A process that lives until killed, to hold a lock in its name. */
function liveProcess() {
  return spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(result.stdout);
}

const lockOf = (dir: string) => path.join(dir, "generated.charter-lock");
const leftovers = (dir: string) => readdirSync(dir).filter((name) => name.startsWith("generated.charter"));

describe("the lock on the output tree", () => {
  it("lets two generate runs started together each write a whole tree, one after the other", async () => {
    const dir = tempTree(PROJECT);
    for (let trial = 0; trial < 3; trial++) {
      // A different source each trial, so that both runs have something to write.
      writeFileSync(path.join(dir, "schema-src/extra.yaml"), `type: string\nmaxLength: ${trial + 1}\n`);
      const [a, b] = await Promise.all([
        startCli(["generate", "--no-cache"], dir),
        startCli(["generate", "--no-cache"], dir),
      ]);
      expect([a.code, b.code], a.stdout + a.stderr + b.stdout + b.stderr).toEqual([0, 0]);
      const check = spawnCli(["check"], { cwd: dir });
      expect(check.code, check.stdout).toBe(0);
      expect(leftovers(dir)).toEqual([]);
    }
  }, 240_000);

  it("waits for a run that holds it, saying so, and writes once that run is done", async () => {
    const dir = tempTree(PROJECT);
    const holder = liveProcess();
    writeFileSync(lockOf(dir), JSON.stringify({ pid: holder.pid, host: hostname() }) + "\n");
    // The holder lets go once the run says it waits (however long compiling took on a busy machine).
    let waiting: () => void;
    const saidWaiting = new Promise<void>((resolve) => (waiting = resolve));
    const run = startCli(
      ["generate", "--no-cache"],
      dir,
      (sofar) => sofar.includes("waiting for another charter run") && waiting(),
    );
    await Promise.race([saidWaiting, run]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(existsSync(path.join(dir, "generated"))).toBe(false);
    holder.kill();
    const result = await run;
    expect(result.code, result.stdout).toBe(0);
    expect(result.stderr).toContain(`charter: waiting for another charter run on generated/, pid ${holder.pid}`);
    expect(existsSync(lockOf(dir))).toBe(false);
    expect(spawnCli(["check"], { cwd: dir }).code).toBe(0);
  }, 120_000);

  it("gives up after --wait with the busy exit code naming the holder, and check says generation is in progress", async () => {
    const dir = tempTree(PROJECT);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    const before = snapshotTree(path.join(dir, "generated"));
    writeFileSync(path.join(dir, "schema-src/c0.yaml"), "type: string\n");
    const holder = liveProcess();
    try {
      writeFileSync(lockOf(dir), JSON.stringify({ pid: holder.pid, host: hostname() }) + "\n");
      const generate = spawnCli(["generate", "--wait", "0.5"], { cwd: dir });
      expect(generate.code).toBe(75);
      expect(generate.stdout).toContain(
        `generated: error CH010 another charter run on generated/, pid ${holder.pid} still holds the output after 0.5 s; nothing written`,
      );
      expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
      const check = spawnCli(["check", "--wait", "0.5"], { cwd: dir });
      expect(check.code).toBe(75);
      expect(check.stdout).toContain(
        `charter check: generation in progress: another charter run on generated/, pid ${holder.pid} still holds the output`,
      );
      // The holder's lock is still its own.
      expect(existsSync(lockOf(dir))).toBe(true);
    } finally {
      holder.kill();
    }
  }, 120_000);

  it("takes over a lock left by a run that was killed, and removes the staging folder it left", async () => {
    const dir = tempTree(PROJECT);
    writeFileSync(lockOf(dir), JSON.stringify({ pid: deadPid(), host: hostname() }) + "\n");
    const staging = path.join(dir, "generated.charter-new-999999");
    writeFileSync(staging, "half a tree");
    const result = await runCli(["generate"], dir);
    expect(result.code, result.stdout).toBe(0);
    expect(leftovers(dir)).toEqual([]);
  });

  it("leaves the staging folder of a run still compiling to it, and removes those of runs that died", async () => {
    const dir = tempTree(PROJECT);
    // A live process of this host, standing for a run that stages while it compiles (without the lock).
    const live = spawn("sleep", ["60"]);
    try {
      const living = path.join(dir, `generated.charter-new-${live.pid}@${hostname()}`);
      const dead = path.join(dir, `generated.charter-new-${deadPid()}@${hostname()}`);
      const elsewhere = path.join(dir, `generated.charter-new-${deadPid()}@another-host.example`);
      for (const folder of [living, dead, elsewhere]) writeTree(folder, { "schemas/half.json": "{" });
      const result = await runCli(["generate"], dir);
      expect(result.code, result.stdout).toBe(0);
      // A run on another host cannot be asked whether it lives: its folder is left as well.
      expect(leftovers(dir).sort()).toEqual([path.basename(living), path.basename(elsewhere)].sort());
      expect(readFileSync(path.join(living, "schemas/half.json"), "utf8")).toBe("{");
    } finally {
      live.kill();
    }
  });

  it("refuses a second holder in the same process until the first releases", async () => {
    const dir = tempTree({});
    const out = path.join(dir, "generated");
    const first = await acquireOutputLock(out, { waitMs: 0 });
    expect(first.ok).toBe(true);
    const second = await acquireOutputLock(out, { waitMs: 200, pollMs: 20 });
    expect(second).toEqual({ ok: false, holder: { pid: process.pid, host: hostname() } });
    if (first.ok) await first.release();
    const third = await acquireOutputLock(out, { waitMs: 0 });
    expect(third.ok).toBe(true);
    if (third.ok) await third.release();
    expect(existsSync(`${out}.charter-lock`)).toBe(false);
  });

  it("refuses a --wait that is no number of seconds", async () => {
    const result = await runCli(["generate", "--wait", "soon"], tempTree({}));
    expect(result.code).toBe(2);
    expect(result.stdout + result.stderr).toContain('--wait must be a number of seconds from 0 to 86400, got "soon"');
  });
});
