import { Node } from "ts-morph";
import type { Repair } from "./support/repair.js";
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
  ast(file, applied) {
    file.forEachDescendant((node) => {
      if (!Node.isPropertySignature(node) || node.isReadonly()) return;
      const tagged = node.getJsDocs().some((doc) => doc.getTags().some((tag) => tag.getTagName() === "readonly"));
      if (!tagged) return;
      node.setIsReadonly(true);
      const owner = node.getFirstAncestor((a) => Node.isInterfaceDeclaration(a) || Node.isTypeAliasDeclaration(a));
      const ownerName =
        owner && (Node.isInterfaceDeclaration(owner) || Node.isTypeAliasDeclaration(owner)) ? owner.getName() : "?";
      applied(`${ownerName}.${node.getName()}`);
    });
  },
};
