import { describe, expect, it } from "vitest";
import { REPAIRS } from "../../src/repairs/registry.js";
import { EVERY_OTHER_REPAIR, type Repair } from "../../src/repairs/support/repair.js";

/** Where the registry's order breaks what its repairs state in `after`; empty when it honours every statement. */
function orderProblems(repairs: readonly Repair[]): string[] {
  const position = new Map(repairs.map((repair, index) => [repair.id, index]));
  const problems: string[] = [];
  repairs.forEach((repair, index) => {
    if (repair.after === EVERY_OTHER_REPAIR) {
      if (index !== repairs.length - 1) problems.push(`${repair.id} runs after every other repair, but not last`);
      return;
    }
    for (const id of repair.after) {
      const at = position.get(id);
      if (at === undefined) problems.push(`${repair.id} runs after ${id}, which is no registered repair`);
      else if (at >= index) problems.push(`${repair.id} runs after ${id}, which the registry puts at or after it`);
    }
  });
  return problems;
}

const byId = (id: string) => REPAIRS.find((repair) => repair.id === id)!;

describe("the order of the repairs", () => {
  it("honours what each repair states must run before it", () => {
    expect(orderProblems(REPAIRS)).toEqual([]);
  });

  it("is checked: a registry that runs a repair before one it reads fails", () => {
    // open-tuples reads the `items` list prefix-items-tuple makes.
    const swapped = REPAIRS.map((repair) =>
      repair.id === "open-tuples"
        ? byId("prefix-items-tuple")
        : repair.id === "prefix-items-tuple"
          ? byId("open-tuples")
          : repair,
    );
    expect(orderProblems(swapped)).toEqual([
      "open-tuples runs after prefix-items-tuple, which the registry puts at or after it",
    ]);
  });

  it("is checked: a repair that names no registered repair, or itself, fails", () => {
    const planted = REPAIRS.map((repair) =>
      repair.id === "not-schema" ? { ...repair, after: ["not-a-repair", "not-schema"] } : repair,
    );
    expect(orderProblems(planted)).toEqual([
      "not-schema runs after not-a-repair, which is no registered repair",
      "not-schema runs after not-schema, which the registry puts at or after it",
    ]);
  });

  it("is checked: a repair that runs after every other one must be last", () => {
    const last = REPAIRS.at(-1)!;
    expect(last.after).toBe(EVERY_OTHER_REPAIR);
    expect(orderProblems([last, ...REPAIRS.slice(0, -1)])).toEqual([
      `${last.id} runs after every other repair, but not last`,
    ]);
  });
});
