import { createRequire, Module } from "node:module";

/**
 * json-schema-to-typescript requires prettier's Node entry when it loads, for a formatter that
 * charter turns off (`format: false`: prettier runs once, after the repairs, from its standalone
 * build: templates.ts). That entry imports prettier's 680 kB ES module at once, which every
 * process that makes types compiled afresh for nothing: about 50 ms. Imported before the
 * generator, this puts a stand-in in the require cache in the entry's place, which requires the
 * entry itself only when something reads a member of it.
 */
const fromGenerator = createRequire(createRequire(import.meta.url).resolve("json-schema-to-typescript"));
const entry = fromGenerator.resolve("prettier");

if (fromGenerator.cache[entry] === undefined) {
  let real: Record<PropertyKey, unknown> | undefined;
  const loaded = () => {
    if (real === undefined) {
      delete fromGenerator.cache[entry];
      real = fromGenerator(entry) as Record<PropertyKey, unknown>;
    }
    return real;
  };
  const standIn = new Module(entry);
  Object.assign(standIn, {
    filename: entry,
    loaded: true,
    exports: new Proxy({}, { get: (_, key) => loaded()[key], has: (_, key) => key in loaded() }),
  });
  fromGenerator.cache[entry] = standIn;
}
