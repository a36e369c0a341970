/** The first line of each validation function in ajv's standalone code (`code.lines`): where the rewrites put what a module declares once. */
export const FUNCTION_HEADER = /^function [\w$]+\(data, \{instancePath="",/;
