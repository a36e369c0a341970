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
