/**
 * Type-checks one module of typed literals (check-module.ts writes it) with
 * the TypeScript compiler API, `strict: true`, and says for each literal
 * whether a diagnostic falls in its statement: the literal is rejected, with
 * the first message. A diagnostic outside every literal (the import, or the
 * probe that the root type is not `any`) makes the whole module unusable.
 * The library files are parsed once per process and shared by every program.
 */
import ts from "typescript";

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  types: [],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
};

const libraryFiles = new Map<string, ts.SourceFile>();

function compilerHost(): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version, onError, create) => {
    const shared = fileName.includes("/node_modules/typescript/lib/");
    const cached = shared ? libraryFiles.get(fileName) : undefined;
    if (cached) return cached;
    const file = read(fileName, version, onError, create);
    if (shared && file) libraryFiles.set(fileName, file);
    return file;
  };
  return host;
}

export interface CheckReply {
  ok: true;
  /** Per literal, in order: null when accepted, else the first diagnostic in it. */
  verdicts: (string | null)[];
  /** Diagnostics outside every literal: when any, the verdicts mean nothing. */
  moduleProblems: string[];
  ms: number;
}

function message(d: ts.Diagnostic): string {
  return `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").replace(/\s+/g, " ").slice(0, 300)}`;
}

/** The literal statements (`const vN: T = ...`) of the module, by N. */
function literalStatements(file: ts.SourceFile): { index: number; start: number; end: number }[] {
  const out: { index: number; start: number; end: number }[] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const name = statement.declarationList.declarations[0]?.name;
    const match = name && ts.isIdentifier(name) ? /^v(\d+)$/.exec(name.text) : null;
    if (match) out.push({ index: Number(match[1]), start: statement.getStart(file), end: statement.end });
  }
  return out.sort((a, b) => a.start - b.start);
}

export function checkLiterals(fileName: string, count: number): CheckReply {
  const started = performance.now();
  const program = ts.createProgram({ rootNames: [fileName], options: OPTIONS, host: compilerHost() });
  const file = program.getSourceFile(fileName);
  if (!file)
    return { ok: true, verdicts: [], moduleProblems: [`${fileName} was not read`], ms: performance.now() - started };
  const statements = literalStatements(file);
  const verdicts: (string | null)[] = Array.from({ length: count }, () => null);
  const moduleProblems: string[] = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map(message);
  for (const d of [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]) {
    const at = d.start ?? -1;
    // Binary search for the statement holding the diagnostic.
    let [low, high] = [0, statements.length - 1];
    let found: (typeof statements)[number] | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const s = statements[middle]!;
      if (at < s.start) high = middle - 1;
      else if (at >= s.end) low = middle + 1;
      else {
        found = s;
        break;
      }
    }
    if (!found) moduleProblems.push(message(d));
    else if (verdicts[found.index] === null) verdicts[found.index] = message(d);
  }
  return { ok: true, verdicts, moduleProblems, ms: performance.now() - started };
}

/**
 * The module of literals for one contract and side: its root type imported
 * as `T`, a probe that fails when `T` is `any` (every literal would pass),
 * then one statement per literal.
 */
export function checkModule(importPath: string, typeName: string, literals: readonly string[]): string {
  return [
    `import type { ${typeName} as T } from ${JSON.stringify(importPath)};`,
    "type IsAny = 0 extends 1 & T ? true : false;",
    "const anyProbe: IsAny = false;",
    "export { anyProbe };",
    ...literals.map((literal, i) => `const v${i}: T = ${literal};`),
    "",
  ].join("\n");
}
