import { Project, ts } from "../../repairs/support/typescript-api.js";
import { typesPath } from "../shared/output-files.js";

/**
 * The strict flags this repository builds with; generated types must pass them. Against ES5's
 * globals alone: generated types name none of a later standard (SchemaStore's 663 modules have
 * the same findings, none, against ES2022's), so a module that passes here passes against every
 * later library, and ES5's declarations are half of ES2022's to parse and bind (233 against 470 kB).
 */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es5.d.ts"],
  types: [],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
};

/** What the type checker found in one file: the line (0 for none) and the message. */
export interface FileFinding {
  line: number;
  message: string;
}

/** One program's worth of files: every file it loads (by module name), the ones to check, and whether to keep it for the next. */
export interface CheckBatch {
  load: [name: string, text: string][];
  check: string[];
  /** Keep the project for the next batch or run (false drops it once this batch is checked). */
  keep: boolean;
}

/**
 * One in-memory project for the life of the thread: each batch's program is made from the
 * last one (TypeScript reuses every file whose text is the same, the standard library's
 * declarations first), so that `watch`, which compiles again after each save, checks only what
 * changed instead of parsing and binding everything afresh.
 */
let shared: Project | undefined;

/** The program of exactly the batch's files, from the shared project. */
function programOf(batch: CheckBatch): ts.Program {
  const project = (shared ??= new Project({ useInMemoryFileSystem: true, compilerOptions: COMPILER_OPTIONS }));
  const wanted = new Map(batch.load.map(([name, text]) => [`/${typesPath(name)}`, text]));
  for (const sourceFile of project.getSourceFiles()) {
    const text = wanted.get(sourceFile.getFilePath());
    if (text === undefined || text !== sourceFile.getFullText()) project.removeSourceFile(sourceFile);
  }
  for (const [file, text] of wanted) if (!project.getSourceFile(file)) project.createSourceFile(file, text);
  return project.getProgram().compilerObject;
}

/** Compiles one batch in memory under the strict flags: each checked file's findings. */
export function checkBatch(batch: CheckBatch): [string, FileFinding[]][] {
  const program = programOf(batch);
  const checked = batch.check.map((name): [string, FileFinding[]] => [name, findingsOf(program, name)]);
  if (!batch.keep) shared = undefined;
  return checked;
}

/**
 * The program ready before any batch arrives: the standard library's declarations parsed and
 * bound, as the first batch would. A thread that waits for its first task does this meanwhile.
 */
export function prepareProgram(): void {
  // Without a file, TypeScript would not load the standard library; the next batch drops this one.
  findingsOf(programOf({ load: [[WARM_UP, WARM_UP_MODULE]], check: [], keep: true }), WARM_UP);
}

const WARM_UP = "__warm_up__";
/** A few of the shapes generated modules have, for the checker to compile its code for. */
const WARM_UP_MODULE = `export interface Warm {
  readonly a?: string;
  b: (number | null)[];
  c: { [k: string]: boolean | Warm };
}
export type Either = Warm | "x" | 1;
export const warm: Warm = { b: [1, null], c: { d: true } };
`;

function findingsOf(program: ts.Program, name: string): FileFinding[] {
  const sourceFile = program.getSourceFile(`/${typesPath(name)}`)!;
  try {
    // Options and global findings carry no file: none is this module's.
    return ts
      .getPreEmitDiagnostics(program, sourceFile)
      .filter((finding) => finding.file === sourceFile)
      .map((finding) => ({
        line:
          finding.file && finding.start !== undefined
            ? finding.file.getLineAndCharacterOfPosition(finding.start).line + 1
            : 0,
        message: ts.flattenDiagnosticMessageText(finding.messageText, " ").slice(0, 400),
      }));
  } catch (error) {
    // A checker that failed midway is not one to build the next program from.
    shared = undefined;
    if (!(error instanceof RangeError)) throw error;
    // TypeScript's checker recursed through the module (a very long chain of aliases): a client's tsc would too.
    return [
      {
        line: 0,
        message:
          "TypeScript's checker ran out of call stack on this module (its types nest or alias too deeply for tsc)",
      },
    ];
  }
}
