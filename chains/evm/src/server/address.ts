/** EVM addresses and contract lists as the EVM routes take them. */
import { z } from 'zod';

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A 0x address; XDC's `xdc…` spelling is turned into `0x…`. */
export const evmAddress = z
  .string()
  .trim()
  .transform((a) => (/^xdc[0-9a-fA-F]{40}$/i.test(a) ? `0x${a.slice(3)}` : a))
  .refine((a) => EVM_ADDRESS.test(a), { message: 'must be a 0x-prefixed 20-byte hex address' });
/** `?contracts=0x…,0x…` (≤ 50, deduplicated). */
export const contractList = z
  .string()
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .refine((l) => l.length <= 50, { message: 'at most 50 contracts' })
  .refine((l) => l.every((c) => EVM_ADDRESS.test(c)), { message: 'contains an invalid contract address' });
