import { writeFileSync } from "node:fs";
import { renderDiagnosticsDoc } from "../src/cli/diagnostics-doc.js";

writeFileSync(new URL("../docs/diagnostics.md", import.meta.url), renderDiagnosticsDoc());
