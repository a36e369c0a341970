/**
 * The documents whose references are still to resolve, in turn: a document
 * comes back when a subschema of it is indexed late, and a reference that
 * waits for a later round (see `ResolveRun`) is parked, then retried at its
 * document's next turn.
 */
export class WorkList {
  private readonly queue: string[] = [];
  /** References that wait for a later round: to a pending file, or to a URI no document has declared (yet). */
  private readonly parked: { key: string; index: number }[] = [];
  private readonly retry = new Map<string, number[]>();
  /** How many of each document's references are resolved: indexing a subschema late adds more. */
  private readonly resolvedCount = new Map<string, number>();
  private final = false;

  /** How many turns were queued so far (taken or not). */
  get length(): number {
    return this.queue.length;
  }

  /** The key of the document whose turn is `turn`. */
  at(turn: number): string {
    return this.queue[turn]!;
  }

  push(...keys: string[]): void {
    this.queue.push(...keys);
  }

  park(key: string, index: number): void {
    this.parked.push({ key, index });
  }

  hasParked(): boolean {
    return this.parked.length > 0;
  }

  /** Whether this is the last round: a reference that finds no document now is reported, not parked. */
  get finalPass(): boolean {
    return this.final;
  }

  /** Starts a round (`final` or not): each parked reference is retried at its document's next turn. */
  startRound(final: boolean): void {
    this.final = final;
    for (const { key, index } of this.parked.splice(0)) {
      const again = this.retry.get(key);
      if (again) again.push(index);
      else {
        this.retry.set(key, [index]);
        this.queue.push(key);
      }
    }
  }

  /** The sites of a document to resolve at its turn: those that waited for the round, then those indexed since its last turn. */
  takeSites(key: string, count: number): number[] {
    const from = this.resolvedCount.get(key) ?? 0;
    this.resolvedCount.set(key, count);
    const again = this.retry.get(key) ?? [];
    this.retry.delete(key);
    return [...again, ...Array.from({ length: count - from }, (_, k) => from + k)];
  }
}
