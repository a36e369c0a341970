/**
 * The corpus's test instances: `test/NAME/*` must be accepted by
 * `schemas/NAME.json`, `negative_test/NAME/*` rejected. Parsed once, the way
 * upstream's harness reads them (JSON.parse, `YAML.parse` of the `yaml`
 * package, a TOML parser), and the same parsed value is handed to every
 * validator, so that parsing never explains a difference between the sides.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import YAML from "yaml";
import { NEGATIVE_DIR, POSITIVE_DIR } from "./paths.js";

export type InstanceKind = "positive" | "negative";

export type Instance =
  | { kind: InstanceKind; file: string; status: "parsed"; value: unknown }
  /** TOML without a TOML parser in node_modules (none may be added): counted, not checked. */
  | { kind: InstanceKind; file: string; status: "skipped"; reason: string }
  | { kind: InstanceKind; file: string; status: "unparseable"; reason: string };

type TomlParse = (text: string) => unknown;

/**
 * A TOML parser, only if one is already installed: the brief forbids adding
 * dependencies. Tried by the names of the common packages; none is present
 * in this repository today, so TOML instances are skipped.
 */
async function findTomlParser(): Promise<{ name: string; parse: TomlParse } | undefined> {
  for (const name of ["smol-toml", "@iarna/toml", "toml"]) {
    try {
      const module = (await import(name)) as { parse?: TomlParse; default?: { parse?: TomlParse } };
      const parse = module.parse ?? module.default?.parse;
      if (typeof parse === "function") return { name, parse };
    } catch {
      // not installed
    }
  }
  return undefined;
}

/** Files upstream's harness ignores in the test folders. */
function ignored(file: string): boolean {
  return file === ".DS_Store" || file.startsWith("#") || file.startsWith(".#") || file.endsWith("~");
}

export interface InstanceReader {
  tomlParser: string | undefined;
  read(schemaName: string): Instance[];
}

export async function instanceReader(): Promise<InstanceReader> {
  const toml = await findTomlParser();
  const readOne = (kind: InstanceKind, file: string): Instance => {
    const text = readFileSync(file, "utf8");
    const ext = path.extname(file).toLowerCase();
    try {
      switch (ext) {
        case ".json":
          return { kind, file, status: "parsed", value: JSON.parse(text) };
        case ".jsonc":
          return { kind, file, status: "parsed", value: parseJsonc(text) };
        case ".yaml":
        case ".yml":
          return { kind, file, status: "parsed", value: YAML.parse(text) };
        case ".toml":
          if (!toml) return { kind, file, status: "skipped", reason: "TOML: no TOML parser in node_modules" };
          return { kind, file, status: "parsed", value: toml.parse(text) };
        default:
          return { kind, file, status: "skipped", reason: `extension ${ext} is not a data format upstream reads` };
      }
    } catch (error) {
      return { kind, file, status: "unparseable", reason: (error as Error).message.split("\n")[0]! };
    }
  };
  return {
    tomlParser: toml?.name,
    read(schemaName) {
      const out: Instance[] = [];
      for (const [kind, root] of [
        ["positive", POSITIVE_DIR],
        ["negative", NEGATIVE_DIR],
      ] as const) {
        const dir = path.join(root, schemaName);
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir).sort()) {
          if (!ignored(file)) out.push(readOne(kind, path.join(dir, file)));
        }
      }
      return out;
    },
  };
}
