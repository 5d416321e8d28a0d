/**
 * Two small CommonJS libraries without type declarations, typed here for what the UTXO chain uses: BCH cash
 * addresses (cashaddrjs) and Groestl-512 (groestl-hash-js, as SecuX's own GRS support uses).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const cashaddr = require('cashaddrjs') as {
  encode(prefix: string, type: 'P2PKH' | 'P2SH', hash: Uint8Array): string;
  decode(address: string): { prefix: string; type: 'P2PKH' | 'P2SH'; hash: Uint8Array };
};

const groestl = require('groestl-hash-js') as {
  groestl_2(data: number[], format: 1, output: 1): number[];
};

/** Double Groestl-512, first 32 bytes (GRS's base58check checksum hash). */
export const groestl2 = (b: Uint8Array): Uint8Array =>
  Uint8Array.from(groestl.groestl_2(Array.from(b), 1, 1)).subarray(0, 32);
