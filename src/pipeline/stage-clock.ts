/** Milliseconds per stage (`lap` at each one's end), and the next stage's name told to a progress display. */
export function stageClock(onProgress: ((stage: string) => void) | undefined) {
  const stages: Record<string, number> = {};
  let clock = performance.now();
  const NEXT: Record<string, string> = {
    load: "resolving references",
    resolve: "checking the sources",
    check: "bundling",
    bundle: "types and validators",
    python: "types and validators",
    types: "validators",
    validators: "the manifest",
  };
  onProgress?.("loading the sources");
  const lap = (stage: string) => {
    const now = performance.now();
    stages[stage] = now - clock;
    clock = now;
    if (NEXT[stage] !== undefined) onProgress?.(NEXT[stage]);
  };
  return { stages, lap };
}
