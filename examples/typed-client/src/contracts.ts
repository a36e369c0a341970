// The one place this client binds charter's runtime to the reference contracts' generated tree.
import { bindContracts } from "charter-runtime";
import { registry } from "#contracts/validators/index.js";
import { rules } from "./rules.js";

/** Every reference contract, with the rules they declare registered (binding fails otherwise). */
export const contracts = bindContracts(registry, { rules });
