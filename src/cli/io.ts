/** What a command may touch of its process: injected, so tests run the CLI in-process. */
export interface CliIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * Standard input (for `charter validate CONTRACT -`), read to its end, or
   * undefined once more than `limit` bytes came (what came is dropped); absent where there is none.
   */
  stdin?: (limit: number) => Promise<Buffer | undefined>;
  /** A terminal on stderr: room for a progress display. */
  progress?: boolean;
  /** Colour wanted on stdout, and on stderr: each a terminal, and no NO_COLOR. */
  colour?: { stdout: boolean; stderr: boolean };
  /**
   * Starts listening for the user's request to stop (Ctrl-C, SIGTERM) and settles on it: how
   * `charter watch` ends. Only a command that waits calls it; the others keep the default, dying.
   */
  interrupted?: () => Promise<void>;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
/** `charter validate`: no file was found invalid, but some were too deep to judge (no verdict either way). */
export const EXIT_NOT_JUDGED = 3;
/** A defect of charter's, not of the input or the command line (sysexits' EX_SOFTWARE): CI can tell a bug from a bad flag. */
export const EXIT_INTERNAL = 70;
/** Another run holds the output: try again later (sysexits' EX_TEMPFAIL). */
export const EXIT_BUSY = 75;
