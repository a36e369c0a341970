/**
 * Milliseconds from an arbitrary start, for a run's reported duration. Not `performance.now()`:
 * Node 20 loads its performance API on first use, a dozen modules of its own, which cost an
 * unchanged `generate` about 4 ms.
 */
export function milliseconds(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
