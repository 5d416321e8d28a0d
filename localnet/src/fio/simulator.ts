/**
 * A FIO chain simulator for the local profile: an HTTP server speaking the public FIO API the product API's FIO node
 * provider uses (reference/apis/fio.md) — /v1/chain/get_info, get_block, get_raw_abi, push_transaction, get_fio_balance,
 * get_locks, get_fee, get_fio_domains, get_fio_addresses, get_fio_names, avail_check, get_pub_address(es), get_actor,
 * and /v1/history/get_actions — with real state: balances, domains with expiry, handles with bundle counts and mapped
 * addresses, and each account's actions.
 *
 * Every pushed transaction is decoded with fiojs and the contracts' ABIs (chain-fio's fixtures, served by
 * get_raw_abi); its signature is recovered over chain id ‖ packed trx ‖ 32 zero bytes and must be the key of the
 * action's actor; TAPOS must name a recent block and the expiration must be ahead (≤ 3600 s). What FIO rejects gets
 * FIO's answer: 403 invalid_signature for a bad signature or a non-owner, 400 invalid_input with FIO's field errors
 * (taken names, unregistered handles, insufficient funds, a fee above max_fee), 500 expired_tx / tx_duplicate.
 * Bundle-eligible actions (add / remove address) spend a bundled transaction when the handle has one, else the fee.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Ecc, Fio } from '@fioprotocol/fiojs';
import {
  BUNDLE_SET_SIZE,
  decodeFioTransaction,
  fioContractRawAbis,
  fioPublicKeyFromPoint,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  refBlockPrefix,
  type FioRawAbi,
} from '@secux-companion/chain-fio';
import { serve, type Served } from '../http.js';
import { mnemonicToRoot } from '../keys.js';

export const FIO_LOCAL_CHAIN_ID = 'f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f10f';
const SUF = 1_000_000_000n;

/** Fees per end point (SUF), in the order of magnitude of mainnet's. */
export const FIO_LOCAL_FEES: Readonly<Record<string, bigint>> = {
  transfer_tokens_pub_key: 2n * SUF,
  register_fio_domain: 40n * SUF,
  register_fio_address: 2n * SUF,
  renew_fio_domain: 40n * SUF,
  transfer_fio_domain: 2n * SUF,
  add_bundled_transactions: 2n * SUF,
  add_pub_address: 600_000_000n,
  remove_pub_address: 600_000_000n,
};
const BUNDLED_END_POINTS = new Set(['add_pub_address', 'remove_pub_address']);
const ENDPOINT_OF: Record<string, string> = {
  trnsfiopubky: 'transfer_tokens_pub_key',
  regdomain: 'register_fio_domain',
  regaddress: 'register_fio_address',
  renewdomain: 'renew_fio_domain',
  xferdomain: 'transfer_fio_domain',
  addbundles: 'add_bundled_transactions',
  addaddress: 'add_pub_address',
  remaddress: 'remove_pub_address',
};
const YEAR_MS = 365 * 86_400_000;

export interface FioGenesis {
  accounts: { publicKey: string; balance: bigint }[];
  domains: { domain: string; owner: string; isPublic: boolean; expiration?: Date }[];
  handles: { handle: string; owner: string; bundled: number; addresses?: PubAddr[] }[];
}

interface PubAddr {
  chain_code: string;
  token_code: string;
  public_address: string;
}
interface Domain {
  owner: string;
  isPublic: boolean;
  expiration: Date;
}
interface Handle {
  owner: string;
  expiration: Date;
  bundled: number;
  addresses: PubAddr[];
}
interface Block {
  num: number;
  id: string;
  time: Date;
}
interface HistoryEntry {
  account_action_seq: number;
  global_action_seq: number;
  block_num: number;
  block_time: string;
  action_trace: Record<string, unknown>;
}

/** A FIO chain error: HTTP status and FIO's body. */
class FioReject extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(JSON.stringify(body));
  }
}
const invalidInput = (name: string, value: unknown, error: string) =>
  new FioReject(400, {
    type: 'invalid_input',
    message: 'An invalid request was sent in, please check the nested errors for details.',
    fields: [{ name, value: String(value), error }],
  });
const invalidSignature = () =>
  new FioReject(403, { type: 'invalid_signature', message: 'Request signature not valid or not allowed.' });
