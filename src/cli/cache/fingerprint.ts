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
    // Hundreds of small files: read one after another without a promise each, which takes ten times as long.
    for (const file of listFiles(root).filter(isCode))
      hash.update(path.relative(PACKAGE_ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  hash.update(await readFile(path.join(PACKAGE_ROOT, "package.json")));
  const require = createRequire(import.meta.url);
  for (const name of GENERATING_PACKAGES) hash.update(`${name}@${await installedVersion(require, name)}\0`);
  // Both builds (dist/esm, which the compiler loads, and dist/cjs): the folder above the resolved one.
  const runtimeCode = path.dirname(path.dirname(require.resolve("charter-runtime/formats")));
  for (const file of listFiles(runtimeCode).filter(isCode))
    hash.update(path.relative(runtimeCode, file)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

/** Declarations and build info decide nothing charter writes: leaving them out halves what each run reads. */
function isCode(file: string): boolean {
  return !/\.d\.[cm]?ts$|\.tsbuildinfo$/.test(file);
}

/** Every file below `dir`, sorted, so that the digest does not depend on directory order. */
function listFiles(dir: string): string[] {
  let entries: Dirent[];
  try {
    // Synchronous: Node 20's recursive readdir with promises takes ten times as long.
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name)) // parentPath from Node 20.12
    .sort();
}

/** The version in the package.json above a package's resolved entry point. */
async function installedVersion(require: NodeJS.Require, name: string): Promise<string> {
  let dir: string;
  try {
    dir = path.dirname(require.resolve(name));
  } catch {
    return "absent";
  }
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name) return manifest.version ?? "unknown";
    } catch {
      // no package.json here: keep climbing
    }
    const parent = path.dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}
