import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export interface TypesSize {
  files: number;
  bytes: number;
  lines: number;
  /** `[k: string]: unknown` index signatures. */
  openSignatures: number;
  /** Declarations named like another of the same file plus a number (`Foo1`): json-schema-to-typescript numbering names it meets twice. */
  numberedNames: number;
}

/** Sizes of the `.ts` files under `dir` (recursively). */
export function typesSize(dir: string): TypesSize {
  const size: TypesSize = { files: 0, bytes: 0, lines: 0, openSignatures: 0, numberedNames: 0 };
  for (const file of filesUnder(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))) {
    const text = readFileSync(file, "utf8");
    size.files++;
    size.bytes += Buffer.byteLength(text);
    size.lines += text.split("\n").length - 1;
    size.openSignatures += text.match(/\[k: string\]: unknown/g)?.length ?? 0;
    const names = new Set([...text.matchAll(/^export (?:interface|type|enum) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!));
    for (const name of names) {
      const base = /^(.*[^\d])\d+$/.exec(name)?.[1];
      if (base !== undefined && names.has(base)) size.numberedNames++;
    }
  }
  return size;
}

/** Total bytes of the files under `dir` whose names end with `suffix`. */
export function bytesUnder(dir: string, suffix: string): number {
  return filesUnder(dir)
    .filter((f) => f.endsWith(suffix))
    .reduce((sum, f) => sum + statSync(f).size, 0);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
