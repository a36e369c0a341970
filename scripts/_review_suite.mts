import { mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { compile } from "../src/compiler/compile.js";
const SUITE = "/work/shared/corpora/json-schema-test-suite/";
const draft = process.argv[2] ?? "draft2020-12";
const metas: Record<string, string> = { "draft2020-12": "https://json-schema.org/draft/2020-12/schema", "draft2019-09": "https://json-schema.org/draft/2019-09/schema", draft7: "http://json-schema.org/draft-07/schema#" };
const make = () => { const o = { strict: false, validateFormats: false, logger: false } as const; return draft === "draft2020-12" ? new Ajv2020(o) : draft === "draft2019-09" ? new Ajv2019(o) : new Ajv(o); };
function remotes(ajv: any) {
  const walk = (d: string, rel: string) => { for (const f of readdirSync(d, { withFileTypes: true })) { if (f.isDirectory()) walk(path.join(d, f.name), rel + f.name + "/"); else { try { ajv.addSchema(JSON.parse(readFileSync(path.join(d, f.name), "utf8")), "http://localhost:1234/" + rel + f.name); } catch {} } } };
  walk(SUITE + "remotes", "");
}
let total = 0, ajvPass = 0, charterPass = 0, lost = 0, notBundled = 0; const lostList: string[] = [];
for (const file of readdirSync(SUITE + "tests/" + draft).filter((f) => f.endsWith(".json"))) {
  const groups = JSON.parse(readFileSync(SUITE + "tests/" + draft + "/" + file, "utf8"));
  for (const [gi, group] of groups.entries()) {
    const dir = mkdtempSync("/tmp/suite-");
    mkdirSync(dir + "/src");
    let schema = group.schema;
    if (typeof schema === "object" && schema.$schema === undefined) schema = { $schema: metas[draft], ...schema };
    writeFileSync(dir + "/src/case.json", JSON.stringify(schema));
    const result = await compile({ sourceDir: dir + "/src", outDir: dir + "/out", baseUri: "https://charter.test/", catalog: [{ prefix: "http://localhost:1234/", dir: SUITE + "remotes" }] });
    let bundled: any; let cv: any; let av: any;
    try { const a = make(); remotes(a); av = a.compile(group.schema); } catch (e) { av = undefined; }
    if (result.produced.includes("case")) { bundled = JSON.parse(result.files.get("schemas/case.schema.json")!); try { cv = make().compile(bundled); } catch (e) { cv = undefined; if (av) lostList.push(`${file}#${gi} compile: ${(e as Error).message.slice(0, 120)}`); } }
    else { notBundled++; if (av) lostList.push(`${file}#${gi} not bundled: ${result.diagnostics.map((d) => d.code + " " + d.message).join("; ").slice(0, 200)}`); }
    for (const test of group.tests) {
      total++;
      let aok = false, cok = false;
      try { aok = av ? av(test.data) === test.valid : false; } catch {}
      try { cok = cv ? cv(test.data) === test.valid : false; } catch {}
      if (aok) ajvPass++; if (cok) charterPass++;
      if (aok && !cok) { lost++; if (cv) lostList.push(`${file}#${gi} ${group.description} / ${test.description}`); }
    }
  }
}
console.log({ draft, total, ajvPass, charterPass, lost, notBundled });
for (const l of [...new Set(lostList)].slice(0, 40)) console.log("  " + l);
