import { lstat, readlink, realpath } from "node:fs/promises";

/**
 * The folder the output is written in: a symbolic link given as the output
 * is written through, so that the link stays and its target is what charter
 * replaces (replacing the link by a real folder left the target with the old
 * tree). A link to nothing is an error: there is no folder to write.
 */
export async function throughLink(outDir: string): Promise<{ outDir: string } | { error: string }> {
  const info = await lstat(outDir).catch(() => undefined);
  if (!info?.isSymbolicLink()) return { outDir };
  try {
    return { outDir: await realpath(outDir) };
  } catch (error) {
    const target = await readlink(outDir).catch(() => "?");
    const code = (error as NodeJS.ErrnoException).code ?? "unresolvable";
    return { error: `the output folder is a symbolic link to ${target}, which cannot be followed (${code})` };
  }
}
