/** What the rewrites of ajv's standalone code (`code.lines`) recognize in it. */

/** The first line of each validation function: where the rewrites put what a module declares once. */
export const FUNCTION_HEADER = /^function [\w$]+\(data, \{instancePath="",/;

/** A string as ajv writes one: JSON's double quotes and escapes, on one line (a pattern's source, to build on). */
export const STRING_LITERAL_SOURCE = String.raw`"(?:[^"\\\n]|\\.)*"`;
