import path from "node:path";

export function typesPath(name: string): string {
  return `types/${name}.ts`;
}

/** The specifier one generated module uses to import another (NodeNext: relative, with `.js`). */
export function importSpecifier(fromName: string, toName: string): string {
  const relative = path.posix.relative(path.posix.dirname(fromName), toName);
  return (relative.startsWith(".") ? relative : `./${relative}`) + ".js";
}
