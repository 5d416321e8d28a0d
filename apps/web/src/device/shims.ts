// The SecuX SDK expects Node's Buffer and process globals; the browser gets shims before it loads.
import { Buffer } from 'buffer';
import process from 'process';

const g = globalThis as unknown as { Buffer?: typeof Buffer; process?: typeof process; global?: unknown };
g.Buffer ??= Buffer;
g.process ??= process;
g.global ??= globalThis;
export {};
