/**
 * The corpus's schemas as plain JSON, for the naive pipeline: their dialect,
 * the URIs each can be reached by, and which other corpus files a schema
 * reaches through `$ref` (transitively). The naive ajv side adds exactly that
 * closure with `addSchema` so cross-references resolve offline without
 * loading all 685 documents (and their meta-schema checks) into every one of
 * 660 ajv instances; a reference to a file outside the closure could not
 * resolve anyway.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { dialectOf, type Dialect } from "../../src/schema/dialect.js";
import { SCHEMAS_DIR } from "./paths.js";

export interface CorpusSchema {
  /** File name, `NAME.json`: how schema-validation.jsonc names it. */
  file: string;
  /** `NAME`: the charter contract name and the test folder name. */
  name: string;
  path: string;
  json: unknown;
  /** undefined when `$schema` is missing or unknown (upstream refuses those, unless skipped). */
  dialect: Dialect | undefined;
  /** The declared `$id` (`id` in draft-04), without an empty fragment. */
  declaredId: string | undefined;
}

/** Hosts under which SchemaStore serves `schemas/NAME.json` (charter's catalog maps both). */
const HOSTS = ["https://json.schemastore.org/", "https://www.schemastore.org/"];

export interface Corpus {
  schemas: CorpusSchema[];
  byFile: Map<string, CorpusSchema>;
  /** Every URI that names a corpus file: its declared id and the hosts' `NAME.json` and `NAME`. */
  aliasesOf(schema: CorpusSchema): string[];
  /** Corpus files `schema` reaches through `$ref`, transitively, without itself. */
  closure(schema: CorpusSchema): CorpusSchema[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf("#");
  return hash < 0 ? uri : uri.slice(0, hash);
}

/** Every `$ref` string in the document (over-inclusion only adds a schema; it never hides one). */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, out);
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === "$ref" && typeof child === "string") out.push(child);
      else refsIn(child, out);
    }
  }
  return out;
}

export function readCorpus(dir = SCHEMAS_DIR): Corpus {
  const schemas: CorpusSchema[] = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const json = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as unknown;
      const object = isObject(json) ? json : {};
      const schemaKeyword = typeof object["$schema"] === "string" ? object["$schema"] : undefined;
      const dialect = schemaKeyword === undefined ? undefined : dialectOf(schemaKeyword);
      const idKeyword = dialect === "draft-04" ? object["id"] : object["$id"];
      const declaredId =
        typeof idKeyword === "string" && /^[a-z][a-z0-9+.-]*:/i.test(idKeyword) ? stripFragment(idKeyword) : undefined;
      return { file, name: file.replace(/\.json$/, ""), path: path.join(dir, file), json, dialect, declaredId };
    });
  const byFile = new Map(schemas.map((s) => [s.file, s]));

  const aliasesOf = (s: CorpusSchema) => {
    const aliases = new Set<string>();
    if (s.declaredId) aliases.add(s.declaredId);
    for (const host of HOSTS) {
      aliases.add(host + s.file);
      aliases.add(host + s.name);
    }
    return [...aliases];
  };
  // A URI claimed by several files (copied versions keep one $id) goes to the file whose name it spells, else the first.
  const byUri = new Map<string, CorpusSchema>();
  for (const s of schemas) {
    for (const alias of aliasesOf(s)) {
      const current = byUri.get(alias);
      const spells = (c: CorpusSchema) => alias.endsWith("/" + c.file) || alias.endsWith("/" + c.name);
      if (!current || (!spells(current) && spells(s))) byUri.set(alias, s);
    }
  }

  const direct = new Map<string, CorpusSchema[]>();
  const directOf = (s: CorpusSchema) => {
    let found = direct.get(s.file);
    if (found) return found;
    const base = s.declaredId ?? HOSTS[0] + s.file;
    const targets = new Set<CorpusSchema>();
    for (const ref of refsIn(s.json)) {
      if (ref.startsWith("#")) continue;
      let absolute: string;
      try {
        absolute = stripFragment(new URL(ref, base).href);
      } catch {
        continue;
      }
      const target = byUri.get(absolute);
      if (target && target !== s) targets.add(target);
    }
    found = [...targets];
    direct.set(s.file, found);
    return found;
  };

  return {
    schemas,
    byFile,
    aliasesOf,
    closure(schema) {
      const seen = new Set<CorpusSchema>([schema]);
      const queue = [schema];
      while (queue.length > 0) {
        for (const next of directOf(queue.shift()!)) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      seen.delete(schema);
      return [...seen];
    },
  };
}
