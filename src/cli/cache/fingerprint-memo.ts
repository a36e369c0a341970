import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { contentDigest, listCode, type CodeRoot } from "./code-files.js";

/** What a memo file holds: the listing it was made from, with the times it was made at, and the digest. */
interface Memo {
  roots: CodeRoot[];
  /** Each folder listed, and its stamp then. */
  folders: [folder: string, stamp: string][];
  files: [label: string, file: string][];
  /** A digest of the files' labels and stamps. */
  key: string;
  digest: string;
}

/** How long after a file's last change its memo may be written: a later change gets other times. */
const SETTLED_MS = 2000;

/**
 * `contentDigest` of the code below `roots`, from the memo file `memoFile` while nothing in it
 * changed: a `stat` of each folder (its entries are those listed while none was added, removed
 * or renamed) and of each file (its size, modification and change times and inode: a file
 * replaced, even with as many bytes and the old modification time that packages carry, has a
 * new inode and change time) instead of listing the folders and reading every file. A memo is
 * written only when nothing changed in the last two seconds, since a change within the file
 * system's clock tick would keep the times recorded. A memo that cannot be read or written costs
 * its time only.
 */
export function memoizedCodeDigest(
  roots: readonly CodeRoot[],
  memoFile: string,
  /** What changed before this time (milliseconds since the epoch) may be kept. */
  settledBefore = Date.now() - SETTLED_MS,
): string {
  const kept = readMemo(memoFile);
  // The memo's listing holds while no folder in it changed; else the folders are listed again.
  const keptStates =
    kept !== undefined && JSON.stringify(kept.roots) === JSON.stringify(roots)
      ? kept.folders.map(([folder]) => folderState(folder))
      : undefined;
  const listed = keptStates !== undefined && keptStates.every((state, i) => state.stamp === kept!.folders[i]![1]);
  let files: [string, string][];
  let folders: [string, string][];
  let states: FolderState[];
  if (listed) ({ files, folders, states } = { ...kept!, states: keptStates });
  else {
    const listing = listCode(roots);
    files = listing.files;
    states = listing.folders.map(folderState);
    folders = listing.folders.map((folder, i) => [folder, states[i]!.stamp]);
  }
  const stamps = createHash("sha256");
  let latest = 0n;
  for (const [label, file] of files) {
    const stat = statSync(file, { bigint: true });
    stamps.update(`${label}\0${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino}\0`);
    latest = later(latest, later(stat.mtimeNs, stat.ctimeNs));
  }
  const key = stamps.digest("hex");
  if (listed && kept!.key === key) return kept!.digest;
  const digest = contentDigest(files);
  for (const state of states) latest = later(latest, state.changed);
  if (BigInt(Math.floor(settledBefore)) * 1_000_000n > latest)
    writeMemo(memoFile, {
      roots: roots.map(([prefix, dir]) => [prefix, dir]),
      folders,
      files,
      key,
      digest,
    });
  return digest;
}

interface FolderState {
  /** Its times and inode, or "absent". */
  stamp: string;
  /** When it last changed, in nanoseconds (0 when it is gone). */
  changed: bigint;
}

function folderState(folder: string): FolderState {
  const stat = statSync(folder, { bigint: true, throwIfNoEntry: false });
  return stat === undefined
    ? { stamp: "absent", changed: 0n }
    : { stamp: `${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino}`, changed: later(stat.mtimeNs, stat.ctimeNs) };
}

function later(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function readMemo(file: string): Memo | undefined {
  try {
    const memo = JSON.parse(readFileSync(file, "utf8")) as Partial<Memo>;
    const pairs = (value: unknown) =>
      Array.isArray(value) &&
      value.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === "string"));
    return pairs(memo.roots) &&
      pairs(memo.folders) &&
      pairs(memo.files) &&
      typeof memo.key === "string" &&
      typeof memo.digest === "string"
      ? (memo as Memo)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole (a temporary file renamed), so that a reader never sees half a memo. */
function writeMemo(file: string, memo: Memo): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(memo));
    renameSync(temporary, file);
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // A folder that takes no write takes no memo either: the next run reads the files again.
    }
  }
}