const notFound = (message: string) => new FioReject(404, { message });
const chainError = (name: string, code: number, what: string) =>
  new FioReject(500, {
    code: 500,
    message: 'Internal Service Error',
    error: { code, name, what, details: [{ message: what, file: '', line_number: 0, method: '' }] },
  });

const fioTime = (d: Date) => d.toISOString().slice(0, 19);
const parseFioTime = (s: string) => Date.parse(s.endsWith('Z') ? s : `${s}Z`);

/** The FIO public key of the emulator's account `index` (m/44'/235'/{index}'/0/0). */
export function fioPublicKeyOf(mnemonic: string, index = 0): string {
  const node = mnemonicToRoot(mnemonic).derive(`m/44'/235'/${index}'/0/0`);
  if (!node.publicKey) throw new Error('no public key');
  return fioPublicKeyFromPoint(node.publicKey);
}

/** The key SecuX's 'secux' domain belongs to in the simulator (any valid key nobody here signs for). */
export const SECUX_DOMAIN_OWNER = fioPublicKeyFromPoint(
  Uint8Array.from([2, ...Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0))]),
);

/**
 * The local genesis: the public 'secux' domain, and the emulator's first FIO account funded with 1,000 FIO, one
 * handle (on 'secux', 5 bundled transactions left: under the alert threshold) and one domain of its own.
 */
export function fioGenesis(mnemonic: string): FioGenesis {
  const me = fioPublicKeyOf(mnemonic, 0);
  return {
    accounts: [{ publicKey: me, balance: 1000n * SUF }],
    domains: [
      { domain: 'secux', owner: SECUX_DOMAIN_OWNER, isPublic: true },
      { domain: 'emulator', owner: me, isPublic: false },
    ],
    handles: [{ handle: 'emulator@secux', owner: me, bundled: 5 }],
  };
}

export interface FioSimulatorOptions {
  genesis: FioGenesis;
  chainId?: string;
  /** Block interval (ms); 0 = a block per push only. Default 500. */
  blockIntervalMs?: number;
}

export class FioSimulator {
  readonly chainId: string;
  readonly abis: FioRawAbi[] = fioContractRawAbis();
  private served: Served | undefined;
  private balances = new Map<string, bigint>();
  private domains = new Map<string, Domain>();
  private handles = new Map<string, Handle>();
  private blocks: Block[] = [];
  private history = new Map<string, HistoryEntry[]>();
  private seen = new Set<string>();
  private globalSeq = 0;
  url = '';

  constructor(private readonly opts: FioSimulatorOptions) {
    this.chainId = opts.chainId ?? FIO_LOCAL_CHAIN_ID;
    const g = opts.genesis;
    for (const a of g.accounts) this.balances.set(a.publicKey, a.balance);
    const inAYear = new Date(Date.now() + YEAR_MS);
    for (const d of g.domains)
      this.domains.set(d.domain, {
        owner: d.owner,
        isPublic: d.isPublic,
        expiration: d.expiration ?? inAYear,
      });
    for (const h of g.handles)
      this.handles.set(h.handle, {
        owner: h.owner,
        expiration: inAYear,
        bundled: h.bundled,
        addresses: h.addresses ?? [],
      });
    this.produceBlock();
  }

  // --- state read by tests ---
  balanceOf(publicKey: string): bigint {
    return this.balances.get(publicKey) ?? 0n;
  }
  domain(name: string): Domain | undefined {
    return this.domains.get(name);
  }
  handle(name: string): Handle | undefined {
    return this.handles.get(name);
  }

