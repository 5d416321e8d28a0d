/**
 * FIO history (spec 03 §3 "FIO history item", §7 "History service"): /v1/history/get_actions traces → Operations.
 * One transaction yields several traces (the action, inline fee and reward actions, each per receiver): only the
 * traces received by the account itself are kept, and only the spec's kinds — transaction (trnsfiopubky), staking
 * (stakefio / unstakefio), registerFioAddress (regaddress), addAddress (addaddress), removeAddress (remaddress).
 * The fee is the response's fee_collected. Used by the product API's FIO family.
 */
import { OPERATION_EXTRA_MAX_CHARS, type Operation } from '@secux-companion/chain-common';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export type FioHistoryAction =
  'transaction' | 'staking' | 'registerFioAddress' | 'addAddress' | 'removeAddress';

const KINDS: Record<string, FioHistoryAction> = {
  trnsfiopubky: 'transaction',
  stakefio: 'staking',
  unstakefio: 'staking',
  regaddress: 'registerFioAddress',
  addaddress: 'addAddress',
  remaddress: 'removeAddress',
};

const suf = (v: unknown): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d{1,20}$/.test(v)) return BigInt(v);
  return 0n;
};

function feeCollected(receipt: Json | undefined): bigint {
  const r = receipt?.response;
  if (typeof r !== 'string') return 0n;
  try {
    const o = JSON.parse(r) as unknown;
    return isObj(o) ? suf(o.fee_collected) : 0n;
  } catch {
    return 0n;
  }
}

/** The chain codes of an assign action as one text: the distinct codes (at most 10 characters each), comma-separated. */
function chainList(codes: readonly string[]): string {
  const seen = [...new Set(codes.filter((c) => /^[A-Za-z0-9]{1,10}$/.test(c)))];
  let out = '';
  for (const c of seen) {
    const next = out ? `${out},${c}` : c;
    if (next.length > OPERATION_EXTRA_MAX_CHARS) break;
    out = next;
  }
  return out;
}

/** FIO history item extras of an operation (spec 03 §3): the FIO action, stake action, handle and chain. */
export interface FioHistoryExtras {
  action: FioHistoryAction;
  account_action_seq: number;
  stakeAction?: 'stake' | 'unstake';
  cryptoHandleName?: string;
  assignChain?: string;
}

/**
 * One get_actions entry seen from `actor` (owner of `publicKey`), or null when it is not one of the kinds shown or
 * not received by the account (a duplicate trace).
 */
export function operationFromFioAction(
  entry: unknown,
  actor: string,
  publicKey: string,
): (Operation & { fio: FioHistoryExtras }) | null {
  if (!isObj(entry) || !isObj(entry.action_trace)) return null;
  const trace = entry.action_trace;
  const receipt = isObj(trace.receipt) ? trace.receipt : undefined;
  const act = isObj(trace.act) ? trace.act : undefined;
  if (!act || typeof act.name !== 'string' || receipt?.receiver !== actor) return null;
  const kind = KINDS[act.name];
  if (!kind) return null;
  const data = isObj(act.data) ? act.data : {};
  const hash = typeof trace.trx_id === 'string' ? trace.trx_id : undefined;
  if (!hash) return null;
  const seq = typeof entry.account_action_seq === 'number' ? entry.account_action_seq : 0;
  const blockTime = typeof entry.block_time === 'string' ? entry.block_time : trace.block_time;
  const t =
    typeof blockTime === 'string' ? Date.parse(blockTime.endsWith('Z') ? blockTime : `${blockTime}Z`) : NaN;
  const blockNum = typeof entry.block_num === 'number' ? entry.block_num : null;
  const sender = typeof data.actor === 'string' ? data.actor : '';
  const own = sender === actor;
  const fee = own ? feeCollected(receipt) : 0n;
  const base = {
    hash,
    time: Number.isFinite(t) ? t : null,
    blockHeight: blockNum,
    fee,
    isOwnTransaction: own,
    rbf: false,
  };
  if (kind === 'transaction') {
    const payee = typeof data.payee_public_key === 'string' ? data.payee_public_key : '';
    const amount = suf(data.amount);
    const incoming = payee === publicKey;
    const direction = incoming && own ? 'self' : incoming ? 'in' : 'out';
    return {
      ...base,
      direction,
      value: direction === 'self' ? 0n : amount,
      senders: [{ address: sender, value: amount, isOwn: own }],
      recipients: [{ address: payee, value: amount, isOwn: incoming }],
      fio: { action: kind, account_action_seq: seq },
    } as never;
  }
  const amount = kind === 'staking' ? suf(data.amount) : 0n;
  const handle = typeof data.fio_address === 'string' ? data.fio_address : undefined;
  const chains = Array.isArray(data.public_addresses)
    ? data.public_addresses.flatMap((p) =>
        isObj(p) && typeof p.chain_code === 'string' ? [p.chain_code] : [],
      )
    : [];
  // What the history shows of the action (spec 03 §3): stake or unstake, the handle, the chains assigned; they travel
  // to the web as the operation's extras (bounded as the wire contract bounds them).
  const extras = {
    ...(kind === 'staking' ? { stakeAction: act.name === 'stakefio' ? 'stake' : 'unstake' } : {}),
    ...(handle && handle.length <= 64 ? { cryptoHandleName: handle } : {}),
    ...(chainList(chains) ? { assignChain: chainList(chains) } : {}),
  } as const;
  return {
    ...base,
    direction: 'self',
    value: amount,
    senders: [{ address: sender, value: amount, isOwn: own }],
    recipients: [],
    action: kind,
    ...(Object.keys(extras).length ? { extras } : {}),
    fio: { action: kind, account_action_seq: seq, ...extras },
  } as never;
}

/**
 * The get_actions window of a history page (spec 03 §7: offsets −20 / −10, 20 per page): the first page is the
 * newest 20 (pos −1, offset −20); the next ends just below the lowest sequence read (offset −19 → 20 entries).
 */
export function fioHistoryWindow(beforeSeq: number | null): { pos: number; offset: number } {
  return beforeSeq === null ? { pos: -1, offset: -20 } : { pos: beforeSeq - 1, offset: -19 };
}
