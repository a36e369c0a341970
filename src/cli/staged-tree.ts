import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { link, open, rename, rm } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { OutputSink } from "../targets/shared/output-files.js";

export const STAGING_SUFFIX = ".charter-new";

/** What is kept of a staged file: the size of its bytes, and their digest once something asked for it. */
export interface StagedFile {
  sha256?: string;
  bytes: number;
}

/** Files synced or linked at once when the tree is sealed. */
const SEALERS = 16;

/**
 * One run's new output, written beside the output (`<out>.charter-new-<pid>@<host>`,
 * a folder no other run removes while this process lives) as the pipeline
 * makes each file, so that a whole corpus's output is never in memory: only
 * each file's digest is kept. Each file is written at once, synchronously, to
 * the page cache (a corpus's 400 MB cost this thread well under a second; an
 * asynchronous write waits for a busy thread, holding its text meanwhile);
 * `seal` syncs the files that changed and links those that did not to the
 * output's own (a file whose bytes the run's record vouches the output holds
 * is linked when it is made, not written), and the caller then swaps the tree
 * in under the output lock.
 * A write that fails stops the others; `settled` reports it.
 */
export class StagedTree implements OutputSink {
  readonly folder: string;
  readonly files = new Map<string, StagedFile>();
  private readonly folders = new Set<string>();
  /** Files staged as hard links to the output's own: already what sealing would make of an unchanged file. */
  private readonly linked = new Set<string>();
  private failure: { error: unknown } | undefined;
  /** The digests of the output's files, as the run record that vouches for them has them. */
  private known: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly outDir: string,
    /**
     * Digest each file as it is written: for a run that records every file's digest. Otherwise a
     * digest is made only when asked for (`digest`), which a run to an empty or different output
     * never does: the corpus's 250 MB took 1.6 s of this thread to hash.
     */
    private readonly digestOnWrite = true,
  ) {
    this.folder = `${outDir}${STAGING_SUFFIX}-${process.pid}@${hostname()}`;
  }

  /**
   * The sha256 of a staged file's bytes: kept since it was written, or read back now, from the
   * staging folder or, once the tree has been swapped in, from the output.
   */
  digest(file: string): string {
    const staged = this.files.get(file);
    if (staged === undefined) throw new Error(`${file} was not staged`);
    if (staged.sha256 === undefined) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(this.pathOf(file));
      } catch {
        bytes = readFileSync(path.join(this.outDir, ...file.split("/")));
      }
      staged.sha256 = createHash("sha256").update(bytes).digest("hex");
    }
    return staged.sha256;
  }

  /** Every staged file's digest, by path. */
  digests(): Map<string, string> {
    return new Map([...this.files.keys()].map((file) => [file, this.digest(file)]));
  }

  /** Whether `bytes` are the staged file's: compared with its digest where it has one, else with the file itself. */
  holds(file: string, bytes: Buffer): boolean {
    const staged = this.files.get(file);
    if (staged === undefined || staged.bytes !== bytes.length) return false;
    if (staged.sha256 !== undefined) return createHash("sha256").update(bytes).digest("hex") === staged.sha256;
    return bytes.equals(readFileSync(this.pathOf(file)));
  }

  /** Files of the output whose digests a record has just checked: `keep` takes them without reading them. */
  vouchFor(outputs: Iterable<readonly [file: string, sha256: string, ...rest: unknown[]]>): void {
    this.known = new Map([...outputs].map(([file, sha256]) => [file, sha256]));
  }

  /** Whether the file was staged as a link to the output's own: the same file, so the same bytes. */
  isLinked(file: string): boolean {
    return this.linked.has(file);
  }

  /** Stages the output's own file: a hard link to it where the file system allows, else a copy. */
  keep(file: string): void {
    const source = path.join(this.outDir, ...file.split("/"));
    try {
      const sha256 = this.known.get(file) ?? createHash("sha256").update(readFileSync(source)).digest("hex");
      this.files.set(file, { sha256, bytes: statSync(source).size });
      if (this.failure) return;
      const target = this.pathOf(file);
      this.makeFolder(path.dirname(target));
      if (!this.linkToOutput(file, target)) copyFileSync(source, target);
    } catch (error) {
      this.failure = { error };
    }
  }

  set(file: string, content: string): this {
    const sha256 = this.digestOnWrite ? createHash("sha256").update(content, "utf8").digest("hex") : undefined;
    this.files.set(file, { ...(sha256 !== undefined ? { sha256 } : {}), bytes: Buffer.byteLength(content, "utf8") });
    if (this.failure) return this;
    try {
      const target = this.pathOf(file);
      this.makeFolder(path.dirname(target));
      const wasLinked = this.linked.has(file);
      // Bytes the output's file holds, as the record vouches: a link to it, which sealing would make anyway.
      const vouched = sha256 !== undefined && this.known.get(file) === sha256;
      if (vouched && (wasLinked || this.linkToOutput(file, target))) return this;
      // Written through, a link to the output's file would change the output itself.
      if (wasLinked) {
        this.linked.delete(file);
        rmSync(target, { force: true });
      }
      writeFileSync(target, content, "utf8");
    } catch (error) {
      this.failure = { error };
    }
    return this;
  }

  /** Stages `file` as a hard link to the output's own; false where the file system refuses (or it is staged already). */
  private linkToOutput(file: string, target: string): boolean {
    try {
      linkSync(path.join(this.outDir, ...file.split("/")), target);
    } catch {
      return false;
    }
    this.linked.add(file);
    return true;
  }

  /** Throws what stopped a write, if anything did. */
  settled(): Promise<void> {
    return this.failure ? Promise.reject(this.failure.error) : Promise.resolve();
  }

  /**
   * Makes the tree durable: each file in `unchanged` (its bytes the same in
   * `outDir`) becomes a hard link to the output's, where the file system has
   * them; every other file is synced to the disk.
   */
  async seal(outDir: string, unchanged: ReadonlySet<string>): Promise<void> {
    await this.settled();
    // A run that produced no file still swaps in a tree: an empty one.
    this.makeFolder(this.folder);
    const pending = [...this.files.keys()];
    const sealer = async (): Promise<void> => {
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        const target = this.pathOf(file);
        // Renaming a link over another link to the same file does nothing: the temporary link would stay.
        if (unchanged.has(file) && this.linked.has(file)) continue;
        if (unchanged.has(file) && (await linkInPlace(path.join(outDir, ...file.split("/")), target))) continue;
        const handle = await open(target, "r+");
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      }
    };
    await Promise.all(Array.from({ length: SEALERS }, sealer));
  }

  /** Removes the staging folder: the run writes nothing, or its write failed. */
  async discard(): Promise<void> {
    await rm(this.folder, { recursive: true, force: true });
  }

  private pathOf(file: string): string {
    return path.join(this.folder, ...file.split("/"));
  }

  /** A folder of the staging tree, made once; the tree itself starts empty, whatever an earlier process of this id left. */
  private makeFolder(folder: string): void {
    if (this.folders.has(folder)) return;
    if (this.folders.size === 0) {
      rmSync(this.folder, { recursive: true, force: true });
      mkdirSync(this.folder, { recursive: true });
      this.folders.add(this.folder);
    }
    mkdirSync(folder, { recursive: true });
    this.folders.add(folder);
  }
}

/**
 * The run that stages in a folder of this name beside `outDir`: its process
 * and host (none for the name of charter's earlier versions, which staged
 * under the lock only); undefined when the name is not a staging folder's.
 */
export function stagingRun(outDir: string, entry: string): { pid?: number; host?: string } | undefined {
  const base = path.basename(outDir) + STAGING_SUFFIX;
  if (entry === base) return {};
  const match = /^-(\d+)(?:@(.+))?$/.exec(entry.startsWith(base) ? entry.slice(base.length) : "");
  if (!match) return undefined;
  return { pid: Number(match[1]), ...(match[2] !== undefined ? { host: match[2] } : {}) };
}

/** Replaces `target` by a hard link to `source`; false, with `target` untouched, where the file system refuses. */
async function linkInPlace(source: string, target: string): Promise<boolean> {
  const temporary = `${target}.charter-link`;
  try {
    await link(source, temporary);
  } catch {
    return false;
  }
  await rename(temporary, target);
  return true;
}
