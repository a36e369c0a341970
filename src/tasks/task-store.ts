/**
 * Where results of pure per-contract tasks are kept between runs, keyed by a
 * digest of the task and its whole input. The compiler reads and fills one
 * when it is given one; the file-backed store (src/cli/cache/task-cache.ts)
 * is the CLI's, which alone touches the file system.
 */
export interface TaskStore {
  key(task: string, input: unknown): string;
  /** The key of an input already serialized with JSON.stringify. */
  keyOfText(task: string, text: string): string;
  /** The value stored under `key`, or undefined when there is none (or it was damaged). */
  read<T>(key: string): Promise<T | undefined>;
  write(key: string, value: unknown): Promise<void>;
  /** Entries found damaged (and dropped) since the store was opened: the run reports them once. */
  readonly damaged: number;
}
