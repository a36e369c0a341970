import { describe, expect, it, vi } from "vitest";
import { capturePrinted } from "../../src/targets/types/console-capture.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("capturing what the type generator prints", () => {
  it("keeps each call's lines apart while calls overlap across awaits, and lets everything else through to the console", async () => {
    // The console as it was before charter first routed it (this file's process routes it here, once).
    const original = vi.fn();
    console.error = original;
    const a: string[] = [];
    const b: string[] = [];
    await Promise.all([
      capturePrinted(a, async () => {
        console.error(["first of a"]);
        await tick();
        console.error("second of a", 2);
      }),
      capturePrinted(b, async () => {
        await tick();
        console.error("only of b");
      }),
      (async () => {
        await tick();
        console.error("outside");
      })(),
    ]);
    expect(a).toEqual(['["first of a"]', "second of a 2"]);
    expect(b).toEqual(["only of b"]);
    expect(original.mock.calls).toEqual([["outside"]]);
  });
});
