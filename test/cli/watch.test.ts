import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli-entry.js";
import { withoutSummary } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const WAITING = "charter watch: waiting for changes (Ctrl-C stops)\n";

describe("charter watch", () => {
  it(
    "regenerates after each change, survives invalid states of a source and of the config, and stops on Ctrl-C",
    { timeout: 120_000 },
    async () => {
      const dir = tempTree({ "schema-src/a.yaml": "type: object\nproperties:\n  id: { type: string }\n" });
      const child = spawn(process.execPath, cliArgs(["watch"]), {
        cwd: dir,
        env: { PATH: process.env["PATH"] ?? "" },
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      /** Waits until the watcher has settled `n` times in all, and returns what it printed since the last wait. */
      let seen = 0;
      const settled = async (n: number) => {
        const started = Date.now();
        while (out.split(WAITING).length - 1 < n) {
          if (Date.now() - started > 60_000) throw new Error(`no settle ${n}; output so far:\n${out}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        const all = out.split(WAITING);
        const since = withoutSummary(all.slice(seen, n).join(WAITING));
        seen = n;
        return since;
      };
      const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
      // How sed -i and many editors save: a new file renamed over the old one.
      const replace = (file: string, text: string) => {
        writeFileSync(path.join(dir, `${file}.tmp`), text);
        renameSync(path.join(dir, `${file}.tmp`), path.join(dir, file));
      };

      expect(await settled(1), out).toBe(
        "charter watch: watching schema-src and charter.config.yaml\ncharter: wrote 1 contract to generated\n",
      );
      replace("schema-src/a.yaml", "type: object\nproperties:\n  id: { type: string\n");
      expect(await settled(2), out).toMatch(
        /^schema-src\/a\.yaml:\d+:\d+: error CH102 .*\ncharter: .*nothing written/ms,
      );
      replace("schema-src/a.yaml", "type: object\nproperties:\n  id: { type: integer }\n");
      expect(await settled(3), out).toBe("charter: wrote 1 contract to generated\n");
      // The output this write replaced waits in the process's staging folder, for the next write to fill.
      const beside = () => readdirSync(dir).filter((entry) => entry.startsWith("generated."));
      expect(beside()).toEqual([expect.stringMatching(/^generated\.charter-new-\d+@/)]);
      write("charter.config.yaml", "source: [\n");
      expect(await settled(4), out).toMatch(/^charter\.config\.yaml:\d+:\d+: error CH001 /);
      rmSync(path.join(dir, "charter.config.yaml"));
      expect(await settled(5), out).toBe("charter: generated is up to date (1 contract)\n");
      child.kill("SIGINT");
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(0);
      expect(beside()).toEqual([]);
    },
  );

  it("starts watching a source folder that appears after it started", { timeout: 120_000 }, async () => {
    const dir = tempTree({ "charter.config.yaml": "out: generated\n" });
    const child = spawn(process.execPath, cliArgs(["watch"]), {
      cwd: dir,
      env: { PATH: process.env["PATH"] ?? "" },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const until = async (text: string) => {
      const started = Date.now();
      while (!out.includes(text)) {
        if (Date.now() - started > 60_000) throw new Error(`no "${text}"; output so far:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until("error CH004 source directory schema-src does not exist");
    await until(WAITING);
    mkdirSync(path.join(dir, "schema-src"));
    writeFileSync(path.join(dir, "schema-src", "a.yaml"), "type: string\n");
    await until("charter: wrote 1 contract to generated");
    child.kill("SIGINT");
    expect(await new Promise<number | null>((resolve) => child.on("exit", resolve))).toBe(0);
  });
});
