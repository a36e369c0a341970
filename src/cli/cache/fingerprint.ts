import { createHash } from "node:crypto";
import { readdirSync, readFileSync, type Dirent } from "node:fs";
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

// This file is src/cli/cache/ (or dist/cli/cache/): its code root is two levels up, the package root three.
const CODE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

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
      hash.update(`${folder}${path.sep}${name}`).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(await readFile(path.join(PACKAGE_ROOT, "package.json")));
  const require = createRequire(import.meta.url);
  for (const name of GENERATING_PACKAGES) hash.update(`${name}@${installedVersion(require, name)}\0`);
  // Both builds (dist/esm, which the compiler loads, and dist/cjs): the folder above the resolved one.
  const runtimeCode = path.dirname(path.dirname(require.resolve("charter-runtime/formats")));
  for (const [name, file] of codeFiles(runtimeCode))
    hash.update(name).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
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
    let text: string;
    try {
      text = readFileSync(path.join(dir, name, "package.json"), "utf8");
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
