/** Blockbook's answers in the server's shapes, and the descriptor and path a subject is asked under. */
import type { z } from 'zod';
import type { AddressEntry, TxDetails } from '@secux-companion/server-kit/types';
import type { UtxoSubject } from '../../backend.js';
import { bipOfKey, descriptorFor } from '../../xpub.js';
import type { BbTx, BbToken } from './schemas.js';

/** The descriptor Blockbook gets: the key as-is when its prefix matches the purpose, else an output descriptor. */
export const descriptorOf = (s: UtxoSubject): string => {
  if (s.kind === 'address') return s.address;
  return bipOfKey(s.xpub) === s.bip && s.bip !== 86 ? s.xpub : descriptorFor(s.bip, s.xpub);
};
export const pathOf = (s: UtxoSubject): string => (s.kind === 'xpub' ? 'xpub' : 'address');

export const addressEntry = (t: z.infer<typeof BbToken>): AddressEntry | null => {
  const m = t.path ? /\/(\d+)\/(\d+)$/.exec(t.path) : null;
  if (!t.path || !m) return null;
  return {
    address: t.name,
    path: t.path,
    change: m[1] === '1' ? 1 : 0,
    index: Number(m[2]),
    balance: t.balance ?? '0',
    transfers: t.transfers ?? 0,
  };
};

export const toTxDetails = (t: BbTx): TxDetails => ({
  txid: t.txid,
  blockHeight: t.blockHeight >= 0 ? t.blockHeight : null,
  ...(t.blockHash ? { blockHash: t.blockHash } : {}),
  confirmations: t.confirmations ?? 0,
  time: t.blockTime ? t.blockTime * 1000 : null,
  ...(t.vsize !== undefined ? { vsize: t.vsize } : {}),
  ...(t.size !== undefined ? { size: t.size } : {}),
  ...(t.fees !== undefined ? { fee: t.fees } : {}),
  value: t.value ?? '0',
  rbf: t.rbf ?? false,
  ...(t.hex ? { hex: t.hex } : {}),
  inputs: t.vin.map((i) => ({
    ...(i.txid ? { txid: i.txid } : {}),
    ...(i.vout !== undefined || i.txid ? { vout: i.vout ?? 0 } : {}),
    ...(i.sequence !== undefined ? { sequence: i.sequence } : {}),
    ...(i.addresses?.[0] && i.isAddress !== false ? { address: i.addresses[0] } : {}),
    ...(i.value !== undefined ? { value: i.value } : {}),
    ...(i.coinbase ? { coinbase: true } : {}),
  })),
  outputs: t.vout.map((v) => ({
    n: v.n,
    ...(v.addresses?.[0] && v.isAddress !== false ? { address: v.addresses[0] } : {}),
    value: v.value ?? '0',
    ...(v.hex ? { script: v.hex } : {}),
    ...(v.spent !== undefined ? { spent: v.spent } : {}),
  })),
});
