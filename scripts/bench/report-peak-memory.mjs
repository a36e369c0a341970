// Preloaded into a measured process (node --import): on exit, writes its peak resident memory, in KiB, to the file CHARTER_PEAK_FILE names.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  const file = process.env["CHARTER_PEAK_FILE"];
  if (file) writeFileSync(file, String(process.resourceUsage().maxRSS));
});
