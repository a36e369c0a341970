import type { ts } from "./typescript-api.js";
import { typescript } from "./typescript-lazy.js";

/** The name of the interface or type alias a member of the generated module belongs to, for a repair's location. */
export function ownerName(node: ts.Node, source: ts.SourceFile): string {
  const compiler = typescript();
  for (let owner = node.parent; owner; owner = owner.parent)
    if (compiler.isInterfaceDeclaration(owner) || compiler.isTypeAliasDeclaration(owner))
      return owner.name.getText(source);
  return "?";
}
