import { errorAt, type Diagnostic, type SourcePosition } from "../../core/diagnostic.js";
import { isJsonObject } from "../../core/json-object.js";
import { joinPointer } from "../../core/json-pointer.js";
import type { JsonValue } from "../../core/json-value.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { walkSchema } from "../../schema/walk-schema.js";
import { CHECK_CODES } from "./codes.js";
import { CHARTER_KEYWORD } from "../../schema/keywords.js";

/** charter's keyword for invalid instances, each with the violation it must produce. */
export const COUNTEREXAMPLES_KEYWORD = CHARTER_KEYWORD.counterexamples;

/** An instance a contract declares, valid (`examples`) or not (a counterexample and its expected violation). */
export interface DeclaredInstance {
  /** The schema it belongs to: "" for the contract, `/$defs/K` for a top-level definition. */
  schemaPointer: string;
  value: JsonValue;
  /** For a counterexample: the keyword that must fail, and where in the value (any place when absent). */
  expected?: { keyword: string; pointer?: string };
  file: string;
  position: SourcePosition | undefined;
  pointer: string;
  /** Listed under the standard `examples` keyword (not a file, not a counterexample). */
  fromExamplesKeyword?: true;
}

const DEFINITION_KEYWORDS = ["$defs", "definitions"];

/**
 * The examples and counterexamples of a contract's root and top-level
 * definitions: the schemas a contract exports, which its validators check.
 * Counterexamples elsewhere are refused rather than never run.
 */
export function declaredInstances(
  document: SchemaDocument,
  /** Whether a reference resolves to this pointer: such an `examples` entry is a schema, not an instance. */
  isReferenced: (pointer: string) => boolean = () => false,
): { instances: DeclaredInstance[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const instances: DeclaredInstance[] = [];
  const at = (pointer: string) => ({ file: document.file, position: document.positions.get(pointer), pointer });
  const exported = new Set([""]);
  const root = document.value;
  if (isJsonObject(root)) {
    for (const keyword of DEFINITION_KEYWORDS) {
      const defs = root[keyword];
      if (isJsonObject(defs)) for (const key of Object.keys(defs)) exported.add(joinPointer("", keyword, key));
    }
  }
  walkSchema(document.value, undefined, (schema, schemaPointer) => {
    const declared = schema[COUNTEREXAMPLES_KEYWORD];
    const examples = schema["examples"];
    if (!exported.has(schemaPointer)) {
      if (declared !== undefined) {
        diagnostics.push(
          errorAt(
            CHECK_CODES.badCounterexamples,
            `${COUNTEREXAMPLES_KEYWORD} is read at the root of a contract or of a top-level definition only`,
            at(joinPointer(schemaPointer, COUNTEREXAMPLES_KEYWORD)),
          ),
        );
      }
      return undefined;
    }
    if (Array.isArray(examples)) {
      examples.forEach((value, index) => {
        const pointer = joinPointer(schemaPointer, "examples", index);
        if (!isReferenced(pointer))
          instances.push({
            schemaPointer,
            value,
            file: document.file,
            position: document.positions.get(pointer),
            pointer,
            fromExamplesKeyword: true,
          });
      });
    }
    if (declared === undefined) return undefined;
    const here = joinPointer(schemaPointer, COUNTEREXAMPLES_KEYWORD);
    if (!Array.isArray(declared)) {
      diagnostics.push(
        errorAt(
          CHECK_CODES.badCounterexamples,
          `${COUNTEREXAMPLES_KEYWORD} must be a list of { value, error: { keyword, pointer } }`,
          at(here),
        ),
      );
      return undefined;
    }
    declared.forEach((item, index) => {
      const pointer = joinPointer(here, index);
      const read = readCounterexample(item, `counterexample ${index}`);
      if ("problem" in read) {
        diagnostics.push(
          errorAt(
            CHECK_CODES.badCounterexamples,
            read.problem,
            at(read.at ? joinPointer(pointer, ...read.at) : pointer),
          ),
        );
        return;
      }
      instances.push({
        schemaPointer,
        ...read,
        file: document.file,
        position: document.positions.get(pointer),
        pointer,
      });
    });
    return undefined;
  });
  return { instances, diagnostics };
}

/**
 * One counterexample, `{ value, error: { keyword, pointer? } }`, as written
 * under the keyword or in a file of `<contract>.counterexamples/`; a problem
 * names where in the item it is.
 */
export function readCounterexample(
  item: JsonValue,
  label: string,
): { value: JsonValue; expected: { keyword: string; pointer?: string } } | { problem: string; at?: string[] } {
  const error = isJsonObject(item) ? item["error"] : undefined;
  const keyword = isJsonObject(error) ? error["keyword"] : undefined;
  const expectedPointer = isJsonObject(error) ? error["pointer"] : undefined;
  const extra = isJsonObject(item) ? Object.keys(item).filter((k) => k !== "value" && k !== "error") : [];
  const extraInError = isJsonObject(error) ? Object.keys(error).filter((k) => k !== "keyword" && k !== "pointer") : [];
  if (!isJsonObject(item)) return { problem: `${label} must be a mapping` };
  if (!("value" in item)) return { problem: `${label} needs the invalid instance under \`value\`` };
  if (extra.length + extraInError.length > 0)
    return {
      problem: `${label} has unknown key${extra.length + extraInError.length === 1 ? "" : "s"} ${[...extra, ...extraInError].join(", ")}`,
    };
  if (typeof keyword !== "string" || keyword === "")
    return { problem: `${label} needs \`error: { keyword: ... }\`, the violation it must produce` };
  if (
    expectedPointer !== undefined &&
    (typeof expectedPointer !== "string" || (expectedPointer !== "" && !expectedPointer.startsWith("/")))
  ) {
    return {
      problem: `${label}: error.pointer must be a JSON pointer into the value ("" or starting with "/")`,
      at: ["error", "pointer"],
    };
  }
  return {
    value: item["value"]!,
    expected: { keyword, ...(typeof expectedPointer === "string" ? { pointer: expectedPointer } : {}) },
  };
}
