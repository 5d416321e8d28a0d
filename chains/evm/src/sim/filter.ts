/**
 * A loopback JSON-RPC filter in front of each local anvil: eth_sendRawTransaction is checked the way geth's
 * SendRawTransaction → SubmitTransaction → txpool checks it, in geth's order, and refused with geth's code (-32000, or
 * -32602 for a parameter that is not hex) and geth's message (go-ethereum internal/ethapi/api.go, core/txpool/
 * validation.go, core/error.go, core/types/transaction_signing.go, rlp/decode.go). Everything else, and every
 * transaction that passes, goes to anvil unchanged (batches element by element, in order, when one of them sends).
 *
 * Why: anvil 1.7.1 accepts a legacy transaction signed for another chain id and a pre-EIP-155 one (no chain id, which
 * geth refuses over RPC), answers -32003 where geth answers -32000, words its refusals without geth's details, and
 * refuses a fee cap below the block's base fee, which geth's pool accepts and keeps until the base fee falls (the
 * filter answers geth's hash and keeps such a transaction, offering it to anvil again on every tick).
 */
import {
  fromRlp,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
} from 'viem';
import { serve, type Served } from '@secux-companion/sim-kit';

/** geth's default --rpc.txfeecap (ether). */
export const RPC_TX_FEE_CAP_ETHER = 1;

export interface RpcRefusal {
  code: number;
  message: string;
}

