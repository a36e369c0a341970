import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, type Dirent } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The libraries whose output charter writes or whose verdicts it reports. */
const GENERATING_PACKAGES = [
  "ajv",
  "ajv-draft-04",
  "ajv-formats",
  "json-schema-to-typescript",
  "prettier",
  "re2js",
  "ts-morph",
  "typescript",
];

const THIS_FILE = fileURLToPath(import.meta.url);
const PACKAGE_ROOT = packageRoot(THIS_FILE);
// src/ when run from the sources, dist/ when built (this module, or the CLI's bundle of it).
const CODE_ROOT = path.join(PACKAGE_ROOT, path.relative(PACKAGE_ROOT, THIS_FILE).split(path.sep)[0]!);

let computed: Promise<string> | undefined;

/**
 * A digest of everything that decides what charter generates besides its
 * input: every file of its own code and templates (so a development checkout
 * whose version number has not moved still gets a new fingerprint for each
 * change), its package.json, Node's version, the installed version of
 * each generating library, and the built code of the runtime package, whose
 * format checks decide the verdicts on examples (a workspace checkout keeps
 * its version number while that code changes).
 */
export function charterFingerprint(): Promise<string> {
  computed ??= compute();
  return computed;
}

async function compute(): Promise<string> {
  const hash = createHash("sha256").update(process.version);
  for (const root of [CODE_ROOT, path.join(PACKAGE_ROOT, "templates")]) {
    const folder = path.relative(PACKAGE_ROOT, root);
    // Hundreds of small files: read one after another without a promise each, which takes ten times as long.
    for (const [name, file] of codeFiles(root))
      hash.update(`${folder}${path.sep}${name}\0`).update(read(file)).update("\0");
  }
  hash.update(await readFile(path.join(PACKAGE_ROOT, "package.json")));
  const require = createRequire(import.meta.url);
  for (const name of GENERATING_PACKAGES) hash.update(`${name}@${installedVersion(require, name)}\0`);
  // Both builds (dist/esm, which the compiler loads, and dist/cjs): the folder above the resolved one.
  const runtimeCode = path.dirname(path.dirname(require.resolve("charter-runtime/formats")));
  for (const [name, file] of codeFiles(runtimeCode)) hash.update(`${name}\0`).update(read(file)).update("\0");
  return hash.digest("hex");
}

/**
 * The package this module is part of: the nearest folder above it with a package.json. Found,
 * not counted in levels, because the CLI's bundle (dist/cli/charter.js) holds this module too.
 */
function packageRoot(file: string): string {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return path.dirname(file);
  }
}

let buffer = Buffer.allocUnsafe(1 << 16);

/**
 * A file's bytes, in one buffer kept between calls: opening, reading and closing (no `stat`, no
 * new buffer each time) costs about two thirds of readFileSync's time on hundreds of small files.
 * The view is valid until the next call.
 */
function read(file: string): Buffer {
  const fd = openSync(file, "r");
  let length = 0;
  try {
    // A read that fills less than it was offered has met the end of a regular file.
    for (;;) {
      length += readSync(fd, buffer, length, buffer.length - length, null);
      if (length < buffer.length) break;
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
  } finally {
    closeSync(fd);
  }
  return buffer.subarray(0, length);
}

/** Declarations and build info decide nothing charter writes: leaving them out halves what each run reads. */
const NOT_CODE = /\.d\.[cm]?ts$|\.tsbuildinfo$/;

/**
 * Every file of code below `dir`: its path from `dir` and its whole path, sorted, so that the
 * digest does not depend on directory order. Paths are joined as strings: `path.join` on each
 * of hundreds of files took a quarter of the fingerprint's time.
 */
function codeFiles(dir: string): [name: string, file: string][] {
  const top = path.resolve(dir);
  let entries: Dirent[];
  try {
    // Synchronous: Node 20's recursive readdir with promises takes ten times as long.
    entries = readdirSync(top, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const files: [string, string][] = [];
  // Filtered by name first: the declarations are half of the entries.
  for (const entry of entries) {
    if (!entry.isFile() || NOT_CODE.test(entry.name)) continue;
    const parent = entry.parentPath ?? (entry as unknown as { path: string }).path; // parentPath from Node 20.12
    const name = parent === top ? entry.name : `${parent.slice(top.length + 1)}${path.sep}${entry.name}`;
    files.push([name, `${top}${path.sep}${name}`]);
  }
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The version of the package `name` that `require` finds: the package.json of the first
 * `node_modules/<name>` on its lookup path, which is the folder Node resolves the name to.
 * Read directly: resolving each entry point read the packages' `exports` and climbed from there.
 */
function installedVersion(require: NodeJS.Require, name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const manifest = path.join(dir, name, "package.json");
    // Asked first: a read that fails throws, and the folders tried before the right one cost an error each.
    if (!existsSync(manifest)) continue;
    let text: string;
    try {
      text = readFileSync(manifest, "utf8");
    } catch {
      continue;
    }
    try {
      return (JSON.parse(text) as { version?: string }).version ?? "unknown";
    } catch {
      return "unknown";
    }
  }
  return "absent";
}
