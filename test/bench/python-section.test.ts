import { describe, expect, it } from "vitest";
import { SECTION_END, SECTION_START, withSection } from "../../scripts/bench-python/report.js";
import { KEPT_END, KEPT_START } from "../../scripts/kept-summary.js";

const section = (text: string) => `${SECTION_START}\n${text}\n${SECTION_END}`;

describe("bench:python's section of docs/benchmarks.md", () => {
  it("goes inside the hand-written part npm run bench carries over, then replaces only itself", () => {
    const page = `# Benchmarks\n\ntables\n\n${KEPT_START}\nhand text\n${KEPT_END}\n\n## Scaling\n`;
    const first = withSection(page, section("one"));
    expect(first).toBe(
      `# Benchmarks\n\ntables\n\n${KEPT_START}\nhand text\n\n${section("one")}\n${KEPT_END}\n\n## Scaling\n`,
    );
    const second = withSection(first, section("two"));
    expect(second).toBe(first.replace("\none\n", "\ntwo\n"));
  });
});
