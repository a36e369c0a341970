import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { spawnCli } from "../helpers/spawn-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";

// A project that generate, check and init would write into, had they run.
const PROJECT = { "schema-src/a.yaml": "type: string\n" };

/** Each command as typed with its operands, and a flag that takes a value there. */
const COMMANDS: [string, string[], string][] = [
  ["generate", [], "--out"],
  ["check", [], "--out"],
  ["validate", ["a", "data.yaml"], "--out"],
  ["diff", ["--base-dir", "old"], "--out"],
  ["watch", [], "--out"],
  ["init", [], "--source"],
  ["explain", ["CH001"], "--format"],
];

/** What a flag that does not parse prints: the message, the command's usage line, where its options are. */
async function refusal(command: string, operands: string[], flags: string[], dir: string) {
  const usageLine = (await runCli([command, "--help"], dir)).stdout.split("\n")[0];
  const before = snapshotTree(dir);
  const result = await runCli([command, ...operands, ...flags], dir);
  expect(snapshotTree(dir)).toEqual(before);
  expect(result.stdout).toBe("");
  expect(result.code).toBe(2);
  const [message, usage, more, ...rest] = result.stderr.split("\n");
  expect([usage, more, rest]).toEqual([usageLine, `run charter ${command} --help for the options`, [""]]);
  return message;
}

describe("a flag that does not parse", () => {
  it.each(COMMANDS)(
    "%s: names it in plain words with the command's usage line, exit 2, writes nothing",
    async (command, operands, valued) => {
      const dir = tempTree(PROJECT);
      expect(await refusal(command, operands, ["--bogus"], dir)).toBe(`charter ${command}: unknown option --bogus`);
      expect(await refusal(command, operands, ["-x"], dir)).toBe(`charter ${command}: unknown option -x`);
      expect(await refusal(command, operands, [valued], dir)).toMatch(
        new RegExp(`^charter ${command}: ${valued} needs a value: ${valued} [A-Z|a-z]+$`),
      );
      expect(await refusal(command, operands, ["--keep-going=yes"], dir)).toBe(
        `charter ${command}: --keep-going takes no value; write --keep-going, not --keep-going=yes`,
      );
    },
  );

  it("prints the usage line that --help prints, from the same definition", async () => {
    const dir = tempTree(PROJECT);
    const result = await runCli(["generate", "--bogus"], dir);
    expect(result.stderr).toBe(
      "charter generate: unknown option --bogus\nusage: charter generate [options]\nrun charter generate --help for the options\n",
    );
    expect((await runCli(["diff", "--base"], dir)).stderr.split("\n").slice(0, 2)).toEqual([
      "charter diff: --base needs a value: --base REF",
      "usage: charter diff --base REF | --base-dir DIR [options]",
    ]);
  });

  it("names the group a short flag came in, and a forgotten value that reads as an option", async () => {
    const dir = tempTree(PROJECT);
    expect(await refusal("generate", [], ["-qx"], dir)).toBe("charter generate: unknown option -x (in -qx)");
    expect(await refusal("generate", [], ["--out", "--quiet"], dir)).toBe(
      "charter generate: --out needs a value: --out DIR, not the option --quiet; write --out=--quiet if that is the value",
    );
    // Written as the message says, it is a value.
    expect((await runCli(["generate", "--out=--quiet", "--help"], dir)).code).toBe(0);
    expect(await refusal("generate", [], ["--quiet", "--help=1"], dir)).toBe(
      "charter generate: --help takes no value; write --help, not --help=1",
    );
  });

  it("treats an option another command takes as one this command does not", async () => {
    const dir = tempTree(PROJECT);
    expect(await refusal("validate", ["a", "data.yaml"], ["--jobs", "2"], dir)).toBe(
      "charter validate: --jobs does not apply to validate (it is an option of generate, check, diff, watch)",
    );
    expect(await refusal("init", [], ["--keep-going"], dir)).toBe(
      "charter init: --keep-going does not apply to init (it is an option of generate, check, watch)",
    );
    expect(await refusal("check", [], ["--max-errors", "1"], dir)).toBe(
      "charter check: --max-errors does not apply to check (it is an option of validate)",
    );
  });

  it("suggests the command or option a typo most likely meant", async () => {
    const dir = tempTree(PROJECT);
    expect((await runCli(["generat"], dir)).stderr.split("\n")[0]).toBe(
      'charter: unknown command "generat"; did you mean "generate"? The commands are generate, check, validate, diff, watch, docs, explain, init',
    );
    expect((await runCli(["generate", "--max-warning", "0"], dir)).stderr.split("\n")[0]).toBe(
      "charter generate: unknown option --max-warning; did you mean --max-warnings?",
    );
    expect((await runCli(["check", "--max-error", "3"], dir)).stderr.split("\n")[0]).toBe(
      "charter check: unknown option --max-error; did you mean --max-errors (an option of validate)?",
    );
    expect((await runCli(["--verison"], dir)).stderr.split("\n")[0]).toBe(
      "charter: unknown option --verison; did you mean --version?",
    );
  });

  it("without a command, points at charter --help; an unknown command is said first", async () => {
    const dir = tempTree(PROJECT);
    const bare = await runCli(["--bogus"], dir);
    expect([bare.code, bare.stderr]).toEqual([
      2,
      "charter: unknown option --bogus\nusage: charter <command> [options]\nrun charter --help for the commands and options\n",
    ]);
    const both = await runCli(["frob", "--bogus"], dir);
    expect([both.code, both.stderr.split("\n")[0]]).toEqual([
      2,
      'charter: unknown command "frob"; the commands are generate, check, validate, diff, watch, docs, explain, init',
    ]);
    // A name every object has is no command either.
    const inherited = await runCli(["constructor"], dir);
    expect([inherited.code, inherited.stderr.split("\n")[0]]).toEqual([
      2,
      'charter: unknown command "constructor"; the commands are generate, check, validate, diff, watch, docs, explain, init',
    ]);
  });

  it("in a real process: those three lines on stderr and nothing else", () => {
    const dir = tempTree(PROJECT);
    const result = spawnCli(["generate", "--bogus"], { cwd: dir });
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "charter generate: unknown option --bogus\nusage: charter generate [options]\nrun charter generate --help for the options\n",
    });
    expect(snapshotTree(dir)).toEqual(PROJECT);
  });
});
