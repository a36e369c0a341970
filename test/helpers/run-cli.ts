import { run } from "../../src/cli/run.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process, as `charter ...args` from `cwd`, with `stdin` as standard input. */
export async function runCli(args: string[], cwd: string, stdin?: string): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await run(args, {
    cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    ...(stdin !== undefined ? { stdin: async () => Buffer.from(stdin) } : {}),
  });
  return { code, stdout, stderr };
}

/** Output with the run summary's counts and time taken out (`; 2 types modules, ..., 1.3 s`), for comparing the rest exactly. */
export function withoutSummary(text: string): string {
  return text.replace(
    /; \d+ types modules?, \d+ validators?, \d+ repairs? applied, \d+ examples? checked, \d+\.\d s$/gm,
    "",
  );
}
