import { compile, type Options } from "json-schema-to-typescript";
import type { JsonObject } from "../../compiler/json-object.js";
import { TYPE_NAME_MARKER, WRAPPER_NAME } from "./prepare-input.js";

/**
 * The generator's options, fixed: no network or file access for `$ref`s
 * (charter resolved them all), no formatting (prettier runs once, after the
 * repairs), no banner (charter writes its own header), objects open unless
 * the schema closes them, `enum` rather than `const enum` (which breaks
 * `isolatedModules`), and names from charter's table, never from titles.
 */
export const GENERATOR_OPTIONS: Partial<Options> = {
  bannerComment: "",
  format: false,
  additionalProperties: true,
  declareExternallyReferenced: true,
  enableConstEnums: false,
  strictIndexSignatures: false,
  unknownAny: true,
  unreachableDefinitions: false,
  $refOptions: { resolve: { external: false, file: false, http: false } },
  customName: (schema) => (schema as Record<string, unknown>)[TYPE_NAME_MARKER] as string | undefined,
};

/**
 * Runs json-schema-to-typescript on a prepared input; rejects with the
 * generator's own error, the lines it printed included. The generator prints
 * its validation errors to the console, which is charter's, so they are taken
 * from it for the duration of the call (calls never overlap: contracts are
 * generated one after another).
 */
export async function runGenerator(schema: JsonObject): Promise<string> {
  const printed: string[] = [];
  const original = { error: console.error, log: console.log, warn: console.warn, info: console.info };
  const capture = (...parts: unknown[]) => printed.push(parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join(" "));
  console.error = console.log = console.warn = console.info = capture;
  try {
    // The generator mutates its input; give it a copy so repairs' bookkeeping stays intact.
    return await compile(structuredClone(schema) as never, WRAPPER_NAME, GENERATOR_OPTIONS);
  } catch (error) {
    const detail = printed.join("; ").replace(/\s+/g, " ").trim();
    throw new Error(`${(error as Error).message ?? String(error)}${detail ? ` (${detail})` : ""}`);
  } finally {
    Object.assign(console, original);
  }
}
