import type { Repair } from "./support/repair.js";

export const repair: Repair = {
  id: "generator-keywords",
  after: [],
  description:
    "json-schema-to-typescript reads keywords of its own in any schema it is given, and a schema written for " +
    "other tools may hold them as unknown keywords, which validation ignores: `tsType` is pasted into the " +
    'module as TypeScript (`tsType: "any"`, or any text at all), `tsEnumNames` turns an `enum` into a ' +
    "TypeScript enum whose members the author named (and refuses the schema when they do not match the " +
    "values), `extends` (draft-03) makes an interface extend another, `nullable` (OpenAPI 3.0) adds `| null` " +
    "to a type whose validator refuses null, and `id` (draft-04's identifier, resolved by then) names a type " +
    "after itself, beside the names charter gives. Types must say what validation " +
    "accepts and only charter names them, so charter drops these keywords from every schema object of the " +
    "sources as it copies them into the generator's input, before it writes `tsType` itself for references " +
    "to other contracts' types. The bundle and the validators keep the schema as written.",
  source: ["tsType", "tsEnumNames", "extends", "nullable", "id"],
};