  produceBlock(): Block {
    const num = (this.blocks.at(-1)?.num ?? 0) + 1;
    const id = num.toString(16).padStart(8, '0') + randomBytes(28).toString('hex');
    const block = { num, id, time: new Date(Math.floor(Date.now() / 500) * 500) };
    this.blocks.push(block);
    if (this.blocks.length > 2000) this.blocks.shift();
    return block;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.opts.blockIntervalMs ?? 500, run: () => void this.produceBlock() },
      handle: (req, raw, res) => this.handle_(req, raw, res),
    });
    this.url = this.served.urls[0]!;
    return this.url;
  }

  async stop(): Promise<void> {
    const s = this.served;
    this.served = undefined;
    await s?.stop();
  }

  private async handle_(req: IncomingMessage, raw: string, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      if (req.method !== 'POST') throw notFound('Not Found');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        throw new FioReject(400, { type: 'invalid_input', message: 'Invalid JSON' });
      }
      send(200, await this.route(req.url ?? '', body));
    } catch (e) {
      if (e instanceof FioReject) send(e.status, e.body);
      else send(500, { code: 500, message: 'Internal Service Error', error: { what: String(e) } });
    }
  }

  private key(b: Record<string, unknown>): string {
    const k = b.fio_public_key;
    if (typeof k !== 'string' || !isValidFioPublicKey(k))
      throw invalidInput('fio_public_key', k, 'Invalid FIO Public Key');
    return k;
  }

  private feeFor(endPoint: string, fioAddress: string): bigint {
    const fee = FIO_LOCAL_FEES[endPoint];
    if (fee === undefined) throw invalidInput('end_point', endPoint, 'Invalid end point');
    if (BUNDLED_END_POINTS.has(endPoint)) {
      const h = this.handles.get(fioAddress);
      if (!h) throw invalidInput('fio_address', fioAddress, 'No such FIO Address');
      return h.bundled > 0 ? 0n : fee;
    }
    return fee;
  }

  private async route(path: string, b: Record<string, unknown>): Promise<unknown> {
    switch (path) {
      case '/v1/chain/get_info': {
        const head = this.blocks.at(-1)!;
        return {
          server_version: 'fio-simulator',
          chain_id: this.chainId,
          head_block_num: head.num,
          last_irreversible_block_num: Math.max(1, head.num - 1),
          head_block_id: head.id,
          head_block_time: fioTime(head.time),
        };
      }
      case '/v1/chain/get_block': {
        const n = Number(b.block_num_or_id);
        const block = this.blocks.find((x) => x.num === n || x.id === b.block_num_or_id);
        if (!block) throw chainError('unknown_block_exception', 3100002, 'Could not find block');
        return {
          block_num: block.num,
          id: block.id,
          timestamp: block.time.toISOString().slice(0, 23),
          ref_block_prefix: refBlockPrefix(block.id),
          transactions: [],
        };
      }
      case '/v1/chain/get_raw_abi': {
        const abi = this.abis.find((a) => a.account_name === b.account_name);
        if (!abi) throw chainError('unknown_account', 0, 'unknown account');
        return { account_name: abi.account_name, code_hash: '', abi_hash: '', abi: abi.abi };
      }
      case '/v1/chain/get_fio_balance': {
        const k = this.key(b);
        if (!this.balances.has(k)) throw notFound('Public key not found');
        const bal = this.balances.get(k)!.toString();
        return { balance: bal, available: bal, staked: 0, srps: 0, roe: '1.000000000000000' };
      }
      case '/v1/chain/get_locks':
        this.key(b);
        throw notFound('Public key not found');
      case '/v1/chain/get_actor':
        return { actor: Fio.accountHash(this.key(b)) };
      case '/v1/chain/get_fee': {
        const addr = typeof b.fio_address === 'string' ? b.fio_address : '';
        return { fee: Number(this.feeFor(String(b.end_point), addr)) };
      }
      case '/v1/chain/get_fio_domains': {
        const k = this.key(b);
        const list = [...this.domains].filter(([, d]) => d.owner === k);
        if (!list.length) throw notFound('No FIO Domains');
        return {
          fio_domains: list.map(([fio_domain, d]) => ({
            fio_domain,
            expiration: fioTime(d.expiration),
            is_public: d.isPublic ? 1 : 0,
          })),
          more: 0,
        };
      }
      case '/v1/chain/get_fio_addresses': {
        const k = this.key(b);
        const list = [...this.handles].filter(([, h]) => h.owner === k);
        if (!list.length) throw notFound('No FIO Addresses');
        return {
          fio_addresses: list.map(([fio_address, h]) => ({
            fio_address,
            expiration: fioTime(h.expiration),
            remaining_bundled_tx: h.bundled,
          })),
          more: 0,
        };
      }
      case '/v1/chain/get_fio_names': {
        const k = this.key(b);
        const d = [...this.domains].filter(([, x]) => x.owner === k);
        const a = [...this.handles].filter(([, x]) => x.owner === k);
        if (!d.length && !a.length) throw notFound('No FIO names');
        return {
          fio_domains: d.map(([fio_domain, x]) => ({
            fio_domain,
            expiration: fioTime(x.expiration),
            is_public: x.isPublic ? 1 : 0,
          })),
          fio_addresses: a.map(([fio_address, x]) => ({
            fio_address,
            expiration: fioTime(x.expiration),
            remaining_bundled_tx: x.bundled,
          })),
        };
      }
      case '/v1/chain/avail_check': {
        const n = String(b.fio_name ?? '');
        if (!isValidHandle(n) && !isValidDomain(n)) throw invalidInput('fio_name', n, 'Invalid FIO Name');
        return { is_registered: this.handles.has(n) || this.domains.has(n) ? 1 : 0 };
      }
      case '/v1/chain/get_pub_address': {
        const h = this.handles.get(String(b.fio_address));
        if (!h) throw invalidInput('fio_address', b.fio_address, 'Invalid FIO Address');
        const chain = String(b.chain_code ?? '').toUpperCase();
        const token = String(b.token_code ?? '').toUpperCase();
        if (chain === 'FIO' && token === 'FIO') return { public_address: h.owner };
        const hit =
          h.addresses.find((a) => a.chain_code === chain && a.token_code === token) ??
          h.addresses.find((a) => a.chain_code === chain && a.token_code === '*');
        if (!hit) throw notFound('Public address not found');
        return { public_address: hit.public_address };
      }
      case '/v1/chain/get_pub_addresses': {
        const h = this.handles.get(String(b.fio_address));
        if (!h) throw invalidInput('fio_address', b.fio_address, 'Invalid FIO Address');
        const all = [{ chain_code: 'FIO', token_code: 'FIO', public_address: h.owner }, ...h.addresses];
        return { public_addresses: all, more: 0 };
      }
      case '/v1/history/get_actions': {
        const list = this.history.get(String(b.account_name)) ?? [];
        const pos = Number(b.pos ?? -1);
        const offset = Number(b.offset ?? -20);
        const end = pos < 0 ? list.length - 1 : Math.min(pos, list.length - 1);
        const start = Math.max(0, end + Math.min(0, offset));
        return { actions: list.slice(start, end + 1), last_irreversible_block: this.blocks.at(-1)!.num };
      }
      case '/v1/chain/push_transaction':
        return this.push(b);
    }
    throw notFound('Not Found');
  }

  private async push(b: Record<string, unknown>): Promise<unknown> {
    const packed = b.packed_trx;
    const sigs = b.signatures;
    if (
      typeof packed !== 'string' ||
      !/^[0-9a-f]+$/i.test(packed) ||
      !Array.isArray(sigs) ||
      sigs.length !== 1
    )
      throw invalidInput('packed_trx', '', 'Invalid transaction');
    let tx: Awaited<ReturnType<typeof decodeFioTransaction>>;
    try {
      tx = await decodeFioTransaction(packed.toLowerCase(), this.chainId, this.abis);
    } catch (e) {
      throw chainError(
        'unpack_exception',
        3050004,
        `Unpack data exception: ${e instanceof Error ? e.message : ''}`,
      );
    }
    // Signature over chain id ‖ packed trx ‖ 32 zero bytes, recovered and compared with the actor's key.
    const sigData = Buffer.concat([
      Buffer.from(this.chainId, 'hex'),
      Buffer.from(packed, 'hex'),
      Buffer.alloc(32),
    ]);
    let signer: string;
    try {
      signer = String(
        (Ecc.Signature.fromString(String(sigs[0])) as { recover(b: Buffer): unknown }).recover(sigData),
      );
    } catch {
      throw invalidSignature();
    }
    const txId = Buffer.from(await crypto.subtle.digest('SHA-256', Buffer.from(packed, 'hex'))).toString(
      'hex',
    );
    // TAPOS and expiration.
    const exp = parseFioTime(tx.expiration);
    const now = Date.now();
    if (!(exp > now)) throw chainError('expired_tx_exception', 3040005, 'Expired Transaction');
    if (exp - now > 3600_000)
      throw chainError('tx_exp_too_far_exception', 3040006, 'Transaction Expiration Too Far');
    const ref = this.blocks.find(
      (x) => (x.num & 0xffff) === tx.ref_block_num && refBlockPrefix(x.id) === tx.ref_block_prefix,
    );
    if (!ref) throw chainError('invalid_ref_block_exception', 3040007, 'Invalid Reference Block');
    if (this.seen.has(txId)) throw chainError('tx_duplicate', 3040008, `Duplicate transaction ${txId}`);
    if (tx.actions.length !== 1)
      throw invalidInput('actions', tx.actions.length, 'One action per transaction');
    const action = tx.actions[0]!;
    const data = action.data;
    const actor = String(data.actor ?? '');
    if (Fio.accountHash(signer) !== actor || action.authorization[0]?.actor !== actor)
      throw invalidSignature();
    const result = this.apply(action.name, data, signer);
    this.seen.add(txId);
    const block = this.produceBlock();
    const response = JSON.stringify(result.response);
    const record = (account: string) => {
      const list = this.history.get(account) ?? [];
      list.push({
        account_action_seq: list.length,
        global_action_seq: ++this.globalSeq,
        block_num: block.num,
        block_time: block.time.toISOString().slice(0, 23),
        action_trace: {
          receipt: { receiver: account, response },
          act: { account: action.account, name: action.name, authorization: action.authorization, data },
          trx_id: txId,
          block_num: block.num,
        },
      });
      this.history.set(account, list);
    };
    record(actor);
    if (result.payee && Fio.accountHash(result.payee) !== actor) record(Fio.accountHash(result.payee));
    return {
      transaction_id: txId,
      processed: {
        id: txId,
        block_num: block.num,
        block_time: block.time.toISOString().slice(0, 23),
        receipt: { status: 'executed', cpu_usage_us: 100, net_usage_words: 20 },
        action_traces: [
          { receipt: { receiver: action.account, response }, act: { ...action, hex_data: '' } },
        ],
      },
    };
  }

  /** Applies one action for `signer` (already proven the actor); FIO's errors for what the chain rejects. */
  private apply(
    name: string,
    d: Record<string, unknown>,
    signer: string,
  ): { response: Record<string, unknown>; payee?: string } {
    const endPoint = ENDPOINT_OF[name];
    if (!endPoint) throw chainError('action_validate_exception', 3050005, `Unknown action ${name}`);
    const tpid = String(d.tpid ?? '');
    if (tpid && !isValidHandle(tpid))
      throw invalidInput('tpid', tpid, 'TPID must be empty or valid FIO address');
    const maxFee = BigInt(String(d.max_fee ?? '0'));
    if (maxFee < 0n) throw invalidInput('max_fee', maxFee, 'Invalid fee value');
    const handleName = String(d.fio_address ?? '');
    const handle = this.handles.get(handleName);
    const needsHandle = name === 'addaddress' || name === 'remaddress' || name === 'addbundles';
    if (needsHandle && !handle) throw invalidInput('fio_address', handleName, 'FIO Address not registered');
    if (needsHandle && name !== 'addbundles' && handle!.owner !== signer) throw invalidSignature();
    const fee = BUNDLED_END_POINTS.has(endPoint)
      ? handle!.bundled > 0
        ? 0n
        : FIO_LOCAL_FEES[endPoint]!
      : name === 'addbundles'
        ? FIO_LOCAL_FEES[endPoint]! * BigInt(String(d.bundle_sets ?? '0'))
        : FIO_LOCAL_FEES[endPoint]!;
    if (fee > maxFee) throw invalidInput('max_fee', maxFee, 'Fee exceeds supplied maximum.');
    const balance = this.balances.get(signer) ?? 0n;
    const extra = name === 'trnsfiopubky' ? BigInt(String(d.amount ?? '0')) : 0n;
    if (fee > balance) throw invalidInput('max_fee', maxFee, 'Insufficient funds to cover fee');
    if (fee + extra > balance) throw invalidInput('amount', extra, 'Insufficient balance');
    const response: Record<string, unknown> = { status: 'OK', fee_collected: Number(fee) };
    let payee: string | undefined;
    switch (name) {
      case 'trnsfiopubky': {
        payee = String(d.payee_public_key ?? '');
        if (!isValidFioPublicKey(payee))
          throw invalidInput('payee_public_key', payee, 'Invalid FIO Public Key');
        if (extra <= 0n) throw invalidInput('amount', extra, 'Invalid amount value');
        this.balances.set(payee, (this.balances.get(payee) ?? 0n) + extra);
        break;
      }
      case 'regdomain': {
        const domain = String(d.fio_domain ?? '');
        const owner = String(d.owner_fio_public_key ?? '') || signer;
        if (!isValidDomain(domain)) throw invalidInput('fio_domain', domain, 'Invalid FIO domain');
        if (this.domains.has(domain)) throw invalidInput('fio_name', domain, 'FIO domain already registered');
        if (!isValidFioPublicKey(owner))
          throw invalidInput('owner_fio_public_key', owner, 'Invalid FIO Public Key');
        const expiration = new Date(Date.now() + YEAR_MS);
        this.domains.set(domain, { owner, isPublic: false, expiration });
        response.expiration = fioTime(expiration);
        break;
      }
      case 'regaddress': {
        const owner = String(d.owner_fio_public_key ?? '') || signer;
        if (!isValidHandle(handleName)) throw invalidInput('fio_address', handleName, 'Invalid FIO Address');
        if (this.handles.has(handleName))
          throw invalidInput('fio_address', handleName, 'FIO address already registered');
        const dom = this.domains.get(handleName.split('@')[1]!);
        if (!dom) throw invalidInput('fio_address', handleName, 'FIO Domain not registered');
        if (!dom.isPublic && dom.owner !== signer)
          throw invalidInput(
            'fio_address',
            handleName,
            'FIO Domain is not public. Only owner can create FIO Addresses.',
          );
        if (dom.expiration.getTime() < Date.now())
          throw invalidInput('fio_address', handleName, 'FIO Domain expired');
        const expiration = new Date(Date.now() + YEAR_MS);
        this.handles.set(handleName, { owner, expiration, bundled: BUNDLE_SET_SIZE, addresses: [] });
        response.expiration = fioTime(expiration);
        break;
      }
      case 'renewdomain': {
        const dom = this.domains.get(String(d.fio_domain ?? ''));
        if (!dom) throw invalidInput('fio_domain', d.fio_domain, 'FIO domain not found');
        dom.expiration = new Date(dom.expiration.getTime() + YEAR_MS);
        response.expiration = fioTime(dom.expiration);
        break;
      }
      case 'xferdomain': {
        const dom = this.domains.get(String(d.fio_domain ?? ''));
        if (!dom) throw invalidInput('fio_domain', d.fio_domain, 'FIO domain not registered');
        if (dom.owner !== signer) throw invalidSignature();
        const to = String(d.new_owner_fio_public_key ?? '');
        if (!isValidFioPublicKey(to))
          throw invalidInput('new_owner_fio_public_key', to, 'Invalid FIO Public Key');
        dom.owner = to;
        break;
      }
      case 'addbundles': {
        const sets = Number(d.bundle_sets ?? 0);
        if (!Number.isSafeInteger(sets) || sets < 1)
          throw invalidInput('bundle_sets', sets, 'Invalid bundle_sets value');
        handle!.bundled += sets * BUNDLE_SET_SIZE;
        break;
      }
      case 'addaddress':
      case 'remaddress': {
        const list = Array.isArray(d.public_addresses) ? (d.public_addresses as PubAddr[]) : [];
        if (!list.length || list.length > 5)
          throw invalidInput('public_addresses', list.length, 'Min 1, Max 5 public addresses are allowed');
        for (const a of list) {
          const chain = String(a.chain_code).toUpperCase();
          const token = String(a.token_code).toUpperCase();
          if (
            !/^[A-Z0-9]{1,10}$/.test(chain) ||
            !/^([A-Z0-9]{1,10}|\*)$/.test(token) ||
            !a.public_address ||
            a.public_address.length > 128
          )
            throw invalidInput('public_addresses', a.public_address, 'Invalid public address');
          handle!.addresses = handle!.addresses.filter(
            (x) => !(x.chain_code === chain && x.token_code === token),
          );
          if (name === 'addaddress')
            handle!.addresses.push({
              chain_code: chain,
              token_code: token,
              public_address: a.public_address,
            });
        }
        if (handle!.addresses.length > 200)
          throw invalidInput('public_addresses', '', 'Max 200 public addresses per handle');
        if (fee === 0n) handle!.bundled -= 1;
        break;
      }
    }
    this.balances.set(signer, balance - fee - extra);
    return { response, ...(payee ? { payee } : {}) };
  }
}
