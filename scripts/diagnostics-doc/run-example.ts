import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { run } from "../../src/cli/run.js";
import type { ExampleFile, RunnableExample } from "./examples.js";

export interface ExampleOutput {
  /** The command shown, as typed. */
  command: string;
  /** The printed lines that carry the code, as the user sees them. */
  lines: string[];
}

/** Runs the example's project through the CLI in a temporary directory and keeps the lines that report `code`. */
export async function runExample(code: string, example: RunnableExample): Promise<ExampleOutput> {
  const dir = mkdtempSync(path.join(tmpdir(), "charter-diagnostic-"));
  try {
    for (const [file, content] of Object.entries(example.files)) write(dir, file, content);
    for (const argv of example.before ?? []) await runIn(dir, argv);
    for (const [file, content] of Object.entries(example.edit ?? {})) {
      if (content === null) rmSync(path.join(dir, file));
      else write(dir, file, content);
    }
    const argv = example.argv ?? ["generate"];
    const printed = await runIn(dir, argv);
    const lines = printed.split("\n").filter((line) => line.includes(` ${code} `));
    if (lines.length === 0) throw new Error(`the example of ${code} no longer reports it; it printed:\n${printed}`);
    return { command: ["charter", ...argv].join(" "), lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function write(dir: string, file: string, content: ExampleFile): void {
  const target = path.join(dir, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (typeof content === "string") writeFileSync(target, content);
  else if ("encoding" in content) writeFileSync(target, Buffer.from(content.text, content.encoding));
  else writeFileSync(target, content.text);
}

async function runIn(cwd: string, argv: string[]): Promise<string> {
  let printed = "";
  const collect = (text: string) => {
    printed += text;
  };
  await run(argv, { cwd, stdout: collect, stderr: collect });
  // Nothing of the temporary directory may reach the page: it would differ on every run.
  return printed.split(cwd).join(".");
}
