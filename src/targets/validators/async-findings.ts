import type { Bundle } from "../../compiler/bundle/bundle-contract.js";
import { joinPointer } from "../../core/json-pointer.js";
import { warningAt, type Diagnostic } from "../../core/diagnostic.js";
import type { SchemaDocument } from "../../schema/schema-document.js";
import { ASYNC_KEYWORD, asyncSchemas } from "./async-keyword.js";
import { VALIDATOR_CODES } from "./codes.js";

/** A CH709 warning at each `$async` of the contract's own file, and one at its first line for those of documents it embeds. */
export function asyncIgnored(bundle: Bundle, source: SchemaDocument): Diagnostic[] {
  const found: Diagnostic[] = [];
  const warn = (message: string, pointer?: string) => {
    const position = (pointer !== undefined ? source.positions.get(pointer) : undefined) ?? { line: 1, column: 1 };
    found.push(
      warningAt(VALIDATOR_CODES.asyncIgnored, message, {
        file: source.file,
        position,
        ...(pointer !== undefined ? { pointer } : {}),
      }),
    );
  };
  const written = asyncSchemas(source.value);
  for (const pointer of written)
    warn(
      "`$async` is ajv's keyword, not JSON Schema's; the validators are synchronous (they would otherwise return a Promise), with the same verdicts",
      joinPointer(pointer, ASYNC_KEYWORD),
    );
  if (asyncSchemas(bundle.schema).length > written.length)
    warn(
      "a document the contract embeds holds `$async`, ajv's keyword; the validators are synchronous, with the same verdicts",
    );
  return found;
}
