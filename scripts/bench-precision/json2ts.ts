/**
 * The baseline side: json-schema-to-typescript with its defaults over a
 * contract's bundled schema, HTTP references closed as scripts/bench.ts
 * closes them. A bundle names the documents it embeds by their `$id`
 * (`"$ref": "https://json.schemastore.org/x.schema.json"`), which the
 * generator's resolver does not look up in the document; so the one
 * addition is a resolver that serves each embedded resource, from the
 * bundle itself, at its `$id`: the generator then reads exactly the schema
 * charter's types were made from, with nothing fetched.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { toSafeString } from "json-schema-to-typescript/dist/src/utils.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const NOT_SCHEMAS = new Set(["enum", "const", "examples", "default"]);

/**
 * The bundle split into its resources: each embedded subschema with an
 * absolute `$id` (draft-04: `id`) is replaced by a `$ref` to that id and
 * served at it. A reference inside an embedded resource (`#/$defs/x`) is
 * relative to that resource, which the generator's resolver, ignoring `$id`,
 * would read against the whole bundle; served as a document of its own, it
 * means what it says. The split is lossless: a compound document is its
 * resources.
 */
export function splitResources(
  bundle: Record<string, unknown>,
  idKeyword: "$id" | "id",
): { root: Record<string, unknown>; resources: Map<string, unknown> } {
  const resources = new Map<string, unknown>();
  const split = (node: unknown, isResourceRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => split(item, false));
    if (!isObject(node)) return node;
    const id = node[idKeyword];
    if (!isResourceRoot && typeof id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(id)) {
      const uri = id.replace(/#.*$/, "");
      if (!resources.has(uri)) {
        resources.set(uri, {}); // placeholder: a resource that embeds itself is split once
        resources.set(uri, split(node, true));
      }
      return { $ref: uri };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      Object.defineProperty(out, key, {
        value: NOT_SCHEMAS.has(key) ? child : split(child, false),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const root = split(bundle, true) as Record<string, unknown>;
  const rootId = bundle[idKeyword];
  if (typeof rootId === "string") resources.set(rootId.replace(/#.*$/, ""), root);
  return { root, resources };
}

/**
 * The root type's name as the generator derives it: the root's `title`,
 * else its `$id` (draft-04 `id`), else the name it was given (without what
 * looks like an extension), made safe. The root is named first, so never
 * numbered.
 */
export function json2tsRootName(schema: Record<string, unknown>, name: string): string {
  const pick = [schema["title"], schema["$id"], schema["id"], path.parse(name).name].find(
    (v) => typeof v === "string" && v !== "",
  ) as string;
  return toSafeString(pick) || "NoName";
}

export function exportsType(module: string, name: string): boolean {
  return new RegExp(
    `^export (?:declare )?(?:type|interface|(?:const )?enum) ${name.replace(/\$/g, "\\$")}\\b`,
    "m",
  ).test(module);
}

export interface Json2tsJob {
  /** The schema to compile: a bundle, or one of its definitions beside the bundle's `$defs`. */
  schemaFile: string;
  outFile: string;
  /** Name given to the generator (used when the root has neither title nor `$id`). */
  name: string;
  idKeyword: "$id" | "id";
}

export type Json2tsReply =
  { ok: true; rootName: string; bytes: number; ms: number } | { ok: false; error: string; ms: number };

export async function runJson2ts(job: Json2tsJob): Promise<Json2tsReply> {
  const started = performance.now();
  const schema = JSON.parse(readFileSync(job.schemaFile, "utf8")) as Record<string, unknown>;
  const { root, resources } = splitResources(schema, job.idKeyword);
  const bundleResolver = {
    order: 1,
    canRead: (file: { url: string }) => resources.has(file.url.replace(/#.*$/, "")),
    read: (file: { url: string }) => JSON.stringify(resources.get(file.url.replace(/#.*$/, ""))),
  };
  try {
    const ts = await compile(root as never, job.name, {
      cwd: path.dirname(job.schemaFile),
      $refOptions: { resolve: { http: false, bundle: bundleResolver } as never },
    });
    writeFileSync(job.outFile, ts);
    const rootName = json2tsRootName(schema, job.name);
    if (!exportsType(ts, rootName))
      return { ok: false, error: `root type ${rootName} not found in the output`, ms: performance.now() - started };
    return { ok: true, rootName, bytes: Buffer.byteLength(ts), ms: performance.now() - started };
  } catch (error) {
    return {
      ok: false,
      error: `${(error as Error)?.name ?? "Error"}: ${String((error as Error)?.message ?? error)
        .split("\n")[0]!
        .slice(0, 300)}`,
      ms: performance.now() - started,
    };
  }
}
