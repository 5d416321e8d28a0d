/**
 * History: one Operation from a `getTransaction(sig, {encoding: 'jsonParsed', maxSupportedTransactionVersion: 0})`
 * answer, seen from one address. Token transfers land on token accounts, so they are read from the token balance
 * changes whose owner is the address; otherwise the SOL balance change of the address (the fee added back when the
 * address paid it). Used by the server's Solana family.
 */
import type { Counterparty, Operation } from '@secux-companion/chain-common';

interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  programId?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const u64 = (v: unknown): bigint | null =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
    ? BigInt(v)
    : typeof v === 'string' && /^\d{1,20}$/.test(v)
      ? BigInt(v)
      : null;

function tokenBalances(v: unknown): TokenBalance[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (b): b is TokenBalance =>
      isObj(b) &&
      typeof b.accountIndex === 'number' &&
      typeof b.mint === 'string' &&
      isObj(b.uiTokenAmount) &&
      typeof b.uiTokenAmount.amount === 'string' &&
      /^\d{1,20}$/.test(b.uiTokenAmount.amount) &&
      typeof b.uiTokenAmount.decimals === 'number',
  );
}

/** The Operation, or null when the answer is not a transaction that involves the address. */
export function operationFromTransaction(
  signature: string,
  tx: unknown,
  address: string,
  symbols: Readonly<Record<string, string>> = {},
): Operation | null {
  if (!isObj(tx) || !isObj(tx.meta) || !isObj(tx.transaction) || !isObj(tx.transaction.message)) return null;
  const meta = tx.meta;
  const keys = (
    Array.isArray(tx.transaction.message.accountKeys) ? tx.transaction.message.accountKeys : []
  ).map((k: unknown) =>
    typeof k === 'string' ? { pubkey: k, signer: false } : isObj(k) ? k : { pubkey: '' },
  ) as { pubkey: string; signer?: boolean }[];
  const loaded = isObj(meta.loadedAddresses)
    ? [
        ...(Array.isArray(meta.loadedAddresses.writable) ? meta.loadedAddresses.writable : []),
        ...(Array.isArray(meta.loadedAddresses.readonly) ? meta.loadedAddresses.readonly : []),
      ].map((k) => ({ pubkey: String(k) }))
    : [];
  const all = [...keys, ...loaded];
  const fee = u64(meta.fee) ?? 0n;
  const feePayer = all[0]?.pubkey;
  const isOwn = keys.some((k) => k.pubkey === address && k.signer === true) || feePayer === address;
  const slot = typeof tx.slot === 'number' && Number.isSafeInteger(tx.slot) ? tx.slot : null;
  const time =
    typeof tx.blockTime === 'number' && Number.isSafeInteger(tx.blockTime) ? tx.blockTime * 1000 : null;
  const base = {
    hash: signature,
    time,
    blockHeight: slot,
    fee,
    isOwnTransaction: isOwn,
    rbf: false,
    ...(meta.err !== null && meta.err !== undefined ? { failed: true } : {}),
  };

  // Token movements of accounts the address owns.
  const pre = tokenBalances(meta.preTokenBalances);
  const post = tokenBalances(meta.postTokenBalances);
  const changes = new Map<number, { mint: string; owner: string; decimals: number; delta: bigint }>();
  for (const b of post)
    changes.set(b.accountIndex, {
      mint: b.mint,
      owner: b.owner ?? '',
      decimals: b.uiTokenAmount.decimals,
      delta: BigInt(b.uiTokenAmount.amount),
    });
  for (const b of pre) {
    const c = changes.get(b.accountIndex) ?? {
      mint: b.mint,
      owner: b.owner ?? '',
      decimals: b.uiTokenAmount.decimals,
      delta: 0n,
    };
    c.delta -= BigInt(b.uiTokenAmount.amount);
    changes.set(b.accountIndex, c);
  }
  const mine = [...changes.values()].find((c) => c.owner === address && c.delta !== 0n);
  if (mine) {
    const others = [...changes.values()].filter(
      (c) => c.mint === mine.mint && c.owner !== address && c.delta > 0n !== mine.delta > 0n,
    );
    const value = mine.delta < 0n ? -mine.delta : mine.delta;
    const me: Counterparty = { address, value, isOwn: true };
    const them: Counterparty[] = others.map((c) => ({
      address: c.owner,
      value: c.delta < 0n ? -c.delta : c.delta,
      isOwn: false,
    }));
    const out = mine.delta < 0n;
    return {
      ...base,
      direction: out ? 'out' : 'in',
      value,
      senders: out ? [me] : them,
      recipients: out ? them : [me],
      token: {
        contract: mine.mint,
        symbol: symbols[mine.mint] ?? shortMint(mine.mint),
        decimals: mine.decimals,
      },
    };
  }

  // SOL movement of the address.
  const preB = Array.isArray(meta.preBalances) ? meta.preBalances.map(u64) : [];
  const postB = Array.isArray(meta.postBalances) ? meta.postBalances.map(u64) : [];
  const deltas = all.map((k, i) => ({
    address: k.pubkey,
    delta: (postB[i] ?? 0n) - (preB[i] ?? 0n) + (i === 0 ? fee : 0n),
  }));
  const idx = all.findIndex((k) => k.pubkey === address);
  if (idx < 0) return null;
  const net = deltas[idx]!.delta;
  const value = net < 0n ? -net : net;
  const me: Counterparty = { address, value, isOwn: true };
  const them = deltas
    .filter((d, i) => i !== idx && d.delta !== 0n && d.delta > 0n !== net > 0n)
    .map((d) => ({ address: d.address, value: d.delta < 0n ? -d.delta : d.delta, isOwn: false }));
  const direction = net < 0n ? 'out' : net > 0n ? 'in' : 'self';
  return {
    ...base,
    direction,
    value,
    senders: direction === 'in' ? them : [me],
    recipients: direction === 'in' ? [me] : direction === 'out' ? them : [me],
  };
}

export function shortMint(mint: string): string {
  return mint.length > 10 ? `${mint.slice(0, 4)}…${mint.slice(-4)}` : mint;
}
