import { spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cliArgs } from "../helpers/cli-entry.js";
import { runCli } from "../helpers/run-cli.js";
import { tempTree } from "../helpers/temp-tree.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const WAITING = "charter watch: waiting for changes (Ctrl-C stops)\n";

/** Every file of a folder, by relative path. */
function tree(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(root, file)] = readFileSync(file, "utf8");
    }
  return files;
}

/** This repository's contracts and config, in a temporary project. */
function repositoryCopy(): string {
  const dir = tempTree({});
  cpSync(path.join(REPO, "schema-src"), path.join(dir, "schema-src"), { recursive: true });
  cpSync(path.join(REPO, "charter.config.yaml"), path.join(dir, "charter.config.yaml"));
  copyRuleHooks(REPO, dir);
  return dir;
}

/** The Python hooks of the declared rules, which the config names (targets.python.rules). */
function copyRuleHooks(from: string, to: string): void {
  const hooks = path.join("examples", "python-client", "rules.py");
  mkdirSync(path.dirname(path.join(to, hooks)), { recursive: true });
  cpSync(path.join(from, hooks), path.join(to, hooks));
}

describe("charter watch over many edits", () => {
  it(
    "writes, after 20 edits of this repository's contracts, exactly what a fresh generate writes",
    { timeout: 300_000 },
    async () => {
      const dir = repositoryCopy();
      const file = (relative: string) => path.join(dir, "schema-src", relative);
      const read = (relative: string) => readFileSync(file(relative), "utf8");
      const write = (relative: string, text: string) => {
        mkdirSync(path.dirname(file(relative)), { recursive: true });
        writeFileSync(file(relative), text);
      };
      const describeAgain = (relative: string, words: string) =>
        write(relative, read(relative).replace(/^(description: >-\n {2})/m, `$1${words} `));
      const config = readFileSync(path.join(dir, "charter.config.yaml"), "utf8");
      // Edits of every kind a session makes: prose, a shared definition, new and deleted contracts,
      // examples, a half-typed file and its fix, the config.
      const edits: (() => void)[] = [
        () => describeAgain("agent/result.yaml", "Edited once."),
        () => describeAgain("agent/uuidv7.yaml", "Shared, edited."),
        () => write("extra/thing.yaml", "type: object\nproperties:\n  a: { type: string }\n"),
        () => write("extra/thing.examples/one.yaml", "a: hi\n"),
        () => write("extra/user.yaml", "type: object\nproperties:\n  id: { $ref: ../agent/uuidv7.yaml }\n"),
        () => write("extra/thing.yaml", "type: object\nproperties:\n  a: { type: [\n"),
        () => write("extra/thing.yaml", "type: object\nproperties:\n  a: { type: string, maxLength: 9 }\n"),
        () => describeAgain("agent/result.yaml", "Edited twice."),
        () => write("agent/request.yaml", read("agent/request.yaml") + "x-note: first\n"),
        () => writeFileSync(path.join(dir, "charter.config.yaml"), config.replace("version: 0.1.0", "version: 0.2.0")),
        () => rmSync(file("extra/thing.examples"), { recursive: true }),
        () => describeAgain("tasks/task.yaml", "Tasks, edited."),
        () => rmSync(file("extra/user.yaml")),
        () => write("agent/request.yaml", read("agent/request.yaml").replace("x-note: first", "x-note: second")),
        () => describeAgain("agent/uuidv7.yaml", "Again."),
        () => write("extra/thing.yaml", "type: object\nrequired: [a]\nproperties:\n  a: { type: integer }\n"),
        () => writeFileSync(path.join(dir, "charter.config.yaml"), config),
        () => describeAgain("problems/contract.yaml", "Problems, edited."),
        () => rmSync(file("extra"), { recursive: true }),
        () => describeAgain("agent/result.yaml", "Last."),
      ];
      const child = spawn(process.execPath, cliArgs(["watch", "--cache-dir", "cache"]), {
        cwd: dir,
        env: { PATH: process.env["PATH"] ?? "" },
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const settled = async (n: number) => {
        const started = Date.now();
        while (out.split(WAITING).length - 1 < n) {
          if (Date.now() - started > 60_000) throw new Error(`no settle ${n}; output so far:\n${out}`);
          await new Promise((r) => setTimeout(r, 25));
        }
        return out.split(WAITING)[n - 1]!;
      };
      try {
        expect(await settled(1)).toContain("charter: wrote 16 contracts");
        for (const [index, edit] of edits.entries()) {
          edit();
          const said = await settled(index + 2);
          // The half-typed file fails its run, and only it.
          if (index === 5) expect(said).toMatch(/error CH102 .*\n.*nothing written/s);
          else expect(said, `edit ${index + 1}`).toMatch(/charter: (wrote \d+ contracts|generated is up to date)/);
        }
      } finally {
        child.kill("SIGINT");
      }
      expect(await new Promise<number | null>((resolve) => child.on("exit", resolve))).toBe(0);

      const fresh = tempTree({});
      cpSync(path.join(dir, "schema-src"), path.join(fresh, "schema-src"), { recursive: true });
      cpSync(path.join(dir, "charter.config.yaml"), path.join(fresh, "charter.config.yaml"));
      copyRuleHooks(dir, fresh);
      expect((await runCli(["generate", "--no-cache"], fresh)).code).toBe(0);
      expect(tree(path.join(dir, "generated"))).toEqual(tree(path.join(fresh, "generated")));
    },
  );
});
