import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TaskStore } from "../../tasks/task-store.js";
import { compiledCodeFolder } from "../compiled-code-folder.js";
import { charterFingerprint } from "./fingerprint.js";
import { pruneWhenFull } from "./prune.js";
import { RootRelative } from "./root-relative.js";

/** Where nothing says otherwise, the cache is pruned back below this size after a run that added to it. */
export const DEFAULT_CACHE_MAX_BYTES = 1024 * 1024 * 1024;

export interface TaskCacheOptions {
  /** The project's folder: kept out of keys and values, so that the cache serves any checkout path. */
  root?: string | undefined;
  /** Past this many bytes, least-recently-used entries are removed (default `DEFAULT_CACHE_MAX_BYTES`). */
  maxBytes?: number | undefined;
}

/**
 * Results of pure per-contract tasks (a contract's validators, its types),
 * on disk, keyed by a digest of the task's name, its whole input and the
 * fingerprint of the charter that computes it. A changed source, config
 * setting, dependency version or line of charter's code changes the key, so
 * an entry is never stale: it is found, or it is not. Entries are written
 * whole (a temporary file renamed) with a digest of their value, and a
 * damaged one is a miss. Keys and values hold no absolute path of the
 * project, so the folder can be copied between checkouts and machines; an
 * entry's modification time is when it was last used, which pruning reads.
 */
export class TaskCache implements TaskStore {
  /** Entries found damaged (and removed) since the cache was opened: the run reports them once. */
  damaged = 0;
  /** Entries found and entries looked for in vain since the cache was opened. */
  hits = 0;
  misses = 0;
  private writtenBytes = 0;
  /** Renewals of entries' modification times under way: awaited before pruning, never in the way of a read. */
  private touches: Promise<void>[] = [];
  private readonly paths: RootRelative;

  private constructor(
    readonly dir: string,
    private readonly fingerprint: string,
    private readonly options: TaskCacheOptions,
  ) {
    this.paths = new RootRelative(options.root);
  }

  static async open(dir: string, options: TaskCacheOptions = {}): Promise<TaskCache> {
    // The fingerprint's memo goes in the folder of compiled code: like that code, it is about
    // charter's own files, holds their paths, and is no result to share with the cache.
    return new TaskCache(dir, await charterFingerprint(compiledCodeFolder(process.env, false)), options);
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
      .update(this.paths.keyText(text))
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
      this.misses++;
      return undefined;
    }
    const value = this.whole(key, text);
    if (value !== undefined) {
      try {
        const found = this.paths.decode<T>(value);
        this.hits++;
        const now = new Date();
        // Least recently used is what pruning removes first; a read-only cache is still a cache.
        this.touches.push(utimes(file, now, now).catch(() => undefined));
        return found;
      } catch {
        // Not JSON: damaged, as below.
      }
    }
    this.damaged++;
    this.misses++;
    await rm(file, { force: true }).catch(() => undefined);
    return undefined;
  }

  /** Best effort: a cache that cannot be written (read-only, full disk) only makes the next run slower. */
  async write(key: string, value: unknown): Promise<void> {
    const file = this.file(key);
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      const text = this.paths.encode(value);
      const entry = `${entryHead(key, digestOf(text))}","value":${text}}`;
      await writeFile(temporary, entry);
      await rename(temporary, file);
      this.writtenBytes += Buffer.byteLength(entry);
    } catch {
      await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  /** After a run that added entries, removes the least recently used when the cache has grown past its size. */
  async prune(): Promise<void> {
    await Promise.all(this.touches);
    this.touches = [];
    if (this.writtenBytes === 0) return;
    await pruneWhenFull(this.dir, this.writtenBytes, this.options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES).catch(
      () => undefined,
    );
  }

  /** The value's text of an entry that is whole: its head names `key`, and its value has the digest written with it. */
  private whole(key: string, text: string): string | undefined {
    const head = entryHead(key, "");
    const digestEnd = head.length + 64;
    if (!text.startsWith(head) || !text.endsWith("}") || text.slice(digestEnd, digestEnd + 10) !== '","value":')
      return undefined;
    const value = text.slice(digestEnd + 10, -1);
    return digestOf(value) === text.slice(head.length, digestEnd) ? value : undefined;
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key.slice(2)}.json`);
  }
}

/** An entry is `{"key":K,"sha256":D,"value":V}`, written in that order, so that its value's text is read without parsing the rest. */
function entryHead(key: string, digest: string): string {
  return `{"key":${JSON.stringify(key)},"sha256":"${digest}`;
}

function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
