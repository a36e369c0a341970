import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));

// Used by the npm pack listing (test/cli/package-files) and the install matrix (test/packages).

/** The environment for a package manager started from a test: none of the npm config of the npm running the test (npm_config_local_prefix would point it at the checkout), a cache of its own. */
export function cleanEnv(cache: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return {
    ...env,
    npm_config_cache: cache,
    npm_config_update_notifier: "false",
    npm_config_fund: "false",
    npm_config_audit: "false",
  };
}

/** Runs a command; throws with its output when it fails. */
export function run(command: string, args: string[], options: SpawnSyncOptions & { cwd: string }): string {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 600_000, ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} (in ${options.cwd}) failed (${result.status ?? result.signal}):\n${String(result.stdout)}${String(result.stderr)}${result.error ? String(result.error) : ""}`,
    );
  }
  return String(result.stdout);
}

/**
 * Copies the working tree to `work/charter` (without its build output, so that packing runs a
 * real `prepack` build, and nothing is written to the checkout), beside a link to this
 * checkout's node_modules.
 */
export function copyCheckout(work: string): string {
  const root = path.join(work, "charter");
  cpSync(REPO, root, {
    recursive: true,
    filter: (from) => {
      const relative = path.relative(REPO, from).split(path.sep);
      if (relative.includes("node_modules") || relative[0] === ".git") return false;
      // Stale build output or build info would make `tsc -b` skip the build.
      if (relative.includes("dist") && (relative[0] === "dist" || relative[0] === "packages")) return false;
      return !relative[relative.length - 1]!.endsWith(".tsbuildinfo");
    },
  });
  symlinkSync(path.join(REPO, "node_modules"), path.join(root, "node_modules"), "dir");
  return root;
}

/** Packs the runtime and the compiler of a checkout copy into `destination`; their tarballs' paths. */
export function packBoth(
  root: string,
  destination: string,
  env: NodeJS.ProcessEnv,
): { runtime: string; charter: string } {
  mkdirSync(destination, { recursive: true });
  // The README's `npm run pack:vendor -- DIR`: both packages, built and packed as npm publishes them.
  run("npm", ["run", "pack:vendor", "--", destination], { cwd: root, env });
  const tarballs = readdirSync(destination);
  const find = (pattern: RegExp) => {
    const name = tarballs.find((file) => pattern.test(file));
    if (!name) throw new Error(`no tarball matching ${pattern} among ${tarballs.join(", ")}`);
    return path.join(destination, name);
  };
  return { runtime: find(/^charter-runtime-\d.*\.tgz$/), charter: find(/^charter-\d.*\.tgz$/) };
}
