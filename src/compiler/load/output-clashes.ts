/** A contract's name and its source, as discovery gives them. */
export interface NamedSource {
  name: string;
  relativePath: string;
}

/** The form under which macOS's and Windows' default file systems compare names: case and Unicode normalisation ignored. */
function foldedPath(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

/** What two spellings of one folded name differ by, in words. */
function howTheyDiffer(a: string, b: string): string {
  if (a.toLowerCase() === b.toLowerCase()) return "letter case";
  if (a.normalize("NFC") === b.normalize("NFC"))
    return "Unicode normalisation (one letter written precomposed, the other as a letter and a combining mark)";
  return "letter case and Unicode normalisation";
}

/** The longest suffix charter adds to a contract's stem in an output file name. */
const LONGEST_SUFFIX = ".schema.json";
/** Bytes a file name may hold on ext4, APFS and NTFS (255 UTF-16 units there; bytes are the stricter count). */
const MAX_NAME_BYTES = 255;

/** Sources whose output file names would be too long for the file system, with the sentence that says so. */
export function namesTooLong(sources: readonly NamedSource[], stem: (name: string) => string): Map<string, string> {
  const tooLong = new Map<string, string>();
  for (const source of sources) {
    const last = stem(source.name).split("/").at(-1)!;
    const bytes = Buffer.byteLength(last + LONGEST_SUFFIX, "utf8");
    if (bytes > MAX_NAME_BYTES)
      tooLong.set(
        source.relativePath,
        `the name is too long for its outputs: ${LONGEST_SUFFIX.slice(1)} after it makes a file name of ${bytes} bytes, more than the ${MAX_NAME_BYTES} a file system allows; shorten it by ${bytes - MAX_NAME_BYTES} byte${bytes - MAX_NAME_BYTES === 1 ? "" : "s"}`,
      );
  }
  return tooLong;
}

/**
 * Sources whose output paths would meet on a file system that ignores letter
 * case (macOS, Windows), though they differ here: `Foo.yaml` beside
 * `foo.json` (one output file), or `Agent/a.yaml` beside `agent/b.yaml` (one
 * output folder, spelt two ways). Each is told the other source it meets.
 * Names are compared by `stem`, the path their modules get.
 */
function caseClashes(sources: readonly NamedSource[], stem: (name: string) => string): Map<string, string> {
  const clashes = new Map<string, string>();
  const byFolded = new Map<string, NamedSource[]>();
  for (const source of sources) {
    const folded = foldedPath(stem(source.name));
    byFolded.set(folded, [...(byFolded.get(folded) ?? []), source]);
  }
  for (const group of byFolded.values()) {
    const spellings = new Set(group.map((s) => stem(s.name)));
    if (spellings.size < 2) continue;
    for (const source of group) {
      const other = group.find((s) => stem(s.name) !== stem(source.name))!;
      clashes.set(
        source.relativePath,
        `its outputs differ from those of ${other.relativePath} only by ${howTheyDiffer(stem(source.name), stem(other.name))}`,
      );
    }
  }
  // Folders: every prefix of a contract's path, spelt one way only.
  const folders = new Map<string, Map<string, NamedSource>>();
  for (const source of sources) {
    const parts = stem(source.name).split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const folder = parts.slice(0, i).join("/");
      const folded = foldedPath(folder);
      if (!folders.has(folded)) folders.set(folded, new Map());
      const spelt = folders.get(folded)!;
      if (!spelt.has(folder)) spelt.set(folder, source);
    }
  }
  for (const spelt of folders.values()) {
    if (spelt.size < 2) continue;
    const spellings = [...spelt.keys()];
    for (const source of sources) {
      const mine = spellings.find((folder) => stem(source.name).startsWith(`${folder}/`));
      if (mine === undefined || clashes.has(source.relativePath)) continue;
      const other = spellings.find((folder) => folder !== mine)!;
      clashes.set(
        source.relativePath,
        `its folder ${mine}/ is spelt ${other}/ by ${spelt.get(other)!.relativePath}: the two differ only by ${howTheyDiffer(mine, other)}`,
      );
    }
  }
  return clashes;
}

/**
 * Sources that cannot each have outputs of their own, with the sentence that
 * says why, by source path: two that give one contract name (`a.yaml` and
 * `a.json`, or `index` and `index.contract`, whose modules share a path), and
 * those whose outputs meet where letter case is ignored.
 */
export function outputClashes(sources: readonly NamedSource[], stem: (name: string) => string): Map<string, string> {
  const clashes = new Map<string, string>();
  const byStem = new Map<string, string[]>();
  for (const source of sources)
    byStem.set(stem(source.name), [...(byStem.get(stem(source.name)) ?? []), source.relativePath]);
  for (const source of sources) {
    const sharing = byStem.get(stem(source.name))!.filter((p) => p !== source.relativePath);
    if (sharing.length === 0) continue;
    const index =
      stem(source.name) !== source.name || source.name === "index.contract"
        ? " (a top-level index contract's modules are named index.contract)"
        : "";
    clashes.set(source.relativePath, `contract name "${source.name}" is also given by ${sharing.join(", ")}${index}`);
  }
  for (const [relativePath, reason] of caseClashes(sources, stem)) {
    if (clashes.has(relativePath)) continue;
    const name = sources.find((s) => s.relativePath === relativePath)!.name;
    clashes.set(
      relativePath,
      `contract "${name}" cannot be written: ${reason}, which macOS (and, for letter case, Windows) ignores; rename one of them`,
    );
  }
  return clashes;
}
