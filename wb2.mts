import { readFileSync, writeFileSync } from "node:fs";
const { compile } = await import("/work/main/dist/pipeline/compile.js");
const { TaskCache } = await import("/work/main/dist/cli/cache/task-cache.js");
const { resolveSettings } = await import("/work/main/dist/cli/config.js");
const { settings } = await resolveSettings({ cacheDir: "/tmp/wb/cache" }, "/tmp/wb");
const file = "/tmp/wb/schema-src/agent/result.yaml";
const orig = readFileSync(file, "utf8");
for (let i = 0; i < 8; i++) {
  writeFileSync(file, orig.replace(/^(description: >-\n  )/m, `$1Edit ${i}. `));
  const t = performance.now();
  const cache = await TaskCache.open("/tmp/wb/cache", { root: "/tmp/wb" });
  const r = await compile({ ...settings, cache });
  const s = Object.fromEntries(Object.entries(r.timings.stages).map(([k, v]) => [k, Math.round(v as number)]));
  console.log(i, Math.round(performance.now() - t), JSON.stringify(s), r.diagnostics.length);
}
writeFileSync(file, orig);
