import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { contentDigest, listCode, type CodeRoot } from "./code-files.js";
import { memoizedCodeDigest } from "./fingerprint-memo.js";

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
 *
 * With `memoFolder` (the user's own folder of compiled code), the digest of the code files is
 * kept there under the files' sizes, modification and change times and inode numbers, and read
 * back while none of them has changed: a `stat` of each file instead of reading all of them.
 */
export function charterFingerprint(memoFolder?: string): Promise<string> {
  computed ??= compute(memoFolder);
  return computed;
}

async function compute(memoFolder: string | undefined): Promise<string> {
  const hash = createHash("sha256").update(process.version);
  const require = createRequire(import.meta.url);
  const templates = path.join(PACKAGE_ROOT, "templates");
  // Both builds (dist/esm, which the compiler loads, and dist/cjs): the folder above the resolved one.
  const runtimeCode = path.dirname(path.dirname(require.resolve("charter-runtime/formats")));
  const roots: CodeRoot[] = [
    [`${path.relative(PACKAGE_ROOT, CODE_ROOT)}${path.sep}`, CODE_ROOT],
    [`${path.relative(PACKAGE_ROOT, templates)}${path.sep}`, templates],
    ["runtime:", runtimeCode],
  ];
  hash.update(
    memoFolder === undefined
      ? contentDigest(listCode(roots).files)
      : memoizedCodeDigest(roots, path.join(memoFolder, `fingerprint-${digestOf(PACKAGE_ROOT)}.json`)),
  );
  hash.update(await readFile(path.join(PACKAGE_ROOT, "package.json")));
  for (const name of GENERATING_PACKAGES) hash.update(`${name}@${installedVersion(require, name)}\0`);
  return hash.digest("hex");
}

/** A short digest of a path, to name its memo by. */
function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
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
