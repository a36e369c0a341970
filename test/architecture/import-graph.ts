/**
 * The import graph of a tree of TypeScript files, read with the TypeScript parser as the compiler
 * reads it: static imports and re-exports in any quotes and across comments, type-only or not,
 * `import x = require(...)`, dynamic `import(...)` with a string literal, and worker modules named
 * by `new URL("...", import.meta.url)` or by `siblingModule(import.meta.url, "name")` (src/tasks).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ImportEdge {
  /** The module as written: a relative path or a package name. */
  specifier: string;
  /** For a relative specifier, the repository path of the file it names (`.js` read as `.ts`). */
  target?: string;
  /** Erased at run time: `import type`, `export type`, or every named binding marked `type`. */
  typeOnly: boolean;
  line: number;
}

/** The `.ts` files under a folder of the repository, as repository paths with `/`, sorted. */
export function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return sourceFiles(root, relative);
      return entry.name.endsWith(".ts") ? [relative] : [];
    })
    .sort();
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

function isTypeOnlyExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

/** Every module a file names, in source order. */
export function importsOfText(file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edges: ImportEdge[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const add = (literal: ts.Node, typeOnly: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const specifier = literal.text;
    const edge: ImportEdge = {
      specifier,
      typeOnly,
      line: source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1,
    };
    if (specifier.startsWith(".")) {
      edge.target = path.posix
        .normalize(path.posix.join(path.posix.dirname(file), specifier))
        .replace(/\.js$/, ".ts")
        .replace(/\.mjs$/, ".mts");
    }
    edges.push(edge);
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, isTypeOnlyImport(node));
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined)
      add(node.moduleSpecifier, isTypeOnlyExport(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      add(node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, true);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined
    )
      add(node.arguments[0], false);
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "URL" &&
      isImportMetaUrl(node.arguments?.[1])
    ) {
      const first = node.arguments?.[0];
      if (first !== undefined && ts.isStringLiteralLike(first) && first.text.startsWith(".")) add(first, false);
    } else if (isSiblingModuleCall(node)) {
      const name = node.arguments[1]!;
      if (ts.isStringLiteralLike(name)) {
        const target = path.posix.join(path.posix.dirname(file), `${name.text}.ts`);
        edges.push({ specifier: `./${name.text}.js`, target, typeOnly: false, line: lineOf(name) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** `siblingModule(import.meta.url, "name")`: how a task names the module its worker threads load. */
function isSiblingModuleCall(node: ts.Node): node is ts.CallExpression {
  return (
    ts.isCallExpression(node) &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === "siblingModule" &&
    node.arguments.length === 2 &&
    isImportMetaUrl(node.arguments[0])
  );
}

function isImportMetaUrl(node: ts.Node | undefined): boolean {
  return (
    node !== undefined &&
    ts.isPropertyAccessExpression(node) &&
    node.name.text === "url" &&
    ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword
  );
}

/** The graph of the files under the folders: each file with the edges it names. */
export function importGraph(root: string, folders: readonly string[]): Map<string, ImportEdge[]> {
  const files = folders.flatMap((folder) => sourceFiles(root, folder));
  return new Map(files.map((file) => [file, importsOfText(file, readFileSync(path.join(root, file), "utf8"))]));
}

/** The package a bare specifier names (`@scope/name` or `name`), without its subpath. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("node:") || specifier.startsWith("#")) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}