interface Req {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

type Call = (method: string, params: unknown[]) => Promise<unknown>;

const GO_TYPES: Record<number, string> = {
  0: 'types.LegacyTx',
  1: 'types.AccessListTx',
  2: 'types.DynamicFeeTx',
  3: 'types.BlobTx',
  4: 'types.SetCodeTx',
};
/** The fields each type's RLP list holds when signed (a blob transaction with its sidecar is a different shape). */
const FIELDS: Record<number, number | undefined> = { 0: 9, 1: 11, 2: 12, 4: 13 };

/** hexutil.Bytes's UnmarshalJSON: geth's -32602 for a parameter that is not 0x-prefixed even-length hex. */
function hexParam(params: unknown): Uint8Array | RpcRefusal {
  const bad = (what: string): RpcRefusal => ({
    code: -32602,
    message: `invalid argument 0: json: cannot unmarshal ${what} into Go value of type hexutil.Bytes`,
  });
  if (!Array.isArray(params) || params.length === 0 || params[0] === null || params[0] === undefined)
    return { code: -32602, message: 'missing value for required argument 0' };
  const s = params[0];
  if (typeof s !== 'string') return bad('non-string');
  if (s === '') return new Uint8Array();
  if (!/^0x/i.test(s)) return bad('hex string without 0x prefix');
  const h = s.slice(2);
  if (h.length % 2) return bad('hex string of odd length');
  if (!/^[0-9a-f]*$/i.test(h)) return bad('invalid hex string');
  return Uint8Array.from(Buffer.from(h, 'hex'));
}

/** One RLP item's header: [payload offset, payload length, is list], or an error text (rlp/decode.go's). */
function rlpHeader(b: Uint8Array, at: number): [number, number, boolean] | string {
  if (at >= b.length) return 'rlp: value size exceeds available input length';
  const p = b[at]!;
  if (p < 0x80) return [at, 1, false];
  const list = p >= 0xc0;
  const short = list ? 0xc0 : 0x80;
  const long = list ? 0xf7 : 0xb7;
  if (p <= long) {
    const len = p - short;
    return at + 1 + len > b.length ? 'rlp: value size exceeds available input length' : [at + 1, len, list];
  }
  const n = p - long;
  if (at + 1 + n > b.length) return 'rlp: value size exceeds available input length';
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + b[at + 1 + i]!;
  if (at + 1 + n + len > b.length) return 'rlp: value size exceeds available input length';
  return [at + 1 + n, len, list];
}

/** rlp.DecodeBytes into the type's struct, as far as its shape: a list of the right length and nothing after it. */
function rlpShape(b: Uint8Array, type: number): string | null {
  const typ = GO_TYPES[type]!;
  const h = rlpHeader(b, 0);
  if (typeof h === 'string') return h;
  const [off, len, list] = h;
  if (!list) return `rlp: expected input list for ${typ}`;
  if (off + len !== b.length) return 'rlp: input contains more than one value';
  let n = 0;
  for (let at = off; at < off + len; n++) {
    const item = rlpHeader(b, at);
    if (typeof item === 'string') return item;
    at = item[0] + item[1];
  }
  const want = FIELDS[type];
  if (want === undefined) return null;
  if (n < want) return `rlp: too few elements for ${typ}`;
  if (n > want) return `rlp: input list has too many elements for ${typ}`;
  return null;
}

/** core.IntrinsicGas on a Shanghai chain (the local chains' hardfork): no EIP-7623 floor. */
export function intrinsicGas(tx: {
  to?: string | null;
  data?: Hex;
  accessList?: readonly { storageKeys: readonly unknown[] }[];
}): bigint {
  const create = !tx.to;
  let gas = create ? 53_000n : 21_000n;
  const data = tx.data ? Buffer.from(tx.data.slice(2), 'hex') : Buffer.alloc(0);
  let nz = 0n;
  for (const byte of data) if (byte) nz++;
  gas += nz * 16n + (BigInt(data.length) - nz) * 4n;
  if (create) gas += ((BigInt(data.length) + 31n) / 32n) * 2n;
  for (const a of tx.accessList ?? []) gas += 2400n + BigInt(a.storageKeys.length) * 1900n;
  return gas;
}

const gethFloat2 = (x: number) => x.toFixed(2);

export type Verdict = { refuse: RpcRefusal } | { forward: Hex };

/** geth's checks of one eth_sendRawTransaction, in geth's order; `call` reads anvil's state. */
export async function checkRawTransaction(params: unknown, chainId: number, call: Call): Promise<Verdict> {
  const bytes = hexParam(params);
  if (!(bytes instanceof Uint8Array)) return { refuse: bytes };
  const refuse = (message: string): Verdict => ({ refuse: { code: -32000, message } });
  // types.Transaction.UnmarshalBinary
  const legacy = bytes.length > 0 && bytes[0]! > 0x7f;
  const type = legacy ? 0 : bytes[0];
  if (!legacy) {
    if (bytes.length <= 1) return refuse('typed transaction too short');
    if (!(type! in GO_TYPES)) return refuse('transaction type not supported');
  }
  const shape = rlpShape(legacy ? bytes : bytes.subarray(1), type!);
  if (shape) return refuse(shape);
  const raw = `0x${Buffer.from(bytes).toString('hex')}` as Hex;
  let tx: ReturnType<typeof parseTransaction>;
  try {
    tx = parseTransaction(raw as TransactionSerialized);
  } catch {
    // viem refuses to parse a tip above the fee cap, which geth decodes and then refuses in the pool
    if (type === 2 || type === 4) {
      const f = fromRlp(bytes.subarray(1), 'hex') as Hex[];
      const num = (h: unknown) => (typeof h === 'string' && h !== '0x' ? BigInt(h) : 0n);
      if (num(f[3]) < num(f[2])) return refuse('max priority fee per gas higher than max fee per gas');
    }
    return { forward: raw }; // a shape geth decodes further than this check: anvil answers
  }
  const gas = tx.gas ?? 0n;
  const feeCap = (tx.type === 'legacy' || tx.type === 'eip2930' ? tx.gasPrice : tx.maxFeePerGas) ?? 0n;
  // SubmitTransaction: the RPC fee cap, then replay protection
  const feeEther = Number(feeCap * gas) / 1e18;
  if (feeEther > RPC_TX_FEE_CAP_ETHER)
    return refuse(
      `tx fee (${gethFloat2(feeEther)} ether) exceeds the configured cap (${gethFloat2(RPC_TX_FEE_CAP_ETHER)} ether)`,
    );
  if (tx.type === 'legacy' && (tx.v === undefined || tx.v <= 28n))
    return refuse('only replay-protected (EIP-155) transactions allowed over RPC');
  // txpool.ValidateTransaction
  const tip = tx.type === 'legacy' || tx.type === 'eip2930' ? feeCap : (tx.maxPriorityFeePerGas ?? 0n);
  if (feeCap < tip) return refuse('max priority fee per gas higher than max fee per gas');
  if (tx.chainId !== chainId)
    return refuse(`invalid sender: invalid chain id for signer: have ${tx.chainId ?? 0} want ${chainId}`);
  let from: Hex;
  try {
    from = await recoverTransactionAddress({ serializedTransaction: raw as TransactionSerialized });
  } catch {
    return refuse('invalid sender: invalid transaction v, r, s values');
  }
  const intr = intrinsicGas(tx as Parameters<typeof intrinsicGas>[0]);
  if (gas < intr) return refuse(`intrinsic gas too low: gas ${gas}, minimum needed ${intr}`);
  // txpool.ValidateTransactionWithState
  const [nonceHex, balanceHex] = await Promise.all([
    call('eth_getTransactionCount', [from, 'latest']),
    call('eth_getBalance', [from, 'latest']),
  ]);
  const next = BigInt(nonceHex as string);
  const nonce = BigInt(tx.nonce ?? 0);
  if (next > nonce) return refuse(`nonce too low: next nonce ${next}, tx nonce ${nonce}`);
  const balance = BigInt(balanceHex as string);
  const cost = feeCap * gas + (tx.value ?? 0n);
  if (balance < cost)
    return refuse(
      `insufficient funds for gas * price + value: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`,
    );
  return { forward: raw };
}

export interface EvmFilterOptions {
  host: string;
  /** The filter's port (0 = a free one). */
  port: number;
  /** anvil's URL. */
  upstream: string;
  chainId: number;
  /** How often transactions held for their fee cap are offered to anvil again (ms). Default 1000. */
  retryMs?: number;
}

const BASE_FEE_REFUSAL = /max fee per gas less than block base fee/i;

/**
 * anvil's CORS answer (any origin): the web app calls a custom chain's RPC from the browser (localnet's side chain),
 * so every answer carries it and a preflight is answered here.
 */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': '*',
};

