import { Ajv, type Options } from "ajv";
import AjvDraft04 from "ajv-draft-04";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Dialect } from "./dialect.js";

/** An ajv instance of the class that implements `dialect` (draft-04 through ajv-draft-04; draft-06/07 through ajv's default). */
export function ajvForDialect(dialect: Dialect, options: Options): Ajv {
  if (dialect === "2020-12") return new Ajv2020(options);
  if (dialect === "2019-09") return new Ajv2019(options);
  if (dialect === "draft-04") return new (AjvDraft04 as unknown as typeof Ajv)(options);
  return new Ajv(options);
}
