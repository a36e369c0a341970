/** What the file system's refusals mean, for a person: the code alone (`ENOSPC`) says little to most. */
const MEANINGS: Record<string, string> = {
  ENOSPC: "the disk is full",
  EDQUOT: "the disk quota is used up",
  EACCES: "permission denied",
  EPERM: "the operation is not permitted",
  EROFS: "the file system is read-only",
  ENAMETOOLONG: "a file name is too long for the file system",
  EISDIR: "a folder is where a file should be",
  ENOTDIR: "a file is where a folder should be",
  ELOOP: "too many symbolic links",
  EMFILE: "too many open files",
  EIO: "the disk reported an input/output error",
  EBUSY: "the file is in use",
};

/** `the disk is full (ENOSPC)`, or the code or message alone for what has no meaning here. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code !== undefined) return MEANINGS[code] !== undefined ? `${MEANINGS[code]} (${code})` : code;
  return error instanceof Error ? error.message : String(error);
}
