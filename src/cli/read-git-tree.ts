import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * The files under `dir` as they are at the git revision `ref`, read with git
 * (`ls-tree`, then one `cat-file --batch`): no checkout, nothing written.
 * Paths come back relative to `dir`; `keep` chooses which are read. A message
 * when git, the repository or the revision is missing.
 */
export function readGitTree(
  dir: string,
  ref: string,
  keep: (relative: string) => boolean,
): Map<string, string> | string {
  // git runs in the nearest folder that exists (the output directory itself may not), and every
  // path is taken from the repository's top, whatever that folder is, through symbolic links too.
  let anchor = dir;
  while (!existsSync(anchor) && path.dirname(anchor) !== anchor) anchor = path.dirname(anchor);
  const real = path.join(realpathSync(anchor), path.relative(anchor, dir));
  const git = (args: string[], input?: string) =>
    spawnSync("git", args, { cwd: realpathSync(anchor), input, maxBuffer: 1 << 30 });
  const top = git(["rev-parse", "--show-toplevel"]);
  if (top.error) return `cannot run git (${(top.error as NodeJS.ErrnoException).code ?? top.error.message})`;
  if (top.status !== 0) return "not inside a git repository";
  const root = realpathSync(top.stdout.toString("utf8").trim());
  const verified = git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  if (verified.status !== 0) return `git knows no revision "${ref}"`;
  const commit = verified.stdout.toString("utf8").trim();
  const prefix = path.relative(root, real).split(path.sep).join("/");
  if (prefix.startsWith("..")) return "the output directory is outside the git repository";
  const listed = git([
    "ls-tree",
    "-r",
    "-z",
    "--full-tree",
    "--name-only",
    commit,
    ...(prefix === "" ? [] : ["--", prefix]),
  ]);
  if (listed.status !== 0) return `git ls-tree failed: ${listed.stderr.toString("utf8").trim()}`;
  const names = listed.stdout
    .toString("utf8")
    .split("\0")
    .filter((name) => name !== "")
    .map((name) => ({ name, relative: prefix === "" ? name : name.slice(prefix.length + 1) }))
    .filter(({ relative }) => keep(relative));
  const files = new Map<string, string>();
  if (names.length === 0) return files;
  const batch = git(["cat-file", "--batch"], names.map(({ name }) => `${commit}:${name}\n`).join(""));
  if (batch.status !== 0) return `git cat-file failed: ${batch.stderr.toString("utf8").trim()}`;
  // Each object: "<sha> <type> <size>\n", then <size> bytes, then "\n".
  let offset = 0;
  for (const { relative } of names) {
    const end = batch.stdout.indexOf(0x0a, offset);
    const header = batch.stdout.subarray(offset, end).toString("utf8").split(" ");
    const size = Number(header[2]);
    if (header[1] !== "blob" || !Number.isInteger(size)) return `git cat-file gave no blob for ${relative}`;
    files.set(relative, batch.stdout.subarray(end + 1, end + 1 + size).toString("utf8"));
    offset = end + 1 + size + 1;
  }
  return files;
}
