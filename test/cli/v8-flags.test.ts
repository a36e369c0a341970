import { describe, expect, it } from "vitest";
import { setV8Flags } from "../../src/cli/v8-flags.js";

function flagsSet(execArgv: string[]): string[] {
  const set: string[] = [];
  setV8Flags(execArgv, (flag) => set.push(flag));
  return set;
}

describe("the CLI's V8 flags", () => {
  it("caps heap growth and raises the optimizing compiler's budget when node's command line gives neither", () => {
    expect(flagsSet([])).toEqual(["--heap-growing-percent=60", "--interrupt-budget=1000000"]);
  });

  it("leaves a flag the user gave on node's command line, in either spelling", () => {
    expect(flagsSet(["--heap_growing_percent=100"])).toEqual(["--interrupt-budget=1000000"]);
    expect(flagsSet(["--interrupt-budget=67584", "--stack-size=2000"])).toEqual(["--heap-growing-percent=60"]);
    expect(flagsSet(["--interrupt_budget", "--heap-growing-percent=30"])).toEqual([]);
  });

  it("does not take another flag that begins with the same name for the user's", () => {
    expect(flagsSet(["--interrupt-budget-for-feedback-allocation=940"])).toEqual([
      "--heap-growing-percent=60",
      "--interrupt-budget=1000000",
    ]);
  });
});
