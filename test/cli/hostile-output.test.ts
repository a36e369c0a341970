import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { asNobody, openToAll } from "../helpers/as-nobody.js";
import { tempTree } from "../helpers/temp-tree.js";

/** Every file under `dir` with the sha256 of its bytes: the tree's state, before and after. */
function listing(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, file)] = createHash("sha256").update(readFileSync(file)).digest("hex");
    }
  return files;
}

/** What charter leaves beside the output: staging folders, previous trees, locks. */
function beside(dir: string): string[] {
  return readdirSync(dir).filter((name) => name.startsWith("generated."));
}

/** A generated project that nobody may work in. */
async function project(): Promise<string> {
  const dir = tempTree({ "schema-src/order.yaml": "type: object\nproperties:\n  id: { type: string }\n" });
  expect((await runCli(["generate"], dir)).code).toBe(0);
  openToAll(dir);
  return dir;
}

const EDITED = "type: object\nproperties:\n  id: { type: integer }\n";

describe("a read-only output", () => {
  it("is refused before anything moves: CH007 at the read-only folder, the tree as it was, nothing left beside", async () => {
    const dir = await project();
    writeFileSync(path.join(dir, "schema-src/order.yaml"), EDITED);
    chmodSync(path.join(dir, "generated/types"), 0o555);
    const before = listing(path.join(dir, "generated"));
    try {
      const run = asNobody(["generate"], dir);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        "generated/types: error CH007 cannot replace the output: this folder is read-only (EACCES); nothing written",
      );
      expect(run.stdout).toContain("nothing written");
      expect(listing(path.join(dir, "generated"))).toEqual(before);
      expect(beside(dir)).toEqual([]);
    } finally {
      chmodSync(path.join(dir, "generated/types"), 0o777);
    }
  });

  it("a previous tree of charter's that cannot be deleted is CH014, never blocks a run, and is said on each", async () => {
    const dir = await project();
    // What an interrupted or refused deletion leaves: a whole previous tree with a read-only folder in it.
    const leftover = path.join(dir, "generated.charter-old-4242");
    cpSync(path.join(dir, "generated"), leftover, { recursive: true });
    chmodSync(path.join(leftover, "types"), 0o555);
    try {
      writeFileSync(path.join(dir, "schema-src/order.yaml"), EDITED);
      const first = asNobody(["generate"], dir);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain(
        "generated.charter-old-4242: warning CH014 a previous output of charter's remains",
      );
      expect(first.stdout).toContain("charter: wrote 1 contract");
      expect(readFileSync(path.join(dir, "generated/types/order.ts"), "utf8")).toContain("id?: number");
      const again = asNobody(["generate"], dir);
      expect(again.code).toBe(0);
      expect(again.stdout.match(/CH014/g)).toHaveLength(1);
      expect(again.stdout).toContain("is up to date");
    } finally {
      chmodSync(path.join(leftover, "types"), 0o777);
    }
  });

  it("leaves alone a folder named like charter's previous tree that holds no charter manifest", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n", "generated.charter-old/notes.md": "mine\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: integer\n");
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, "generated.charter-old/notes.md"), "utf8")).toBe("mine\n");
  });
});

/** A 1 MiB tmpfs at a fresh folder, or undefined where this process may not mount one (not root, a container without the capability). */
function smallDisk(): string | undefined {
  // Not a tempTree: its cleanup would meet the mount.
  const at = mkdtempSync(path.join(tmpdir(), "charter-full-disk-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", at], { encoding: "utf8" });
  return mounted.status === 0 ? at : undefined;
}

const disk = smallDisk();

