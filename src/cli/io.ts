/** What a command may touch of its process: injected, so tests run the CLI in-process. */
export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, read whole (for `charter validate CONTRACT -`); absent where there is none. */
  stdin?: () => Promise<Buffer>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
