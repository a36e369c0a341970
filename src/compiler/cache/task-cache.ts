import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { charterFingerprint } from "./fingerprint.js";

/**
 * Results of pure per-contract tasks (a contract's validators, its types),
 * on disk, keyed by a digest of the task's name, its whole input and the
 * fingerprint of the charter that computes it. A changed source, config
 * setting, dependency version or line of charter's code changes the key, so
 * an entry is never stale: it is found, or it is not. Entries are written
 * whole (a temporary file renamed) and a damaged one is a miss.
 */
export class TaskCache {
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
    return createHash("sha256").update(this.fingerprint).update("\0").update(task).update("\0").update(text).digest("hex");
  }

  async read<T>(key: string): Promise<T | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.file(key), "utf8")) as { key?: string; value?: T };
      return entry.key === key ? entry.value : undefined;
    } catch {
      return undefined;
    }
  }

  /** Best effort: a cache that cannot be written (read-only, full disk) only makes the next run slower. */
  async write(key: string, value: unknown): Promise<void> {
    const file = this.file(key);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(temporary, JSON.stringify({ key, value }));
      await rename(temporary, file);
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }
}
