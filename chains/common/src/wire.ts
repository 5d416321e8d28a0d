/**
 * The wire contract of /api/chains/… (spec 02 §3, §7): what the server answers (./wire/types) and the parsers every
 * family's network/ reads it with (./wire/parse).
 */
export * from './wire/types';
export * from './wire/parse';
