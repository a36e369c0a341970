import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TaskStore } from "../../tasks/task-store.js";
import { charterFingerprint } from "./fingerprint.js";

/**
 * Results of pure per-contract tasks (a contract's validators, its types),
 * on disk, keyed by a digest of the task's name, its whole input and the
 * fingerprint of the charter that computes it. A changed source, config
 * setting, dependency version or line of charter's code changes the key, so
 * an entry is never stale: it is found, or it is not. Entries are written
 * whole (a temporary file renamed) with a digest of their value, and a
 * damaged one is a miss.
 */
export class TaskCache implements TaskStore {
  /** Entries found damaged (and removed) since the cache was opened: the run reports them once. */
  damaged = 0;

  private constructor(
    readonly dir: string,
    private readonly fingerprint: string,
  ) {}

  static async open(dir: string): Promise<TaskCache> {
    return new TaskCache(dir, await charterFingerprint());
  }

  key(task: string, input: unknown): string {
    return this.keyOfText(task, JSON.stringify(input));
  }

  /** The key of an input already serialized with JSON.stringify. */
  keyOfText(task: string, text: string): string {
    return createHash("sha256")
      .update(this.fingerprint)
      .update("\0")
      .update(task)
      .update("\0")
      .update(text)
      .digest("hex");
  }

  /**
   * The value stored under `key`, if its entry is whole: an entry that does not
   * parse, is filed under another key, or whose value no longer has the digest
   * it was written with (a damaged disk, a hand edit) is a miss, and is removed
   * so that the run that follows writes it afresh. The digest guards against
   * damage, not against someone who rewrites it too.
   */
  async read<T>(key: string): Promise<T | undefined> {
    const file = this.file(key);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch {
      return undefined;
    }
    try {
      const entry = JSON.parse(text) as { key?: string; sha256?: string; value?: T };
      if (entry.key === key && entry.sha256 === digestOf(JSON.stringify(entry.value))) return entry.value;
    } catch {
      // Not JSON: damaged, as below.
    }
    this.damaged++;
    await rm(file, { force: true }).catch(() => undefined);
    return undefined;
  }

  /** Best effort: a cache that cannot be written (read-only, full disk) only makes the next run slower. */
  async write(key: string, value: unknown): Promise<void> {
    const file = this.file(key);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      // The value's text is what its digest covers; reading parses and serialises it again, which gives the same text.
      const text = JSON.stringify(value);
      await writeFile(temporary, `{"key":${JSON.stringify(key)},"sha256":"${digestOf(text)}","value":${text}}`);
      await rename(temporary, file);
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
