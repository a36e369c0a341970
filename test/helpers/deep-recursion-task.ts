/** A task for run-tasks' tests: recursion `depth` frames deep, which a thread's default stack cannot hold for large depths. */
export function recurse(depth: number): { ok: boolean; reached?: number } {
  const down = (n: number): number => (n === 0 ? 0 : 1 + down(n - 1));
  try {
    return { ok: true, reached: down(depth) };
  } catch (error) {
    if (error instanceof RangeError) return { ok: false };
    throw error;
  }
}
