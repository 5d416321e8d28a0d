/**
 * TronGrid's v1 index: `/v1/accounts/{addr}` (balances, TRC-10 and TRC-20 holdings), `…/transactions` (the
 * account's transactions, newest first) and `…/transactions/trc20` (its token transfers); pages by fingerprint.
 */
import { num, toBase58, toHex41 } from './codec.js';
import type { TronState, TxRecord } from './state.js';

const meta = (n: number, fingerprint?: string) => ({
  at: Date.now(),
  page_size: n,
  ...(fingerprint ? { fingerprint } : {}),
});

export function index(s: TronState, path: string, q: URLSearchParams): unknown {
  const m = /^\/v1\/accounts\/([^/]+)(\/transactions(\/trc20)?)?$/.exec(path);
  if (!m) return undefined;
  const h = toHex41(decodeURIComponent(m[1]!));
  if (!h) return { success: false, error: 'invalid address', statusCode: 400 };
  if (!m[2]) return accountAnswer(s, h);
  const trc20 = !!m[3];
  const limit = Math.min(200, Math.max(1, Number(q.get('limit') ?? 20) || 20));
  const offset = Math.max(0, Number(q.get('fingerprint') ?? 0) || 0);
  const mine = [...s.order]
    .reverse()
    .filter((t) => (trc20 ? t.trc20 && t.trc20.value > 0n : true) && (t.owner === h || t.to === h));
  const page = mine.slice(offset, offset + limit);
  const next = offset + limit < mine.length ? String(offset + limit) : undefined;
  const data = trc20 ? page.map((t) => transferRow(s, t)) : page.map((t) => transactionRow(s, t));
  return { success: true, meta: meta(data.length, next), data };
}

function accountAnswer(s: TronState, h: string): unknown {
  const a = s.account(h);
  if (!a) return { success: true, meta: meta(0), data: [] };
  const t20 = s.trc20.get(h) ?? 0n;
  return {
    success: true,
    meta: meta(1),
    data: [
      {
        address: h,
        balance: num(a.balance),
        create_time: a.createTime,
        ...(a.assets.size
          ? { assetV2: [...a.assets].map(([key, value]) => ({ key, value: num(value) })) }
          : {}),
        trc20: t20 > 0n ? [{ [s.token.address]: t20.toString() }] : [],
      },
    ],
  };
}

const transferRow = (s: TronState, t: TxRecord) => ({
  transaction_id: t.txID,
  token_info: {
    symbol: s.token.symbol,
    address: s.token.address,
    decimals: s.token.decimals,
    name: s.token.name,
  },
  block_timestamp: t.blockTimestamp ?? t.time,
  from: toBase58(t.trc20!.from),
  to: toBase58(t.trc20!.to),
  type: 'Transfer',
  value: t.trc20!.value.toString(),
});

const transactionRow = (s: TronState, t: TxRecord) => ({
  ret: [{ contractRet: t.result, fee: num(t.fee) }],
  signature: t.signatures,
  txID: t.txID,
  net_usage: num(t.netUsage),
  raw_data_hex: t.rawHex,
  net_fee: num(t.netFee),
  energy_usage: num(t.energyUsage),
  ...(t.blockNumber !== null ? { blockNumber: t.blockNumber } : {}),
  block_timestamp: t.blockTimestamp ?? t.time,
  energy_fee: num(t.energyFee),
  energy_usage_total: num(t.energyUsage + t.energyFee / s.params.getEnergyFee),
  raw_data: t.json.raw_data,
  internal_transactions: [],
});
