/** A change to the generated module's text: the characters from `start` to `end` become `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The text with every edit made, each edit's offsets read in the original text, in one pass
 * (a module of the corpus gets hundreds). Edits may touch but not overlap; at one offset an
 * insertion goes in front of a removal or replacement that starts there.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const pieces: string[] = [];
  let done = 0;
  for (const edit of ordered) {
    if (edit.start < done) throw new Error(`overlapping edits at ${edit.start}-${edit.end}`);
    pieces.push(text.slice(done, edit.start), edit.text);
    done = edit.end;
  }
  pieces.push(text.slice(done));
  return pieces.join("");
}
