/** What a target produces: file contents by path relative to the output directory, `/`-separated. */
export type OutputFiles = Map<string, string>;

/**
 * Where the pipeline puts each output file as soon as it is made: a map in
 * memory (check, diff), or a tree being written (generate), which keeps only
 * a digest of each. An `OutputFiles` map is one.
 */
export interface OutputSink {
  set(file: string, content: string): unknown;
  /** Takes the file as the previous output has it, unchanged: a sink that can (generate's staging tree) says so by having this. */
  keep?(file: string): void;
}

/**
 * The path of a contract's modules below `types/` and `validators/`, without
 * extension: its name, except that a contract named `index` at the top of the
 * sources would be the barrel (`types/index.ts`) and the registry
 * (`validators/index.js`), so its modules are `index.contract.*`.
 */
export function moduleStem(name: string): string {
  return name === "index" ? "index.contract" : name;
}

/** The contract whose modules have this stem: moduleStem read backwards. */
export function contractOfModuleStem(stem: string): string {
  return stem === "index.contract" ? "index" : stem;
}

/** Where a contract's bundled schema is written; the validators' registry loads it from there. */
export function schemaPath(name: string): string {
  return `schemas/${name}.schema.json`;
}

/** Where a contract's types module is written. */
export function typesPath(name: string): string {
  return `types/${moduleStem(name)}.ts`;
}

/** Where a contract's (first-error) validator module is written. */
export function validatorPath(name: string): string {
  return `validators/${moduleStem(name)}.js`;
}

/** JSON as every target writes it: two-space indent, LF, final newline. */
export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
