import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";
import { loadCompiledCode } from "../../tasks/compiled-code.js";
import { typeScriptFiles } from "./typescript-files.js";

/**
 * ts-morph (and the TypeScript it bundles), required rather than imported: an ES import of a
 * CommonJS package makes Node scan its source for the names it exports, and ts-morph's is large
 * (0.15–0.2 s of every process that compiles, measured with `node -e`); from V8's compiled code
 * when the thread has a folder of it (tasks/compiled-code.ts).
 */
loadCompiledCode(typeScriptFiles);
const tsMorph = createRequire(import.meta.url)("ts-morph") as typeof TsMorph;

export const Project = tsMorph.Project;
export type Project = TsMorph.Project;
export const ts: typeof TsMorph.ts = tsMorph.ts;

/** The compiler's types the types target and the repairs name. */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace ts {
  export type CompilerOptions = TsMorph.ts.CompilerOptions;
  export type Node = TsMorph.ts.Node;
  export type NodeArray<T extends Node> = TsMorph.ts.NodeArray<T>;
  export type Program = TsMorph.ts.Program;
  export type PropertySignature = TsMorph.ts.PropertySignature;
  export type SourceFile = TsMorph.ts.SourceFile;
  export type SyntaxKind = TsMorph.ts.SyntaxKind;
  export type TypeElement = TsMorph.ts.TypeElement;
  export type TypeLiteralNode = TsMorph.ts.TypeLiteralNode;
  export type TypeNode = TsMorph.ts.TypeNode;
  export type UnionTypeNode = TsMorph.ts.UnionTypeNode;
}
