/**
 * `tsc --strict` over a folder of generated modules, run as the real
 * compiler binary (not charter's in-memory check), so both sides are judged
 * by the same independent command. Every file is forced to be a module, so
 * declarations of two unrelated files never clash; errors are attributed to
 * the file tsc places them in.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { NODE_MODULES } from "./paths.js";

export interface TscOutcome {
  ms: number;
  /** Absolute file path to its error lines (`line:col TSxxxx message`). */
  errorsByFile: Map<string, string[]>;
  /** Errors tsc could not place in a file (config problems). */
  global: string[];
  exitCode: number | null;
}

/**
 * Checks `files` (absolute paths) with `strict: true` and nothing else beyond
 * what module resolution needs; `projectDir` receives the tsconfig.
 */
export function runTscStrict(projectDir: string, files: readonly string[]): TscOutcome {
  const tsconfig = path.join(projectDir, "tsconfig.conformance.json");
  writeFileSync(
    tsconfig,
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          target: "ES2022",
          lib: ["ES2022"],
          types: [],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          moduleDetection: "force",
        },
        files,
      },
      null,
      2,
    ),
  );
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [
      "--max-old-space-size=8192",
      path.join(NODE_MODULES, "typescript", "bin", "tsc"),
      "-p",
      tsconfig,
      "--pretty",
      "false",
    ],
    {
      cwd: projectDir,
      encoding: "utf8",
      maxBuffer: 512 * 1024 * 1024,
    },
  );
  const ms = performance.now() - started;
  const errorsByFile = new Map<string, string[]>();
  const global: string[] = [];
  let last: string[] | undefined;
  for (const line of (run.stdout ?? "").split("\n")) {
    const placed = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (placed) {
      const [, file, l, c, code, message] = placed;
      const absolute = path.resolve(projectDir, file!);
      last = errorsByFile.get(absolute) ?? [];
      errorsByFile.set(absolute, last);
      last.push(`${l}:${c} ${code} ${message!.slice(0, 300)}`);
    } else if (/^error TS\d+/.test(line)) {
      global.push(line);
      last = undefined;
    } else if (line.startsWith("  ") && last) {
      // A continuation of the previous message: keep it on that error.
      last[last.length - 1] += ` ${line.trim()}`.slice(0, 200);
    }
  }
  if (run.error) global.push(String(run.error));
  if (run.stderr?.trim()) global.push(run.stderr.trim().slice(0, 500));
  return { ms, errorsByFile, global, exitCode: run.status };
}
