import { lstat, readFile } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { compareStrings, errorAt, warningAt, type Diagnostic } from "../../core/diagnostic.js";
import { LOAD_CODES } from "./codes.js";
import { decodeUtf8 } from "./decode-utf8.js";
import { parseJsonSource } from "./parse-json-source.js";
import { parseSource } from "./parse-source.js";
import type { ParsedSource } from "../../core/parsed-source.js";

/** Folders beside a source that hold its instances, one per file: `envelope.examples/`, `envelope.counterexamples/`. */
export const INSTANCE_FOLDERS = { examples: ".examples", counterexamples: ".counterexamples" } as const;

/** Globs that keep instance folders out of source discovery. */
export const INSTANCE_FOLDER_IGNORES = Object.values(INSTANCE_FOLDERS).map((suffix) => `**/*${suffix}/**`);

export interface InstanceFile {
  file: string;
  parsed: ParsedSource;
}

/** How a later stage is given this reader: the pipeline passes it, so no stage imports another. */
export type InstanceFiles = typeof loadInstanceFiles;

/**
 * The files of `<contract>.examples/` and `<contract>.counterexamples/` beside
 * a source (`.yaml`, `.yml`, `.json`, in code-point order), parsed like
 * sources but holding data: any JSON value.
 */
export async function loadInstanceFiles(
  sourceDir: string,
  contract: string,
): Promise<{ examples: InstanceFile[]; counterexamples: InstanceFile[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const read = async (suffix: string): Promise<InstanceFile[]> => {
    const folder = path.join(sourceDir, contract + suffix);
    // Like sources, instance folders are never reached through a symbolic link.
    const kind = await lstat(folder).catch(() => undefined);
    if (!kind?.isDirectory()) return [];
    const found = (
      await glob(["*.yaml", "*.yml", "*.json"], {
        cwd: folder,
        dot: false,
        followSymbolicLinks: false,
        onlyFiles: true,
        expandDirectories: false,
      }).catch(() => [])
    ).sort(compareStrings);
    const files: InstanceFile[] = [];
    for (const relative of found) {
      const file = path.join(folder, relative);
      let text: string;
      try {
        const decoded = decodeUtf8(await readFile(file));
        if ("invalidAt" in decoded) {
          diagnostics.push(errorAt(LOAD_CODES.notUtf8, "the file is not UTF-8", { file, position: decoded.invalidAt }));
          continue;
        }
        text = decoded.text;
      } catch (error) {
        diagnostics.push(
          errorAt(
            LOAD_CODES.unreadable,
            `cannot read the file (${(error as NodeJS.ErrnoException).code ?? "read failed"})`,
            { file },
          ),
        );
        continue;
      }
      const result = file.endsWith(".json") ? parseJsonSource(text, file) : parseSource(text, file);
      diagnostics.push(...result.diagnostics);
      if (result.parsed) files.push({ file, parsed: result.parsed });
    }
    return files;
  };
  return {
    examples: await read(INSTANCE_FOLDERS.examples),
    counterexamples: await read(INSTANCE_FOLDERS.counterexamples),
    diagnostics,
  };
}

/** Instance folders whose contract no source gives: their instances would silently go unchecked. */
export async function orphanInstanceFolders(sourceDir: string, contracts: ReadonlySet<string>): Promise<Diagnostic[]> {
  const folders = await glob(
    Object.values(INSTANCE_FOLDERS).map((suffix) => `**/*${suffix}`),
    {
      cwd: sourceDir,
      dot: false,
      followSymbolicLinks: false,
      onlyDirectories: true,
      expandDirectories: false,
    },
  );
  const diagnostics: Diagnostic[] = [];
  for (const folder of folders.map((f) => f.replace(/\/$/, "").split(path.sep).join("/")).sort(compareStrings)) {
    const suffix = Object.values(INSTANCE_FOLDERS).find((s) => folder.endsWith(s))!;
    const contract = folder.slice(0, folder.length - suffix.length);
    if (contracts.has(contract)) continue;
    diagnostics.push(
      warningAt(
        LOAD_CODES.orphanInstances,
        `${folder}/ holds instances for "${contract}", which no source defines; they are not checked`,
        { file: path.join(sourceDir, folder) },
      ),
    );
  }
  return diagnostics;
}
