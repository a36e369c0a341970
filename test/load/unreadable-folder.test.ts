import { chmodSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotTree, tempTree } from "../helpers/temp-tree.js";
import { asNobody, openToAll } from "../helpers/as-nobody.js";

describe("a source folder that cannot be read", () => {
  it("is CH101 at its path: generate writes nothing (its contracts' outputs stay) and check fails", async () => {
    const dir = tempTree({
      "schema-src/order.yaml": "type: string\n",
      "schema-src/billing/invoice.yaml": "type: integer\n",
    });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    openToAll(dir);
    const before = snapshotTree(path.join(dir, "generated"));
    chmodSync(path.join(dir, "schema-src/billing"), 0o000);
    try {
      const generate = asNobody(["generate"], dir);
      expect(generate.code).toBe(1);
      expect(generate.stdout).toContain(
        "schema-src/billing: error CH101 cannot read the folder (EACCES): its contracts would be left out, and their outputs deleted",
      );
      expect(readdirSync(path.join(dir, "generated/schemas/billing"))).toEqual(["invoice.schema.json"]);
      expect(snapshotTree(path.join(dir, "generated"))).toEqual(before);
      const check = asNobody(["check"], dir);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain("schema-src/billing: error CH101");
    } finally {
      chmodSync(path.join(dir, "schema-src/billing"), 0o755);
    }
  });
});
