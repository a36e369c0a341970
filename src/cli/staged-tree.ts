import { createHash } from "node:crypto";
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { link, open, rename, rm } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import type { OutputSink } from "../targets/shared/output-files.js";
import { folderIdentity, keptListing, type KeptTree } from "./kept-tree.js";

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
  /** Filling a kept tree: its entries not yet replaced or taken, and those that are the output's own files. */
  private pending: Set<string> | undefined;
  private sameAsOutput: ReadonlySet<string> = new Set();
  private kept: KeptTree | undefined;
  /** Swapped in: the folder of this name is no longer this tree (it may be the next run's kept one). */
  private swapped = false;

  constructor(
    private readonly outDir: string,
    /**
     * Digest each file as it is written: for a run that records every file's digest. Otherwise a
     * digest is made only when asked for (`digest`), which a run to an empty or different output
     * never does: the corpus's 250 MB took 1.6 s of this thread to hash.
     */
    private readonly digestOnWrite = true,
    /** The previous output, which this process's last swap kept in this tree's folder: filled again when still valid. */
    kept?: KeptTree,
  ) {
    this.folder = `${outDir}${STAGING_SUFFIX}-${process.pid}@${hostname()}`;
    if (kept) this.takeKept(kept);
  }

  /**
   * Starts from the kept tree when its links are still the output's (no other run swapped
   * since) and it lies where this tree stages; otherwise from an empty folder, as always.
   */
  private takeKept(kept: KeptTree): void {
    // Kept beside another output (the config moved it): this process's own folder, of no further use.
    if (kept.folder !== this.folder) rmSync(kept.folder, { recursive: true, force: true });
    const listing =
      kept.folder === this.folder && folderIdentity(this.outDir) === kept.output ? keptListing(this.folder) : undefined;
    if (listing === undefined) return;
    this.pending = listing.files;
    for (const folder of listing.folders) this.folders.add(folder);
    this.sameAsOutput = kept.sameAsOutput;
    this.kept = kept;
  }

  /** The kept tree this one started from, while nothing has been staged in it: still good for a later run. */
  untouchedKept(): KeptTree | undefined {
    return this.files.size === 0 && !this.swapped && this.failure === undefined ? this.kept : undefined;
  }

  /** Takes a kept file as it is: the output's own, and the run's bytes are the output's. */
  private reuses(file: string): boolean {
    if (!this.pending?.has(file) || !this.sameAsOutput.has(file)) return false;
    this.pending.delete(file);
    this.linked.add(file);
    return true;
  }

  /**
   * Takes away what a kept tree has where `file` goes: a file in place of one of its folders, a
   * folder in its place, or the file itself. Each is unlinked, never written into: it may be
   * a hard link to the output's own file.
   */
  private clearFor(file: string): void {
    if (this.pending === undefined) return;
    const parts = file.split("/");
    for (let i = 1; i < parts.length; i++) {
      const above = parts.slice(0, i).join("/");
      if (this.pending.delete(above)) rmSync(this.pathOf(above), { force: true });
    }
    const target = this.pathOf(file);
    // A kept folder: one this run made, or staged a file in, stays, and the write meets it as before.
    if (this.folders.has(target) && ![...this.files.keys()].some((made) => made.startsWith(`${file}/`))) {
      rmSync(target, { recursive: true, force: true });
      for (const inside of [...this.pending]) if (inside.startsWith(`${file}/`)) this.pending.delete(inside);
      for (const folder of [...this.folders])
        if (folder === target || folder.startsWith(target + path.sep)) this.folders.delete(folder);
    }
    if (this.pending.delete(file)) rmSync(target, { force: true });
  }

  /** What a kept tree holds that this run did not make: its files, then its folders that no file of the run is in. */
  private removeStale(): void {
    if (this.pending === undefined) return;
    for (const file of this.pending) rmSync(this.pathOf(file), { recursive: true, force: true });
    this.pending = undefined;
    const needed = new Set([this.folder]);
    for (const file of this.files.keys())
      for (let folder = path.dirname(this.pathOf(file)); !needed.has(folder); folder = path.dirname(folder))
        needed.add(folder);
    // The deepest first: a folder left behind is empty once those inside it are gone.
    for (const folder of [...this.folders].filter((f) => !needed.has(f)).sort((a, b) => b.length - a.length)) {
      rmSync(folder, { recursive: true, force: true });
      this.folders.delete(folder);
    }
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
      if (this.failure || this.reuses(file)) return;
      this.clearFor(file);
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
      // Bytes the output's file holds, as the record vouches: a link to it, which sealing would make anyway.
      const vouched = sha256 !== undefined && this.known.get(file) === sha256;
      if (vouched && this.reuses(file)) return this;
      this.clearFor(file);
      this.makeFolder(path.dirname(target));
      const wasLinked = this.linked.has(file);
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
    this.removeStale();
    // A run that produced no file still swaps in a tree: an empty one.
    this.makeFolder(this.folder);
    const pending = [...this.files.keys()];
    const sealer = async (): Promise<void> => {
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        const target = this.pathOf(file);
        // Renaming a link over another link to the same file does nothing: the temporary link would stay.
        if (unchanged.has(file) && this.linked.has(file)) continue;
        if (unchanged.has(file) && (await linkInPlace(path.join(outDir, ...file.split("/")), target))) {
          this.linked.add(file);
          continue;
        }
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

  /** Removes the staging folder: the run writes nothing, or its write failed. Once swapped in, there is nothing to remove. */
  async discard(): Promise<void> {
    if (!this.swapped) await rm(this.folder, { recursive: true, force: true });
  }

  /** Told by the swap once the folder is the output: what lies at its name afterwards is not this tree. */
  swappedIn(): void {
    this.swapped = true;
  }

  /** The files staged as links to the previous output's: after the swap, that tree's files which are the new output's. */
  linkedFiles(): ReadonlySet<string> {
    return this.linked;
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
