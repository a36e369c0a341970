import type { ts } from "./support/typescript-api.js";
import { typescript } from "./support/typescript-lazy.js";
import type { Repair } from "./support/repair.js";
import { ownerName } from "./support/owner-name.js";
import { appendToDescription, walkInput } from "./support/walk-input.js";

const TAG = "@readonly";

export const repair: Repair = {
  id: "readonly-properties",
  after: [],
  description:
    "`readOnly: true` says a producer sets a value and a consumer must not send it back changed. " +
    "json-schema-to-typescript ignores it. charter tags the schema's JSDoc with `@readonly` (schema depth) " +
    "and then marks each property whose JSDoc carries the tag `readonly` in the generated interface (AST " +
    "depth), so assigning it is a compile error.",
  schema(input, applied, context) {
    walkInput(
      input,
      (schema, pointer) => {
        if (schema["readOnly"] !== true) return;
        appendToDescription(schema, TAG);
        applied(pointer);
      },
      context,
    );
  },
  // Only a property whose JSDoc has the tag is changed.
  astApplies: (text) => text.includes(TAG),
  ast(source, edit, applied) {
    const compiler = typescript();
    const visit = (node: ts.Node): void => {
      if (compiler.isPropertySignature(node) && !isReadonly(node) && hasReadonlyTag(node)) {
        edit({ start: node.getStart(source), end: node.getStart(source), text: "readonly " });
        applied(`${ownerName(node, source)}.${node.name.getText(source)}`);
      }
      compiler.forEachChild(node, visit);
    };
    visit(source);
  },
};

function isReadonly(node: ts.PropertySignature): boolean {
  return node.modifiers?.some((modifier) => modifier.kind === typescript().SyntaxKind.ReadonlyKeyword) === true;
}

function hasReadonlyTag(node: ts.PropertySignature): boolean {
  return typescript()
    .getJSDocTags(node)
    .some((tag) => tag.tagName.text === "readonly");
}
