/** What a command may touch of its process: injected, so tests run the CLI in-process. */
export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, read whole (for `charter validate CONTRACT -`); absent where there is none. */
  stdin?: () => Promise<Buffer>;
  /** A terminal on stderr: room for a progress display. */
  progress?: boolean;
  /** Colour wanted on stdout and stderr: a terminal, and no NO_COLOR. */
  colour?: boolean;
  /** Settles when the user asks the process to stop (Ctrl-C): how `charter watch` ends. */
  interrupted?: Promise<void>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
