import { readFileSync } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

/** Beside the output directory, not in it: the directory itself is replaced by each run. */
export const LOCK_SUFFIX = ".charter-lock";

/** Who holds the lock, as its file records it. */
export interface LockHolder {
  pid: number;
  host: string;
}

export type LockResult = { ok: true; release: () => Promise<void> } | { ok: false; holder: LockHolder | undefined };

export interface LockOptions {
  /** How long to wait for another run, in milliseconds; 0 gives up at once. */
  waitMs: number;
  /** Told once, when the lock is found held: the caller says so to the user. */
  onWait?: (holder: LockHolder | undefined) => void;
  /** Milliseconds between tries (tests shorten it). */
  pollMs?: number;
}

export function lockPath(outDir: string): string {
  return outDir + LOCK_SUFFIX;
}

/**
 * Takes the advisory lock on `outDir`: a file created exclusively beside it,
 * holding the pid and host of its owner. A lock whose owner was killed (same
 * host, no such process) is taken over; one held by a live run is waited
 * for, up to `waitMs`. Only writers take it: `generate` and `watch`'s runs.
 */
export async function acquireOutputLock(outDir: string, options: LockOptions): Promise<LockResult> {
  const file = lockPath(outDir);
  const deadline = Date.now() + options.waitMs;
  let told = false;
  for (;;) {
    const me: LockHolder = { pid: process.pid, host: hostname() };
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(JSON.stringify(me) + "\n", "utf8");
      } catch (error) {
        // A lock without its owner (a full disk) would read as another run's: it is not left behind.
        await handle.close().catch(() => undefined);
        await rm(file, { force: true }).catch(() => undefined);
        throw error;
      }
      await handle.close();
      return { ok: true, release: () => releaseLock(file, me) };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // The output's parent may not exist yet (`--out build/contracts`): the write would create it anyway.
      if (code === "ENOENT") {
        await mkdir(path.dirname(file), { recursive: true });
        continue;
      }
      if (code !== "EEXIST") throw error;
    }
    const holder = await readHolder(file);
    if (holder !== "gone") {
      // An unreadable lock is one its owner is still writing, unless it has been so for a while.
      const stale = holder === undefined ? await olderThan(file, HALF_WRITTEN_MS) : !isAlive(holder);
      if (stale) {
        // A lock its owner cannot release (killed, or a file half written by one): take it over.
        await takeOver(file, holder);
        continue;
      }
      if (Date.now() >= deadline) return { ok: false, holder };
      if (!told) {
        told = true;
        options.onWait?.(holder);
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
    }
  }
}

/** The holder of a lock held by a live run right now, if any: what `check` waits out. */
export function liveHolder(outDir: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(lockPath(outDir), "utf8");
  } catch {
    return undefined;
  }
  const holder = parseHolder(text);
  return holder !== undefined && isAlive(holder) ? holder : undefined;
}

/** Waits while a live run holds the lock on `outDir`, up to `waitMs`; the holder if it still does. */
export async function waitForWriters(outDir: string, options: LockOptions): Promise<LockHolder | undefined> {
  const deadline = Date.now() + options.waitMs;
  let told = false;
  for (;;) {
    const holder = liveHolder(outDir);
    if (holder === undefined || Date.now() >= deadline) return holder;
    if (!told) {
      told = true;
      options.onWait?.(holder);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

/** How long a lock file may stay without a readable owner before it counts as left by a killed run. */
const HALF_WRITTEN_MS = 5_000;

async function olderThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs > ms;
  } catch {
    return false;
  }
}

async function readHolder(file: string): Promise<LockHolder | undefined | "gone"> {
  try {
    return parseHolder(await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    throw error;
  }
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    return typeof value.pid === "number" && typeof value.host === "string"
      ? { pid: value.pid, host: value.host }
      : undefined;
  } catch {
    return undefined;
  }
}

/** A process on another host cannot be asked; it counts as alive (a shared folder: wait, or give up). */
export function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes a stale lock so that the next exclusive create can win. Two runs may
 * both find it stale: each renames it to a name of its own, which only one
 * rename achieves, and a run that moved a fresh lock (taken meanwhile by a
 * third) puts it back.
 */
async function takeOver(file: string, stale: LockHolder | undefined): Promise<void> {
  const aside = `${file}.${process.pid}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = await readHolder(aside);
  const same =
    moved === "gone" ||
    (moved === undefined
      ? stale === undefined
      : stale !== undefined && moved.pid === stale.pid && moved.host === stale.host);
  if (!same) await rename(aside, file).catch(() => undefined);
  else await rm(aside, { force: true });
}

async function releaseLock(file: string, me: LockHolder): Promise<void> {
  const holder = await readHolder(file).catch(() => "gone" as const);
  // Never remove a lock another run took over (after this one was thought dead).
  if (holder !== "gone" && holder !== undefined && holder.pid === me.pid && holder.host === me.host)
    await rm(file, { force: true });
}

export function describeHolder(holder: LockHolder | undefined, outDir: string, cwd: string): string {
  const out = path.relative(cwd, outDir) || ".";
  return holder === undefined
    ? `another charter run on ${out}/`
    : `another charter run on ${out}/, pid ${holder.pid}${holder.host === hostname() ? "" : ` on ${holder.host}`}`;
}
