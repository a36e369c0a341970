import { ts } from "./typescript-api.js";

/** The name of the interface or type alias a member of the generated module belongs to, for a repair's location. */
export function ownerName(node: ts.Node, source: ts.SourceFile): string {
  for (let owner = node.parent; owner; owner = owner.parent)
    if (ts.isInterfaceDeclaration(owner) || ts.isTypeAliasDeclaration(owner)) return owner.name.getText(source);
  return "?";
}
