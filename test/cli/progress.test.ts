import { describe, expect, it } from "vitest";
import { colourise, progressLine, wantsColour } from "../../src/cli/progress.js";
import { run } from "../../src/cli/run.js";
import { tempTree } from "../helpers/temp-tree.js";

describe("progress and colour", () => {
  it("shows the stage in place once a run has taken its delay, and erases it at the end", async () => {
    let written = "";
    const fast = progressLine((t) => (written += t), 60_000);
    fast.stage("bundling");
    fast.done();
    expect(written).toBe(""); // a quick run prints nothing
    const slow = progressLine((t) => (written += t), 0);
    await new Promise((r) => setTimeout(r, 10));
    slow.stage("bundling");
    slow.stage("types and validators");
    slow.done();
    expect(written).toBe(
      "\r\x1b[2Kcharter: …\r\x1b[2Kcharter: bundling…\r\x1b[2Kcharter: types and validators…\r\x1b[2K",
    );
  });

  it("colours the level of each finding, on a terminal without NO_COLOR only", async () => {
    expect(colourise("a.yaml:1:2: error CH102 bad\ncharter: warning CH803 rules\nplain: error text\n")).toBe(
      "a.yaml:1:2: \x1b[31merror\x1b[0m CH102 bad\ncharter: \x1b[33mwarning\x1b[0m CH803 rules\nplain: error text\n",
    );
    expect(wantsColour(true, {})).toBe(true);
    expect(wantsColour(true, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColour(true, { TERM: "dumb" })).toBe(false);
    expect(wantsColour(false, {})).toBe(false);
    expect(wantsColour(undefined, {})).toBe(false);
    // Through the CLI: the same findings, coloured when the terminal wants it.
    const dir = tempTree({ "schema-src/a.yaml": "type: [object\n" });
    let out = "";
    const code = await run(["generate"], {
      cwd: dir,
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
      colour: { stdout: true, stderr: false },
    });
    expect(code).toBe(1);
    // eslint-disable-next-line no-control-regex -- the colour codes are what is tested
    expect(out).toMatch(/^schema-src\/a\.yaml:\d+:\d+: \x1b\[31merror\x1b\[0m CH102 /m);
  });
});
