/** A value JSON can hold: what every source, bundle and instance is made of. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