/** Starts the filter; `urls[0]` is what callers use as the chain's RPC URL. */
export async function startEvmFilter(o: EvmFilterOptions): Promise<Served> {
  let nextId = 1;
  const post = async (body: string, method = 'POST') => {
    const r = await fetch(o.upstream, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
    });
    return {
      status: r.status,
      type: r.headers.get('content-type') ?? 'application/json',
      text: await r.text(),
    };
  };
  const call: Call = async (method, params) => {
    const r = JSON.parse(
      (await post(JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }))).text,
    ) as {
      result?: unknown;
      error?: { message: string };
    };
    if (r.error) throw new Error(`${method}: ${r.error.message}`);
    return r.result;
  };
  /** Held by fee cap: geth's pool keeps them until the base fee falls to their cap. */
  const held = new Map<Hex, Hex>();

  const one = async (req: Req): Promise<unknown> => {
    const answer = (x: { result: unknown } | { error: RpcRefusal }) => ({
      jsonrpc: '2.0',
      id: req.id ?? null,
      ...x,
    });
    if (req.method !== 'eth_sendRawTransaction') return JSON.parse((await post(JSON.stringify(req))).text);
    const v = await checkRawTransaction(req.params, o.chainId, call);
    if ('refuse' in v) return answer({ error: v.refuse });
    const hash = keccak256(v.forward);
    if (held.has(hash)) return answer({ error: { code: -32000, message: 'already known' } });
    const r = JSON.parse((await post(JSON.stringify({ ...req, params: [v.forward] }))).text) as {
      error?: { code: number; message: string };
    };
    if (r.error && BASE_FEE_REFUSAL.test(r.error.message)) {
      held.set(hash, v.forward);
      return answer({ result: hash });
    }
    if (r.error?.code === -32003) return { ...r, error: { ...r.error, code: -32000 } };
    return r;
  };

  const served = await serve({
    ports: [o.port],
    host: o.host,
    tick: {
      ms: o.retryMs ?? 1000,
      run: () => {
        for (const [hash, raw] of held)
          void call('eth_sendRawTransaction', [raw]).then(
            () => held.delete(hash),
            (e: unknown) => {
              if (!BASE_FEE_REFUSAL.test(String(e))) held.delete(hash);
            },
          );
      },
    },
    handle: async (req, body, res) => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        res.end();
        return;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const sends = (x: unknown) => (x as Req | null)?.method === 'eth_sendRawTransaction';
      if (req.method !== 'POST' || !(Array.isArray(parsed) ? parsed.some(sends) : sends(parsed))) {
        const r = await post(body, req.method);
        res.writeHead(r.status, { ...CORS, 'content-type': r.type });
        res.end(r.text);
        return;
      }
      let out: unknown;
      if (Array.isArray(parsed)) {
        const all: unknown[] = [];
        for (const item of parsed as Req[]) all.push(await one(item));
        out = all;
      } else out = await one(parsed as Req);
      res.writeHead(200, { ...CORS, 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    },
  });
  return served;
}
