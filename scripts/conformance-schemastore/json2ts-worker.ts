/**
 * Child process of naive pipeline (b): json-schema-to-typescript with its
 * default options, once per schema, through `compileFromFile` (so relative
 * `$ref`s resolve from the schemas folder, the generator's default `cwd`
 * behaviour). The only option set is `$refOptions.resolve`: its default
 * resolver would fetch `https://json.schemastore.org/...` over HTTP, so
 * those URIs are read from the local folder instead, and the HTTP resolver
 * is off (any other host fails to resolve, as it must offline). The process
 * also runs with the repository's network guard preloaded.
 *
 * Protocol (IPC): receives `{ file, outFile }`, writes the output, replies
 * `{ ok, bytes, lines, ms, error? }`. Runs in its own process so that a
 * schema that makes the generator spin can be killed on a timeout.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compileFromFile } from "json-schema-to-typescript";

interface Job {
  file: string;
  outFile: string;
  schemasDir: string;
}

const SCHEMASTORE_URI = /^https?:\/\/(?:json|www)\.schemastore\.org\/([^#?]+)/i;

/**
 * The catalogue's URIs, read from the schemas folder. SchemaStore serves
 * `NAME.json` also as `NAME`, and schemas use both (`feed-1#/...`,
 * `tsconfig#/...`), so a path into the folder without the extension is read
 * from `NAME.json` too: the same mapping charter's catalog applies.
 */
function localResolver(schemasDir: string) {
  const localPath = (url: string): string | undefined => {
    const remote = SCHEMASTORE_URI.exec(url);
    const inFolder = url.startsWith(schemasDir)
      ? url
          .slice(schemasDir.length)
          .replace(/^\/+/, "")
          .replace(/[#?].*$/, "")
      : undefined;
    const name = remote?.[1] ?? inFolder;
    if (name === undefined) return undefined;
    return [name, `${name}.json`].map((n) => path.join(schemasDir, n)).find((c) => existsSync(c));
  };
  return {
    order: 1,
    canRead: (file: { url: string }) =>
      SCHEMASTORE_URI.test(file.url) ||
      (file.url.startsWith(schemasDir) && !existsSync(file.url) && localPath(file.url) !== undefined),
    read(file: { url: string }): string {
      const found = localPath(file.url);
      if (!found) throw new Error(`${file.url} is not in the local schemas folder`);
      return readFileSync(found, "utf8");
    },
  };
}

// The generator prints its validation errors (and warnings) to the console; the parent reads only
// IPC messages, so what it printed during a job is kept for the failure message.
let printed: string[] = [];
console.log =
  console.warn =
  console.info =
  console.error =
    (...parts: unknown[]) => {
      printed.push(parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join(" "));
    };

process.on("message", (job: Job) => {
  void (async () => {
    const started = performance.now();
    printed = [];
    try {
      const ts = await compileFromFile(job.file, {
        $refOptions: { resolve: { http: false, schemastore: localResolver(job.schemasDir) } as never },
      });
      writeFileSync(job.outFile, ts);
      process.send!({
        ok: true,
        bytes: Buffer.byteLength(ts),
        lines: ts.split("\n").length - (ts.endsWith("\n") ? 1 : 0),
        ms: performance.now() - started,
      });
    } catch (error) {
      const own = String((error as Error)?.message ?? error).split("\n")[0]!;
      const detail = printed.join("; ").replace(/\s+/g, " ").trim();
      const message =
        `${(error as Error)?.name ?? "Error"}: ${own || "(no message)"}${detail ? ` (printed: ${detail})` : ""}`.slice(
          0,
          400,
        );
      process.send!({ ok: false, bytes: 0, lines: 0, ms: performance.now() - started, error: message });
    }
  })();
});
