// Module hooks that append the URL of every module loaded to the file CHARTER_RECORD_MODULES names.
import { appendFileSync } from "node:fs";

export async function load(url, context, nextLoad) {
  const file = process.env["CHARTER_RECORD_MODULES"];
  if (file) appendFileSync(file, `${url}\n`);
  return nextLoad(url, context);
}
