import path from "node:path";
import { moduleStem } from "../shared/output-files.js";

/** The specifier one generated module uses to import another (NodeNext: relative, with `.js`). */
export function importSpecifier(fromName: string, toName: string): string {
  const relative = path.posix.relative(path.posix.dirname(moduleStem(fromName)), moduleStem(toName));
  return (relative.startsWith(".") ? relative : `./${relative}`) + ".js";
}
