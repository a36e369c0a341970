#!/usr/bin/env node
/**
 * Packs charter and charter-runtime, built as npm would publish them, into DIR (default
 * `packages-out/`): the route into a project of one's own until both are on npm. The project
 * installs the two tarballs from a folder it commits (the README's "Use charter in your project").
 *
 *   npm run pack:vendor -- DIR
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const destination = path.resolve(process.argv[2] ?? path.join(root, "packages-out"));
mkdirSync(destination, { recursive: true });
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const pack = (args) =>
  execFileSync(npm, ["pack", ...args, "--pack-destination", destination, "--silent"], { cwd: root, encoding: "utf8" });
pack(["--workspace", "charter-runtime"]);
pack([]);
const written = readdirSync(destination).filter((name) => /^charter(-runtime)?-\d.*\.tgz$/.test(name));
process.stdout.write(
  `${written
    .sort()
    .map((name) => path.join(destination, name))
    .join("\n")}\n`,
);
