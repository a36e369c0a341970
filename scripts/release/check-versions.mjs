#!/usr/bin/env node
/**
 * Before a release: charter and charter-runtime are published together, at one version, and
 * charter depends on exactly the runtime published beside it. Fails (exit 1, every mismatch
 * named) when the two versions, charter's dependency on the runtime, or the release tag
 * (`v<version>`, when given) disagree.
 *
 *   node scripts/release/check-versions.mjs [TAG] [--root DIR]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const rootAt = args.indexOf("--root");
const root = rootAt >= 0 ? path.resolve(args[rootAt + 1]) : fileURLToPath(new URL("../..", import.meta.url));
const tag = args.find((arg, i) => !arg.startsWith("--") && (rootAt < 0 || i !== rootAt + 1));

const read = (file) => JSON.parse(readFileSync(path.join(root, file), "utf8"));
const charter = read("package.json");
const runtime = read("packages/runtime/package.json");
const problems = [];
if (charter.version !== runtime.version)
  problems.push(`charter is ${charter.version} but charter-runtime is ${runtime.version}: release them at one version`);
const dependency = charter.dependencies?.["charter-runtime"];
if (dependency !== runtime.version)
  problems.push(
    `charter depends on charter-runtime "${dependency}", not on the ${runtime.version} released beside it (an exact version)`,
  );
if (tag !== undefined && tag.replace(/^refs\/tags\//, "") !== `v${charter.version}`)
  problems.push(`the tag ${tag} does not name version ${charter.version} (expected v${charter.version})`);
if (problems.length > 0) {
  for (const problem of problems) process.stderr.write(`check-versions: ${problem}\n`);
  process.exit(1);
}
process.stdout.write(`check-versions: charter and charter-runtime ${charter.version}${tag ? `, tag ${tag}` : ""}\n`);
