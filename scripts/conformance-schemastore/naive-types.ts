/**
 * Naive pipeline (b): json-schema-to-typescript once per schema (in child
 * processes, see json2ts-worker.ts), then `tsc --strict` over its outputs.
 * Each output is a standalone module (the generator inlines what it
 * references), so type-checking them in one program judges each alone.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CorpusSchema } from "./corpus.js";
import { DENY_NETWORK, NAIVE_TYPES_DIR, OUT_ROOT, REPO_ROOT, SCHEMAS_DIR } from "./paths.js";
import type { Json2tsResults, Json2tsSchemaResult } from "./results.js";
import { runTscStrict } from "./tsc.js";

const WORKER = fileURLToPath(new URL("./json2ts-worker.ts", import.meta.url));

interface Reply {
  ok: boolean;
  bytes: number;
  lines: number;
  ms: number;
  error?: string;
}

export interface Json2tsOptions {
  workers: number;
  timeoutMs: number;
  /** Type-check every n-th successful output (1: all). */
  tscEvery: number;
}

function startWorker(networkLog: string): ChildProcess {
  return spawn(process.execPath, ["--max-old-space-size=6144", "--import", "tsx", "--import", DENY_NETWORK, WORKER], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "ignore", "ignore", "ipc"],
    env: { ...process.env, CHARTER_NETWORK_LOG: networkLog },
  });
}

/** One schema on one worker; a worker that times out or dies is replaced. */
function generateOne(
  slot: { child: ChildProcess },
  schema: CorpusSchema,
  timeoutMs: number,
  networkLog: string,
): Promise<Reply> {
  return new Promise((resolve) => {
    const child = slot.child;
    let settled = false;
    const finish = (reply: Reply, replace: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (replace) {
        if (child.exitCode === null) child.kill("SIGKILL");
        slot.child = startWorker(networkLog);
      }
      resolve(reply);
    };
    const onMessage = (reply: Reply) => finish(reply, false);
    const onExit = (code: number | null, signal: string | null) =>
      finish(
        {
          ok: false,
          bytes: 0,
          lines: 0,
          ms: timeoutMs,
          error: `generator process died (${signal ?? `exit ${code}`}), e.g. out of memory`,
        },
        true,
      );
    const timer = setTimeout(
      () =>
        finish({ ok: false, bytes: 0, lines: 0, ms: timeoutMs, error: `timed out after ${timeoutMs / 1000} s` }, true),
      timeoutMs,
    );
    child.on("message", onMessage);
    child.on("exit", onExit);
    child.send({
      file: schema.path,
      outFile: path.join(NAIVE_TYPES_DIR, `${schema.name}.ts`),
      schemasDir: SCHEMAS_DIR,
    });
  });
}

export async function runJson2ts(schemas: readonly CorpusSchema[], options: Json2tsOptions): Promise<Json2tsResults> {
  const wallStarted = performance.now();
  rmSync(NAIVE_TYPES_DIR, { recursive: true, force: true });
  mkdirSync(NAIVE_TYPES_DIR, { recursive: true });
  writeFileSync(path.join(NAIVE_TYPES_DIR, "package.json"), JSON.stringify({ private: true, type: "module" }) + "\n");
  const networkLog = path.join(OUT_ROOT, "json2ts-network-attempts.log");
  rmSync(networkLog, { force: true });

  const results = new Map<string, Json2tsSchemaResult>();
  const queue = [...schemas];
  const slots = Array.from({ length: Math.max(1, options.workers) }, () => ({ child: startWorker(networkLog) }));
  let done = 0;
  await Promise.all(
    slots.map(async (slot) => {
      for (let schema = queue.shift(); schema; schema = queue.shift()) {
        const reply = await generateOne(slot, schema, options.timeoutMs, networkLog);
        results.set(schema.name, {
          name: schema.name,
          ok: reply.ok,
          ...(reply.error ? { error: reply.error } : {}),
          bytes: reply.bytes,
          lines: reply.lines,
          ms: reply.ms,
          tscOk: undefined,
        });
        if (++done % 50 === 0) process.stderr.write(`  json-schema-to-typescript: ${done}/${schemas.length}\n`);
      }
      slot.child.kill();
    }),
  );
  const generationMsSum = [...results.values()].reduce((n, r) => n + r.ms, 0);

  // tsc --strict over the outputs (every n-th success when sampling).
  const succeeded = schemas.filter((s) => results.get(s.name)?.ok);
  const sample = succeeded.filter((_, i) => i % options.tscEvery === 0);
  const files = sample.map((s) => path.join(NAIVE_TYPES_DIR, `${s.name}.ts`));
  const tsc = runTscStrict(NAIVE_TYPES_DIR, files);
  if (tsc.global.length > 0)
    console.warn(`tsc (json-schema-to-typescript output): ${tsc.global.join("; ").slice(0, 500)}`);
  for (const s of sample) {
    const r = results.get(s.name)!;
    const errors = tsc.errorsByFile.get(path.join(NAIVE_TYPES_DIR, `${s.name}.ts`));
    r.tscOk = errors === undefined && tsc.global.length === 0;
    if (errors) r.tscErrors = errors.slice(0, 5);
  }
  const networkAttempts = existsSync(networkLog) ? readFileSync(networkLog, "utf8").split("\n").filter(Boolean) : [];
  return {
    side: "json2ts",
    wallMs: performance.now() - wallStarted,
    generationMsSum,
    workers: slots.length,
    tscMs: tsc.ms,
    tscSampled: sample.length,
    networkAttempts,
    schemas: schemas.map((s) => results.get(s.name)!),
  };
}
