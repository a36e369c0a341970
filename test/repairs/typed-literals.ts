import { Project } from "ts-morph";
import { STRICT_CLIENT_OPTIONS } from "../helpers/client-programs.js";

/**
 * Whether each value, written as a typed literal `const v: Type = <value>;`
 * against a generated types module, compiles under a strict client's flags:
 * true when no diagnostic falls in its statement. `modules` maps file names
 * (`types.ts`, and any module it imports) to their text.
 */
export function typedLiterals(
  modules: Record<string, string>,
  importFrom: string,
  literals: { type: string; value: unknown }[],
): boolean[] {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: STRICT_CLIENT_OPTIONS });
  for (const [name, text] of Object.entries(modules)) project.createSourceFile(`/${name}`, text);
  const types = [...new Set(literals.map((l) => l.type))];
  const lines = [
    `import type { ${types.join(", ")} } from "./${importFrom}";`,
    ...literals.map((l, i) => `export const v${i}: ${l.type} = ${JSON.stringify(l.value)};`),
  ];
  const file = project.createSourceFile("/literals.ts", lines.join("\n"));
  const rejected = new Set<number>();
  for (const diagnostic of project.getPreEmitDiagnostics()) {
    if (diagnostic.getSourceFile()?.getFilePath() !== "/literals.ts")
      throw new Error(`the types do not compile: ${String(diagnostic.getMessageText())}`);
    const line = file.getLineAndColumnAtPos(diagnostic.getStart() ?? 0).line - 1;
    if (line === 0) throw new Error(`the import fails: ${JSON.stringify(diagnostic.getMessageText())}`);
    rejected.add(line - 1);
  }
  return literals.map((_, i) => !rejected.has(i));
}

/** Every object made of these choices per member (`undefined`: left out). */
export function combinations(choices: Record<string, unknown[]>): Record<string, unknown>[] {
  let all: Record<string, unknown>[] = [{}];
  for (const [name, values] of Object.entries(choices)) {
    all = all.flatMap((partial) =>
      values.map((value) => (value === undefined ? partial : { ...partial, [name]: value })),
    );
  }
  return all;
}
