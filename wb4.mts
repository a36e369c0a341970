const { readTree } = await import("/work/main/dist/cli/read-tree.js");
const { writeTreeAtomically } = await import("/work/main/dist/cli/write-tree.js");
const { acquireOutputLock } = await import("/work/main/dist/cli/output-lock.js");
const { sourceTreeDigest } = await import("/work/main/dist/cli/cache/source-tree-digest.js");
const out = "/tmp/wb/generated";
for (let i = 0; i < 5; i++) {
  let t = performance.now();
  const lock = await acquireOutputLock(out, { waitMs: 0 });
  const tl = performance.now() - t; t = performance.now();
  const cur = await readTree(out);
  const tr = performance.now() - t; t = performance.now();
  const files = new Map([...cur].map(([k, v]) => [k, v!.toString("utf8")]));
  const unchanged = new Set([...files.keys()].slice(7));
  await writeTreeAtomically(out, files, unchanged);
  const tw = performance.now() - t; t = performance.now();
  if (lock.ok) await lock.release();
  const trel = performance.now() - t; t = performance.now();
  await sourceTreeDigest("/tmp/wb/schema-src");
  console.log({ lock: tl.toFixed(0), read: tr.toFixed(0), write: tw.toFixed(0), release: trel.toFixed(0), digest: (performance.now() - t).toFixed(0) });
}
