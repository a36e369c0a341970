import { errorAt, type Diagnostic } from "../../core/diagnostic.js";
import { LOAD_CODES } from "./codes.js";
import { discoverSources, unreadableFolders, type SourceFile } from "./discover-sources.js";
import { orphanInstanceFolders } from "./instance-files.js";
import { loadSource, type LoadedSource, type ParseMemo, type PlainTexts } from "./load-source.js";
import { namesTooLong, outputClashes } from "./output-clashes.js";

export interface LoadedSources {
  /** Every source found, in discovery order. */
  sources: SourceFile[];
  /** Each source read and parsed (or the findings of why not), by relative path; a source whose outputs clash is not read. */
  loaded: Map<string, LoadedSource>;
  /** Relative paths of the sources refused because their outputs would be one file. */
  clashing: Set<string>;
  /** The load stage's findings that belong to no parse: clashes, and instance folders of no contract. */
  diagnostics: Diagnostic[];
}

/** The sources found under the source folder, before any is read, with the findings of finding them. */
export interface FoundSources {
  sources: SourceFile[];
  /** Relative paths of the sources refused because their outputs would be one file. */
  clashing: Set<string>;
  /** Clashes, names too long, unreadable folders, instance folders of no contract. */
  diagnostics: Diagnostic[];
}

/**
 * The load stage: finds the sources and parses every one before anything is
 * resolved (a `$schema` may name a custom meta-schema another source defines).
 * `stem` maps a contract name to its outputs' path, which sources must not share; `memo`, kept
 * between runs, serves the parse of a file whose text has not changed; `plain` holds the JSON
 * texts an earlier run found plain, by digest (`loadSource`).
 */
export async function loadSources(
  sourceDir: string,
  stem: (name: string) => string,
  memo?: ParseMemo,
  plain?: PlainTexts,
): Promise<LoadedSources> {
  return loadFound(await findSources(sourceDir, stem), memo, plain);
}

/** Finds the sources; those whose outputs would be one file, or whose names are too long, are refused. */
export async function findSources(sourceDir: string, stem: (name: string) => string): Promise<FoundSources> {
  const sources = await discoverSources(sourceDir);
  // Sources whose outputs would be one file (on this machine, or where letter case is ignored) are refused.
  const clashes = outputClashes(sources, stem);
  const tooLong = namesTooLong(sources, stem);
  const diagnostics: Diagnostic[] = [];
  for (const { folder, reason } of await unreadableFolders(sourceDir))
    diagnostics.push(
      errorAt(
        LOAD_CODES.unreadable,
        `cannot read the folder (${reason}): its contracts would be left out, and their outputs deleted`,
        { file: folder },
      ),
    );
  for (const source of sources) {
    const clash = clashes.get(source.relativePath);
    const long = tooLong.get(source.relativePath);
    if (long !== undefined)
      diagnostics.push(
        errorAt(LOAD_CODES.nameTooLong, long, { file: source.absolutePath, position: { line: 1, column: 1 } }),
      );
    else if (clash !== undefined)
      diagnostics.push(
        errorAt(LOAD_CODES.nameClash, clash, { file: source.absolutePath, position: { line: 1, column: 1 } }),
      );
  }
  diagnostics.push(...(await orphanInstanceFolders(sourceDir, new Set(sources.map((s) => s.name)))));
  return { sources, clashing: new Set([...clashes.keys(), ...tooLong.keys()]), diagnostics };
}

/** Reads and parses the sources found (those of `only`, by relative path, when given), but for the refused. */
export async function loadFound(
  found: FoundSources,
  memo?: ParseMemo,
  plain?: PlainTexts,
  only?: ReadonlySet<string>,
): Promise<LoadedSources> {
  const loaded = new Map<string, LoadedSource>();
  for (const source of found.sources)
    if (!found.clashing.has(source.relativePath) && (only === undefined || only.has(source.relativePath)))
      loaded.set(source.relativePath, await loadSource(source.absolutePath, memo, plain));
  return { sources: found.sources, loaded, clashing: found.clashing, diagnostics: found.diagnostics };
}