describe.skipIf(disk === undefined)("a full disk", () => {
  it("is CH007 'the disk is full (ENOSPC)': the old tree whole, no lock and no staging folder left", async () => {
    const dir = disk!;
    try {
      writeFileSync(path.join(dir, "charter.config.yaml"), "source: schema-src\n");
      mkdirSync(path.join(dir, "schema-src"));
      writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: object\nproperties:\n  id: { type: string }\n");
      expect((await runCli(["generate"], dir)).code).toBe(0);
      const before = listing(path.join(dir, "generated"));
      writeFileSync(path.join(dir, "schema-src/order.yaml"), EDITED);
      // Every byte left taken, in chunks, until the file system refuses.
      const filler = path.join(dir, "filler");
      const chunk = Buffer.alloc(4096, 1);
      try {
        for (;;) writeFileSync(filler, chunk, { flag: "a" });
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
      }
      const run = await runCli(["generate"], dir);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/error CH007 cannot write the output: the disk is full \(ENOSPC\); nothing written/);
      expect(run.stdout).not.toContain("CH010");
      expect(listing(path.join(dir, "generated"))).toEqual(before);
      expect(beside(dir)).toEqual([]);
      expect(existsSync(path.join(dir, "generated.charter-lock"))).toBe(false);
    } finally {
      spawnSync("umount", [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("reading the output, bounded", () => {
  it("reports a stray file of 3 GB as a stray and a file of charter's grown to 3 GB as stale, reading neither whole", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    // Sparse: no disk, but a read of it whole would be 3 GB of memory (Node refuses past 2 GiB: exit 70 before).
    writeFileSync(path.join(dir, "generated/huge.bin"), "");
    truncateSync(path.join(dir, "generated/huge.bin"), 3 * 1024 ** 3);
    const types = path.join(dir, "generated/types/order.ts");
    truncateSync(types, 3 * 1024 ** 3);
    const check = await runCli(["check", "--format", "json"], dir);
    expect(check.code).toBe(1);
    const report = JSON.parse(check.stdout) as { drift: { stale: { path: string }[]; orphaned: string[] } };
    expect(report.drift.orphaned).toEqual(["huge.bin"]);
    expect(report.drift.stale.map((s) => s.path)).toEqual(["types/order.ts"]);
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(0);
    expect(existsSync(path.join(dir, "generated/huge.bin"))).toBe(false);
    expect(statSync(types).size).toBeLessThan(10_000);
  });

  it("never opens a FIFO: manifest.json as one is not charter's manifest (CH006), and check calls it not a file", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    rmSync(path.join(dir, "generated/manifest.json"));
    expect(spawnSync("mkfifo", [path.join(dir, "generated/manifest.json")]).status).toBe(0);
    writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: integer\n");
    const generate = await runCli(["generate"], dir);
    expect(generate.code).toBe(1);
    expect(generate.stdout).toMatch(/^generated: error CH006 /m);
    const check = await runCli(["check"], dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("not a regular file");
  });

  it("never reads a device: /dev/zero linked, or a device node, where charter writes a file", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n" });
    expect((await runCli(["generate"], dir)).code).toBe(0);
    rmSync(path.join(dir, "generated/types/order.ts"));
    symlinkSync("/dev/zero", path.join(dir, "generated/types/order.ts"));
    // A device node of its own where the system lets this process make one (root, outside a restricted container).
    const node = spawnSync("mknod", [path.join(dir, "generated/schemas/order.schema.json.zero"), "c", "1", "5"]);
    const check = await runCli(["check", "--format", "json"], dir);
    expect(check.code).toBe(1);
    const report = JSON.parse(check.stdout) as {
      drift: { stale: { path: string; diff: string }[]; orphaned: string[] };
    };
    expect(report.drift.stale).toMatchObject([
      { path: "types/order.ts", diff: expect.stringContaining("not a regular file") },
    ]);
    expect(report.drift.orphaned).toEqual(node.status === 0 ? ["schemas/order.schema.json.zero"] : []);
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(lstatSync(path.join(dir, "generated/types/order.ts")).isFile()).toBe(true);
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("an output folder check cannot read is CH015 at it, exit 1; generate says CH007 at it", async () => {
    const dir = await project();
    chmodSync(path.join(dir, "generated/validators"), 0o000);
    try {
      const check = asNobody(["check"], dir);
      expect(check.code).toBe(1);
      expect(check.stdout).toContain(
        "generated/validators: error CH015 cannot read the output: permission denied (EACCES)",
      );
      expect(check.stdout + check.stderr).not.toMatch(/^\s+at /m);
      writeFileSync(path.join(dir, "schema-src/order.yaml"), EDITED);
      const generate = asNobody(["generate"], dir);
      expect(generate.code).toBe(1);
      expect(generate.stdout).toContain("generated/validators: error CH007 cannot write the output: permission denied");
    } finally {
      chmodSync(path.join(dir, "generated/validators"), 0o777);
    }
  });

  it("refuses an output at the file system's root (CH005) before reading anything", async () => {
    const dir = tempTree({
      "schema-src/order.yaml": "type: string\n",
      "charter.config.yaml": "out: /\nallowOutputOutsideProject: true\n",
    });
    for (const args of [["check"], ["generate"], ["generate", "--out", "/"]]) {
      const run = await runCli(args, dir);
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toContain("error CH005 output directory / is the file system's root");
    }
  });

  it("refuses a config out outside the project unless the config says it is meant; --out is explicit", async () => {
    const dir = tempTree({ "project/schema-src/order.yaml": "type: string\n" });
    const project = path.join(dir, "project");
    writeFileSync(path.join(project, "charter.config.yaml"), "out: ../elsewhere\n");
    const refused = await runCli(["generate"], project);
    expect(refused.code).toBe(2);
    expect(refused.stdout + refused.stderr).toContain(
      "charter.config.yaml: error CH005 out: ../elsewhere is outside the project's folder (the config's); set allowOutputOutsideProject: true if that is meant",
    );
    expect(existsSync(path.join(dir, "elsewhere"))).toBe(false);
    expect((await runCli(["generate", "--out", "../flagged"], project)).code).toBe(0);
    writeFileSync(path.join(project, "charter.config.yaml"), "out: ../elsewhere\nallowOutputOutsideProject: true\n");
    expect((await runCli(["generate"], project)).code).toBe(0);
    expect(existsSync(path.join(dir, "elsewhere/manifest.json"))).toBe(true);
  });
});

describe("an output folder that is a symbolic link", () => {
  it("is written through: the link stays, its target holds the new tree, check reads it", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n", "shared/.keep": "" });
    symlinkSync("shared/contracts", path.join(dir, "generated"));
    mkdirSync(path.join(dir, "shared/contracts"));
    expect((await runCli(["generate"], dir)).code).toBe(0);
    writeFileSync(path.join(dir, "schema-src/order.yaml"), "type: integer\n");
    expect((await runCli(["generate"], dir)).code).toBe(0);
    expect(lstatSync(path.join(dir, "generated")).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dir, "shared/contracts/types/order.ts"), "utf8")).toContain("number");
    expect(readdirSync(path.join(dir, "shared"))).toEqual([".keep", "contracts"]);
    expect((await runCli(["check"], dir)).code).toBe(0);
  });

  it("that leads nowhere is CH005, and nothing is made", async () => {
    const dir = tempTree({ "schema-src/order.yaml": "type: string\n" });
    symlinkSync("missing/contracts", path.join(dir, "generated"));
    const run = await runCli(["generate"], dir);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toContain(
      "error CH005 the output folder is a symbolic link to missing/contracts, which cannot be followed (ENOENT)",
    );
    expect(existsSync(path.join(dir, "missing"))).toBe(false);
  });
});
