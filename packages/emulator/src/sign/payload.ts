/** The SDK's signing commands: instruction codes, curves, the payload of entries, and what a decoded command gives. */
import { Reader } from '../bytes.js';
import { HARDENED, type Keyring } from '../keys.js';
import type { PromptLine } from '../screen.js';

export enum Curve {
  SECP256K1 = 0,
  ED25519 = 1,
  ED25519_ADA = 2,
  SCHNORR_BTC = 3,
  ED25519_RAW = 4,
  SECP256K1_LOW_R = 5,
}

export const INS_SIGN_TX_RAW = 0xa3;
export const INS_SIGN_TX = 0xa4;
export const INS_SIGN_MESSAGE = 0xa5;
export const INS_SIGN_TYPED = 0xa6;

export interface SignEntry {
  txType: number;
  chainId: number;
  path: number[];
  data: Uint8Array;
}

export class DataError extends Error {}

/** [n][ (len tp:u16le chainId:u16le path…) × n ][ (len:u16be data) × n ] */
export function parseSignPayload(payload: Uint8Array): SignEntry[] {
  const r = new Reader(payload);
  const n = r.u8();
  if (n < 1) throw new DataError('no signing entry');
  const heads: Array<Omit<SignEntry, 'data'>> = [];
  for (let i = 0; i < n; i++) {
    const len = r.u8();
    const h = new Reader(r.bytes(len));
    const txType = h.u16le();
    const chainId = h.u16le();
    const path: number[] = [];
    while (h.remaining >= 4) path.push(h.u32le());
    heads.push({ txType, chainId, path });
  }
  return heads.map((h) => {
    const len = r.u16be();
    return { ...h, data: r.bytes(len).slice() };
  });
}

export const coinOf = (path: number[]) => (path[1] ?? 0) - HARDENED;
export const purposeOf = (path: number[]) => (path[0] ?? 0) - HARDENED;

export interface SignPlan {
  title: string;
  lines: PromptLine[];
  /** 65 bytes per signature */
  sign(): Uint8Array;
}

/** A decoded signing command as each chain's planner sees it. */
export interface SignRequest {
  keys: Keyring;
  curve: number;
  entries: SignEntry[];
  first: SignEntry;
  coin: number;
  /** COIN_SYMBOL of the coin, or 'coin N'. */
  symbol: string;
  pathLine: PromptLine;
}
