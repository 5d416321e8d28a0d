/**
 * A FIO chain simulator for the local profile: an HTTP server speaking the public FIO API the product API's FIO node
 * provider uses (reference/apis/fio.md) — /v1/chain/get_info, get_block, get_raw_abi, push_transaction, get_fio_balance,
 * get_locks, get_fee, get_fio_domains, get_fio_addresses, get_fio_names, avail_check, get_pub_address(es), get_actor,
 * and /v1/history/get_actions and get_transaction (the block of an executed transaction; get_info's last irreversible
 * block trails the head by one, as on a chain with one producer) — with real state: balances, domains with expiry, handles with bundle counts and mapped
 * addresses, and each account's actions.
 *
 * Every pushed transaction is decoded with fiojs and the contracts' ABIs (chain-fio's fixtures, served by
 * get_raw_abi); its signature is recovered over chain id ‖ packed trx ‖ 32 zero bytes and must be the key of the
 * action's actor; TAPOS must name a recent block and the expiration must be ahead (≤ 3600 s). A push is answered 202.
 * What FIO rejects gets FIO's answer (its http_plugin and contracts): 401 unsatisfied_authorization (3090003) for a
 * key that is not the declared authority's, 500 missing_auth_exception (3090004) for an actor that did not authorize,
 * 403 invalid_signature for a non-owner, 400 invalid_input with FIO's field errors (taken names, unregistered
 * handles, insufficient funds, a fee above max_fee), 500 expired_tx / tx_exp_too_far / invalid_ref_block with nodeos's
 * texts, 409 tx_duplicate, 500 packed_transaction_type_exception for bytes that are no transaction.
 * Bundle-eligible actions (add / remove address) spend a bundled transaction when the handle has one, else the fee.
 *
 * Payment requests and staking (issue 17), written from fioprotocol/fio.contracts (fio.request.obt.cpp,
 * fio.staking.cpp, fio.system voting.cpp): fio.reqobt newfundsreq / rejectfndreq / cancelfndreq / recordobt keep the
 * requests table (encrypted content stored as sent; statuses requested → rejected | cancelled | sent_to_blockchain),
 * 2 bundles for a request or a record and 1 for the rest (content of 1,000+ characters costs more, as the contract
 * counts it); fio.staking stakefio / unstakefio keep staked and locked balances (unstaked SUF locked 604,800 s, as the
 * contract's general lock) and refuse an account that has not voted or proxied; eosio voteproxy writes the voter
 * table, read back with get_table_rows. The refusals carry the contracts' own texts and HTTP codes. The getters
 * get_sent_fio_requests / get_received_fio_requests / get_pending_fio_requests and get_locks answer from that state,
 * GET /staking answers as FIO's staking statistics service does (historical_apr), and a loopback-only control under
 * /_localnet/ advances the simulator's clock (the 7-day lock) and sets or breaks that service for tests.
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
import { serve, type Served } from '@secux-companion/sim-kit';
import { mnemonicToRoot } from '@secux-companion/sim-kit';

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
  new_funds_request: 800_000_000n,
  reject_funds_request: 400_000_000n,
  cancel_funds_request: 400_000_000n,
  record_obt_data: 800_000_000n,
  stake_fio_tokens: 3n * SUF,
  unstake_fio_tokens: 3n * SUF,
  proxy_vote: 500_000_000n,
};
/** Bundled transactions one call of a bundle-eligible end point spends (fio.contracts: 2 for a request or a record). */
const BUNDLE_COST: Readonly<Record<string, number>> = {
  add_pub_address: 1,
  remove_pub_address: 1,
  new_funds_request: 2,
  reject_funds_request: 1,
  cancel_funds_request: 1,
  record_obt_data: 2,
  stake_fio_tokens: 1,
  unstake_fio_tokens: 1,
  proxy_vote: 1,
};
const BUNDLED_END_POINTS = new Set(Object.keys(BUNDLE_COST));
/** Bundle-eligible end points whose get_fee does not need a handle (staking may be paid without one). */
const HANDLE_OPTIONAL_END_POINTS = new Set(['stake_fio_tokens', 'unstake_fio_tokens']);
const ENDPOINT_OF: Record<string, string> = {
  trnsfiopubky: 'transfer_tokens_pub_key',
  regdomain: 'register_fio_domain',
  regaddress: 'register_fio_address',
  renewdomain: 'renew_fio_domain',
  xferdomain: 'transfer_fio_domain',
  addbundles: 'add_bundled_transactions',
  addaddress: 'add_pub_address',
  remaddress: 'remove_pub_address',
  newfundsreq: 'new_funds_request',
  rejectfndreq: 'reject_funds_request',
  cancelfndreq: 'cancel_funds_request',
  recordobt: 'record_obt_data',
  stakefio: 'stake_fio_tokens',
  unstakefio: 'unstake_fio_tokens',
  voteproxy: 'proxy_vote',
};
const YEAR_MS = 365 * 86_400_000;
/** fio.staking: unstaked tokens stay locked this long (UNSTAKELOCKDURATIONSECONDS). */
export const UNSTAKE_LOCK_SECONDS = 604_800;
/** A domain keeps working for requests this long after it expires (fio.contracts SECONDS30DAYS). */
const DOMAIN_GRACE_MS = 30 * 86_400_000;
/** fio.common BASECONTENTAMOUNT: each further 1,000 characters of content costs one more fee / bundle unit. */
const BASE_CONTENT = 1000;
/** The test-only control API's prefix (loopback only), as the TRON simulator's. */
export const FIO_CONTROL_PREFIX = '/_localnet/';
/** The registered voting proxy of the local genesis. */
export const FIO_LOCAL_PROXY = 'proxy@secux';
/** The emulator's second FIO account's handle. */
export const FIO_PAYER_HANDLE = 'payer@secux';

export interface FioGenesis {
  accounts: { publicKey: string; balance: bigint }[];
  domains: { domain: string; owner: string; isPublic: boolean; expiration?: Date }[];
  handles: { handle: string; owner: string; bundled: number; addresses?: PubAddr[] }[];
  /** Handles (listed in `handles`) whose owners are registered voting proxies (eosio regproxy). */
  proxies?: string[];
}

/** A row of fio.reqobt's requests table (fio_data_type: the status). */
interface FioRequestRow {
  id: number;
  payer: string;
  payee: string;
  payerKey: string;
  payeeKey: string;
  content: string;
  time: number;
  status: 'requested' | 'rejected' | 'cancelled' | 'sent_to_blockchain';
  obtContent?: string;
}

/** A row of eosio's voters table (fio.system voter_info), as get_table_rows answers it with json: true. */
interface VoterRow {
  id: number;
  fioaddress: string;
  addresshash: string;
  owner: string;
  proxy: string;
  producers: string[];
  last_vote_weight: string;
  proxied_vote_weight: string;
  is_proxy: number;
  is_auto_proxy: number;
  reserved2: number;
  reserved3: string;
}

/** An account's general lock (eosio locked tokens v2): periods counted from `timestamp` (seconds). */
interface GeneralLock {
  timestamp: number;
  periods: { duration: number; amount: bigint }[];
}

/** What the staking statistics service answers (FIO's services-external /staking); `down`: it fails. */
export interface FioStakingService {
  apr: { '1day': number | null; '7day': number | null; '30day': number | null };
  down: boolean;
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
/** A FIO contract's signature refusal (fio_403_assert: fioerror.hpp's text), e.g. a handle the signer does not own. */
const invalidSignature = () =>
  new FioReject(403, {
    type: 'invalid_signature',
    message: 'Request signature is not valid or this user is not allowed to sign this transaction.',
  });
const notFound = (message: string) => new FioReject(404, { message });
/**
 * A nodeos exception as FIO's http_plugin answers it (handle_exception): unsatisfied_authorization is 401
 * 'UnAuthorized', tx_duplicate 409 'Conflict', any other chain exception 500 'Internal Service Error - (fc)'; the body
 * carries the exception's code, name and what, and its first log message in details.
 */
const nodeosError = (
  name: string,
  code: number,
  what: string,
  detail = what,
  at: { file?: string; line?: number; method?: string } = {},
) => {
  const [status, message] =
    name === 'unsatisfied_authorization'
      ? [401, 'UnAuthorized']
      : name === 'tx_duplicate'
        ? [409, 'Conflict']
        : [500, 'Internal Service Error - (fc)'];
  return new FioReject(status, {
    code: status,
    message,
    error: {
      code,
      name,
      what,
      details: [{ message: detail, file: at.file ?? '', line_number: at.line ?? 0, method: at.method ?? '' }],
    },
  });
};
const chainError = (name: string, code: number, what: string) => nodeosError(name, code, what);

/** An eosio_assert refusal as nodeos answers it (500, the message in details). */
const assertFailure = (message: string) =>
  new FioReject(500, {
    code: 500,
    message: 'Internal Service Error - (fc)',
    error: {
      code: 3050003,
      name: 'eosio_assert_message_exception',
      what: 'eosio_assert_message assertion failure',
      details: [
        { message: `assertion failure with message: ${message}`, file: '', line_number: 0, method: '' },
      ],
    },
  });
/** The actions of payment requests, staking and proxy voting (issue 17). */
const PART2_ACTIONS = new Set([
  'newfundsreq',
  'rejectfndreq',
  'cancelfndreq',
  'recordobt',
  'stakefio',
  'unstakefio',
  'voteproxy',
]);

const fioTime = (d: Date) => d.toISOString().slice(0, 19);
const parseFioTime = (s: string) => Date.parse(s.endsWith('Z') ? s : `${s}Z`);

/** The FIO public key of the emulator's account `index` (m/44'/235'/{index}'/0/0). */
export function fioPublicKeyOf(mnemonic: string, index = 0): string {
  const node = mnemonicToRoot(mnemonic).derive(`m/44'/235'/${index}'/0/0`);
  if (!node.publicKey) throw new Error('no public key');
  return fioPublicKeyFromPoint(node.publicKey);
}

/** The key of the local genesis's voting proxy (proxy@secux): a fixed key nobody here signs for. */
export const FIO_LOCAL_PROXY_KEY = String(
  Ecc.PrivateKey.fromSeed('secux localnet fio proxy').toPublic().toString(),
);

/** The key SecuX's 'secux' domain belongs to in the simulator (any valid key nobody here signs for). */
export const SECUX_DOMAIN_OWNER = fioPublicKeyFromPoint(
  Uint8Array.from([2, ...Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0))]),
);

/**
 * The local genesis: the public 'secux' domain; the emulator's first FIO account funded with 1,000 FIO, one handle
 * (on 'secux', 5 bundled transactions left: under the alert threshold) and one domain of its own; its second account
 * funded with 500 FIO and the handle payer@secux with 100 bundles (the other party of payment requests); and a
 * registered voting proxy, proxy@secux (the default proxy staking votes through).
 */
export function fioGenesis(mnemonic: string): FioGenesis {
  const me = fioPublicKeyOf(mnemonic, 0);
  const payer = fioPublicKeyOf(mnemonic, 1);
  return {
    accounts: [
      { publicKey: me, balance: 1000n * SUF },
      { publicKey: payer, balance: 500n * SUF },
    ],
    domains: [
      { domain: 'secux', owner: SECUX_DOMAIN_OWNER, isPublic: true },
      { domain: 'emulator', owner: me, isPublic: false },
    ],
    handles: [
      { handle: 'emulator@secux', owner: me, bundled: 5 },
      { handle: FIO_PAYER_HANDLE, owner: payer, bundled: 100 },
      { handle: FIO_LOCAL_PROXY, owner: FIO_LOCAL_PROXY_KEY, bundled: 100 },
    ],
    proxies: [FIO_LOCAL_PROXY],
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
  /** Executed transactions by id: their block (history_plugin's get_transaction). */
  private trxs = new Map<string, { block_num: number; block_time: string }>();
  private globalSeq = 0;
  /** How far the simulator's clock is ahead of the wall clock (the test control advances it). */
  private clockOffsetMs = 0;
  private staked = new Map<string, bigint>();
  private locks = new Map<string, GeneralLock>();
  private voters = new Map<string, VoterRow>();
  private requests: FioRequestRow[] = [];
  /** recordobt without a request id: OBT data of its own (same id sequence as the requests, as on chain). */
  private obtRecords: FioRequestRow[] = [];
  private nextRequestId = 1;
  /** What GET /staking answers. */
  stakingService: FioStakingService = {
    apr: { '1day': 9.82, '7day': 13.54, '30day': 11.54 },
    down: false,
  };
  url = '';

  constructor(private readonly opts: FioSimulatorOptions) {
    this.chainId = opts.chainId ?? FIO_LOCAL_CHAIN_ID;
    const g = opts.genesis;
    for (const a of g.accounts) this.balances.set(a.publicKey, a.balance);
    const inAYear = new Date(this.now() + YEAR_MS);
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
    for (const p of g.proxies ?? []) {
      const h = this.handles.get(p);
      if (!h) throw new Error(`proxy ${p} is not a genesis handle`);
      const row = this.voterRow(Fio.accountHash(h.owner));
      row.is_proxy = 1;
      row.fioaddress = p;
    }
    this.produceBlock();
  }

  /** The simulator's clock (ms): the wall clock plus what the test control advanced. */
  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the clock forward (seconds) and seals two blocks at the new time, so TAPOS references it. */
  advanceClock(seconds: number): Date {
    if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > 10 * 365 * 86_400)
      throw new Error('advance by 0 to 10 years of seconds');
    this.clockOffsetMs += seconds * 1000;
    this.produceBlock();
    this.produceBlock();
    return new Date(this.now());
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
  stakedOf(publicKey: string): bigint {
    return this.staked.get(publicKey) ?? 0n;
  }
  /** The SUF still locked now (the lock periods not yet passed). */
  lockedOf(publicKey: string): bigint {
    const lock = this.locks.get(publicKey);
    if (!lock) return 0n;
    const nowSec = Math.floor(this.now() / 1000);
    return lock.periods.reduce((t, p) => (lock.timestamp + p.duration > nowSec ? t + p.amount : t), 0n);
  }
  /** Spendable SUF: the balance less what is staked and what is still locked. */
  availableOf(publicKey: string): bigint {
    return this.balanceOf(publicKey) - this.stakedOf(publicKey) - this.lockedOf(publicKey);
  }
  request(id: number): Readonly<FioRequestRow> | undefined {
    return this.requests.find((r) => r.id === id);
  }
  voter(actor: string): Readonly<VoterRow> | undefined {
    return this.voters.get(actor);
  }

  /** The last irreversible block: one producer here, so the block before the head (nodeos with one producer). */
  lib(): number {
    return Math.max(1, (this.blocks.at(-1)?.num ?? 1) - 1);
  }

  produceBlock(): Block {
    const num = (this.blocks.at(-1)?.num ?? 0) + 1;
    const id = num.toString(16).padStart(8, '0') + randomBytes(28).toString('hex');
    const block = { num, id, time: new Date(Math.floor(this.now() / 500) * 500) };
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
      const path = (req.url ?? '').split('?')[0]!;
      if (path.startsWith(FIO_CONTROL_PREFIX)) {
        const ip = req.socket.remoteAddress ?? '';
        if (!/^(127\.|::1$|::ffff:127\.)/.test(ip)) throw new FioReject(403, { message: 'Forbidden' });
        send(200, this.control(req.method ?? 'GET', path.slice(FIO_CONTROL_PREFIX.length), raw));
        return;
      }
      if (req.method === 'GET' && path === '/staking') {
        send(...this.stakingStats());
        return;
      }
      if (req.method !== 'POST') throw notFound('Not Found');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        throw new FioReject(400, { type: 'invalid_input', message: 'Invalid JSON' });
      }
      // nodeos answers a pushed transaction with 202 Accepted (chain_api_plugin's CHAIN_RW_CALL_ASYNC), getters 200.
      send(path === '/v1/chain/push_transaction' ? 202 : 200, await this.route(path, body));
    } catch (e) {
      if (e instanceof FioReject) send(e.status, e.body);
      else send(500, { code: 500, message: 'Internal Service Error - (fc)', error: { what: String(e) } });
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
      if (!fioAddress && HANDLE_OPTIONAL_END_POINTS.has(endPoint)) return fee;
      const h = this.handles.get(fioAddress);
      if (!h) throw invalidInput('fio_address', fioAddress, 'No such FIO Address');
      return h.bundled >= BUNDLE_COST[endPoint]! ? 0n : fee;
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
          last_irreversible_block_num: this.lib(),
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
        const staked = this.stakedOf(k);
        return {
          balance: this.balanceOf(k).toString(),
          available: this.availableOf(k).toString(),
          staked: Number(staked),
          srps: Number(staked),
          roe: '1.000000000000000',
        };
      }
      case '/v1/chain/get_locks':
        return this.getLocks(this.key(b));
      case '/v1/chain/get_sent_fio_requests':
      case '/v1/chain/get_received_fio_requests':
      case '/v1/chain/get_pending_fio_requests':
        return this.getRequests(path.slice('/v1/chain/get_'.length, -'_fio_requests'.length), b);
      case '/v1/chain/get_table_rows':
        return this.getTableRows(b);
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
      case '/v1/history/get_transaction': {
        // history_plugin's get_transaction: the executed transaction with its block and the chain's last irreversible
        // block; an id it never saw is tx_not_found (3040011).
        const id = String(b.id ?? '').toLowerCase();
        const t = this.trxs.get(id);
        if (!t)
          throw chainError(
            'tx_not_found',
            3040011,
            `Transaction ${id} not found in history and no block hint was given`,
          );
        return {
          id,
          trx: { receipt: { status: 'executed', cpu_usage_us: 100, net_usage_words: 20 }, trx: {} },
          block_time: t.block_time,
          block_num: t.block_num,
          last_irreversible_block: this.lib(),
          traces: [],
        };
      }
      case '/v1/chain/push_transaction':
        return this.push(b);
    }
    throw notFound('Not Found');
  }

  private async push(b: Record<string, unknown>): Promise<unknown> {
    const packed = b.packed_trx;
    const sigs = b.signatures;
    // chain_plugin's push_transaction: what does not read as a packed transaction is rethrown as
    // packed_transaction_type_exception (3010010) 'Invalid packed transaction' (500).
    const invalidPacked = (why: string) =>
      nodeosError('packed_transaction_type_exception', 3010010, 'Invalid packed transaction', why);
    if (typeof packed !== 'string' || !/^([0-9a-f]{2})+$/i.test(packed))
      throw invalidPacked('Invalid packed transaction');
    if (!Array.isArray(sigs) || sigs.length !== 1)
      throw invalidInput('packed_trx', '', 'Invalid transaction');
    let tx: Awaited<ReturnType<typeof decodeFioTransaction>>;
    try {
      tx = await decodeFioTransaction(packed.toLowerCase(), this.chainId, this.abis);
    } catch (e) {
      throw invalidPacked(e instanceof Error ? e.message : 'Invalid packed transaction');
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
    const now = this.now();
    // nodeos's controller (validate_expiration, validate_tapos): the exception's what and its assert's message.
    const sec = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    const pending = new Date(now).toISOString().slice(0, 23);
    if (!(exp > now))
      throw nodeosError(
        'expired_tx_exception',
        3040005,
        'Expired Transaction',
        `transaction has expired, expiration is ${sec(exp)} and pending block time is ${pending}`,
      );
    if (exp - now > 3600_000)
      throw nodeosError(
        'tx_exp_too_far_exception',
        3040006,
        'Transaction Expiration Too Far',
        `Transaction expiration is too far in the future relative to the reference time of ${pending}, expiration is ${sec(exp)} and the maximum transaction lifetime is 3600 seconds`,
      );
    const ref = this.blocks.find(
      (x) => (x.num & 0xffff) === tx.ref_block_num && refBlockPrefix(x.id) === tx.ref_block_prefix,
    );
    if (!ref)
      throw nodeosError(
        'invalid_ref_block_exception',
        3040007,
        'Invalid Reference Block',
        "Transaction's reference block did not match. Is this transaction from a different fork?",
      );
    if (this.seen.has(txId))
      throw nodeosError('tx_duplicate', 3040008, 'Duplicate transaction', `duplicate transaction ${txId}`);
    if (tx.actions.length !== 1)
      throw invalidInput('actions', tx.actions.length, 'One action per transaction');
    const action = tx.actions[0]!;
    const data = action.data;
    const actor = String(data.actor ?? '');
    // nodeos checks the declared authorization against the recovered key before any contract runs (every FIO
    // account's active permission is its own key), then the contract's require_auth(actor) checks the action's actor.
    const declared = action.authorization[0];
    if (!declared)
      throw nodeosError('tx_no_auths', 3040003, 'Transaction should have at least one required authority');
    if (declared.actor !== Fio.accountHash(signer))
      throw nodeosError(
        'unsatisfied_authorization',
        3090003,
        'Provided keys, permissions, and delays do not satisfy declared authorizations',
        `transaction declares authority '${JSON.stringify({ actor: declared.actor, permission: declared.permission })}', but does not have signatures for it under a provided delay of 0 ms, provided permissions [], provided keys ${JSON.stringify([signer])}, and a delay max limit of 3888000000 ms`,
        { file: 'authorization_manager.cpp', line: 525, method: 'check_authorization' },
      );
    if (declared.actor !== actor)
      throw nodeosError(
        'missing_auth_exception',
        3090004,
        'Missing required authority',
        `missing authority of ${actor}`,
        {
          file: 'apply_context.cpp',
          line: 224,
          method: 'require_authorization',
        },
      );
    const result = this.apply(action.name, data, signer);
    this.seen.add(txId);
    const block = this.produceBlock();
    this.trxs.set(txId, { block_num: block.num, block_time: block.time.toISOString().slice(0, 23) });
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
    if (PART2_ACTIONS.has(name)) return this.applyRequestOrStake(name, endPoint, d, signer, maxFee);
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
    const spendable = this.availableOf(signer);
    const extra = name === 'trnsfiopubky' ? BigInt(String(d.amount ?? '0')) : 0n;
    if (fee > spendable) throw invalidInput('max_fee', maxFee, 'Insufficient funds to cover fee');
    if (fee + extra > spendable) throw invalidInput('amount', extra, 'Insufficient balance');
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
        const expiration = new Date(this.now() + YEAR_MS);
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
        if (dom.expiration.getTime() < this.now())
          throw invalidInput('fio_address', handleName, 'FIO Domain expired');
        const expiration = new Date(this.now() + YEAR_MS);
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

  // --- payment requests, staking, proxy voting (issue 17) ---

  private voterRow(actor: string): VoterRow {
    let row = this.voters.get(actor);
    if (!row) {
      row = {
        id: this.voters.size,
        fioaddress: '',
        addresshash: '0x00000000000000000000000000000000',
        owner: actor,
        proxy: '',
        producers: [],
        last_vote_weight: '0.00000000000000000',
        proxied_vote_weight: '0.00000000000000000',
        is_proxy: 0,
        is_auto_proxy: 0,
        reserved2: 0,
        reserved3: '0.000000000 FIO',
      };
      this.voters.set(actor, row);
    }
    return row;
  }

  /** Test-only control (loopback only): POST clock {advanceSeconds}, GET clock, POST staking-service {apr7d?, down?}. */
  control(method: string, what: string, raw: string): unknown {
    let b: Record<string, unknown> = {};
    try {
      b = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      throw new FioReject(400, { message: 'Invalid JSON' });
    }
    if (what === 'clock' && method === 'POST') {
      const s = b.advanceSeconds;
      if (typeof s !== 'number' || !Number.isSafeInteger(s) || s < 0 || s > 10 * 365 * 86_400)
        throw new FioReject(400, { message: 'advanceSeconds: 0 to 10 years of seconds' });
      return { now: this.advanceClock(s).toISOString(), headBlockNum: this.blocks.at(-1)!.num };
    }
    if (what === 'clock' && method === 'GET') return { now: new Date(this.now()).toISOString() };
    if (what === 'staking-service' && method === 'POST') {
      if ('apr7d' in b) {
        const v = b.apr7d;
        if (v !== null && (typeof v !== 'number' || !Number.isFinite(v)))
          throw new FioReject(400, { message: 'apr7d: a number or null' });
        this.stakingService.apr['7day'] = v;
      }
      if ('down' in b) this.stakingService.down = b.down === true;
      return this.stakingService;
    }
    throw notFound('Not Found');
  }

  /** GET /staking: FIO's staking statistics (pools in FIO, roe, historical_apr), or 503 while "down". */
  private stakingStats(): [number, unknown] {
    if (this.stakingService.down) return [503, { message: 'Service Unavailable' }];
    const staked = [...this.staked.values()].reduce((t, v) => t + v, 0n);
    const fio = (suf: bigint) => Number(suf) / 1e9;
    return [
      200,
      {
        staked_token_pool: fio(staked),
        outstanding_srps: fio(staked),
        rewards_token_pool: 0,
        combined_token_pool: fio(staked),
        staking_rewards_reserves_minted: 0,
        roe: 1,
        activated: true,
        historical_apr: { ...this.stakingService.apr },
      },
    ];
  }

  private getLocks(key: string): unknown {
    const lock = this.locks.get(key);
    const remaining = this.lockedOf(key);
    if (!lock || remaining === 0n) {
      this.locks.delete(key);
      throw notFound('Public key not found');
    }
    const nowSec = Math.floor(this.now() / 1000);
    return {
      lock_amount: Number(lock.periods.reduce((t, p) => t + p.amount, 0n)),
      remaining_lock_amount: Number(remaining),
      time_stamp: lock.timestamp,
      payouts_performed: lock.periods.filter((p) => lock.timestamp + p.duration <= nowSec).length,
      can_vote: 1,
      unlock_periods: lock.periods.map((p) => ({ duration: p.duration, amount: Number(p.amount) })),
    };
  }

  private getRequests(which: string, b: Record<string, unknown>): unknown {
    const key = this.key(b);
    const limit = b.limit === undefined ? 1000 : Number(b.limit);
    const offset = b.offset === undefined ? 0 : Number(b.offset);
    if (!Number.isSafeInteger(limit) || limit < 0) throw invalidInput('limit', b.limit, 'Invalid limit');
    if (!Number.isSafeInteger(offset) || offset < 0) throw invalidInput('offset', b.offset, 'Invalid offset');
    const all = this.requests.filter((r) =>
      which === 'sent'
        ? r.payeeKey === key
        : r.payerKey === key && (which === 'received' || r.status === 'requested'),
    );
    if (!all.length)
      throw notFound(
        which === 'sent'
          ? 'No FIO Requests'
          : which === 'received'
            ? 'No received FIO Requests'
            : 'No pending FIO Requests',
      );
    const page = all.slice(offset, offset + limit);
    return {
      requests: page.map((r) => ({
        fio_request_id: r.id,
        payer_fio_address: r.payer,
        payee_fio_address: r.payee,
        payer_fio_public_key: r.payerKey,
        payee_fio_public_key: r.payeeKey,
        content: r.content,
        time_stamp: fioTime(new Date(r.time)),
        ...(which === 'pending' ? {} : { status: r.status }),
      })),
      more: Math.max(0, all.length - offset - page.length),
    };
  }

  /** get_table_rows of eosio's voters table (json), by primary key or by owner (index 3, key_type name). */
  private getTableRows(b: Record<string, unknown>): unknown {
    if (b.code !== 'eosio' || b.scope !== 'eosio' || b.table !== 'voters')
      throw chainError('contract_table_query_exception', 3060003, 'Table not found');
    if (b.json === false) throw invalidInput('json', false, 'Only json: true is served here');
    const index = String(b.index_position ?? '1');
    const limit = Math.max(1, Math.min(1000, Number(b.limit ?? 10) || 10));
    const lower = b.lower_bound === undefined || b.lower_bound === '' ? undefined : String(b.lower_bound);
    const upper = b.upper_bound === undefined || b.upper_bound === '' ? undefined : String(b.upper_bound);
    let rows = [...this.voters.values()];
    if (index === '3' || index === 'tertiary') {
      if (b.key_type !== undefined && b.key_type !== 'name')
        throw chainError('contract_table_query_exception', 3060003, 'Invalid key type');
      // EOSIO names order as uint64; equality (lower = upper = the owner) is what readers ask for.
      rows = rows.filter((r) => (!lower || r.owner >= lower) && (!upper || r.owner <= upper));
      if (lower && upper && lower === upper) rows = rows.filter((r) => r.owner === lower);
    } else if (index === '1' || index === 'primary') {
      rows = rows
        .sort((x, y) => x.id - y.id)
        .filter((r) => (!lower || r.id >= Number(lower)) && (!upper || r.id <= Number(upper)));
    } else throw chainError('contract_table_query_exception', 3060003, 'Invalid index position');
    return { rows: rows.slice(0, limit), more: rows.length > limit, next_key: '' };
  }

  /** A new row of the requests table (requests and OBT records share its id sequence, as on chain). */
  private newRow(
    table: FioRequestRow[],
    payer: string,
    payee: string,
    payerH: Handle,
    payeeH: Handle,
    content: string,
    status: FioRequestRow['status'],
  ): FioRequestRow {
    const row: FioRequestRow = {
      id: this.nextRequestId++,
      payer,
      payee,
      payerKey: payerH.owner,
      payeeKey: payeeH.owner,
      content,
      time: this.now(),
      status,
    };
    table.push(row);
    return row;
  }

  private handleOr400(field: string, name: string, message: string): Handle {
    const h = this.handles.get(name);
    if (!h) throw invalidInput(field, name, message);
    return h;
  }

  /** The domain of a handle must exist and be at most `graceMs` (30 days for requests) past its expiry. */
  private domainLive(
    field: string,
    handle: string,
    missing = 'No such domain',
    graceMs = DOMAIN_GRACE_MS,
  ): void {
    const dom = this.domains.get(handle.split('@')[1] ?? '');
    if (!dom) throw invalidInput(field, handle, missing);
    if (this.now() > dom.expiration.getTime() + graceMs)
      throw invalidInput(field, handle, 'FIO Domain expired');
  }

  /**
   * The fee of a bundle-eligible action: `bundles` from the handle when it has them (then 0), else the fee × the
   * content multiplier, which max_fee must cover and the spendable balance must pay. Nothing is changed here: the
   * caller spends it once every check has passed (a refused transaction changes nothing, as on chain).
   */
  private bundledFee(
    endPoint: string,
    handle: Handle | undefined,
    bundles: number,
    multiplier: number,
    maxFee: bigint,
    signer: string,
  ): { fee: bigint; spend: () => void } {
    const useBundles = handle !== undefined && (bundles > 1 ? handle.bundled >= bundles : handle.bundled > 0);
    const fee = useBundles ? 0n : FIO_LOCAL_FEES[endPoint]! * BigInt(multiplier);
    if (fee > maxFee) throw invalidInput('max_fee', maxFee, 'Fee exceeds supplied maximum.');
    if (fee > this.availableOf(signer))
      throw invalidInput('max_fee', maxFee, 'Insufficient funds to cover fee');
    return {
      fee,
      spend: () => {
        if (useBundles) handle.bundled -= bundles;
        else this.balances.set(signer, this.balanceOf(signer) - fee);
      },
    };
  }

  private applyRequestOrStake(
    name: string,
    endPoint: string,
    d: Record<string, unknown>,
    signer: string,
    maxFee: bigint,
  ): { response: Record<string, unknown> } {
    const actor = Fio.accountHash(signer);
    const str = (k: string) => String(d[k] ?? '');
    const multiplierOf = (content: string) =>
      content.length >= BASE_CONTENT ? Math.floor(content.length / BASE_CONTENT) + 1 : 1;
    switch (name) {
      case 'newfundsreq': {
        const payer = str('payer_fio_address');
        const payee = str('payee_fio_address');
        const content = str('content');
        if (!payer) throw invalidInput('payer_fio_address', payer, 'from fio address not specified');
        if (!payee) throw invalidInput('payee_fio_address', payee, 'to fio address not specified');
        if (content.length < 64) throw invalidInput('content', content, 'Requires min 64');
        const payerH = this.handleOr400('payer_fio_address', payer, 'No such FIO Address');
        const payeeH = this.handleOr400('payee_fio_address', payee, 'No such FIO Address');
        this.domainLive('payee_fio_address', payee);
        if (payeeH.owner !== signer) throw invalidSignature();
        const m = multiplierOf(content);
        const { fee, spend } = this.bundledFee(endPoint, payeeH, 2 * m, m, maxFee, signer);
        spend();
        const { id } = this.newRow(this.requests, payer, payee, payerH, payeeH, content, 'requested');
        return { response: { fio_request_id: id, status: 'requested', fee_collected: Number(fee) } };
      }
      case 'rejectfndreq':
      case 'cancelfndreq': {
        const reject = name === 'rejectfndreq';
        const idText = str('fio_request_id');
        if (!idText || idText.length >= 16)
          throw invalidInput('fio_request_id', idText, 'No value specified');
        const r = this.requests.find((x) => x.id === Number(/^\d+/.exec(idText)?.[0] ?? 'NaN'));
        if (!r) throw invalidInput('fio_request_id', idText, 'No such FIO Request');
        if (r.status !== 'requested')
          throw invalidInput(
            'fio_request_id',
            idText,
            reject ? 'Only pending requests can be rejected.' : 'Only pending requests can be cancelled.',
          );
        const own = reject ? r.payer : r.payee;
        const h = this.handles.get(own);
        if (!h) throw invalidSignature();
        this.domainLive(reject ? 'payer_fio_address' : 'payee_fio_address', own);
        if (h.owner !== signer) throw invalidSignature();
        const { fee, spend } = this.bundledFee(endPoint, h, 1, 1, maxFee, signer);
        spend();
        r.status = reject ? 'rejected' : 'cancelled';
        return {
          response: { status: reject ? 'request_rejected' : 'cancelled', fee_collected: Number(fee) },
        };
      }
      case 'recordobt': {
        const idText = str('fio_request_id');
        const payer = str('payer_fio_address');
        const payee = str('payee_fio_address');
        const content = str('content');
        if (idText.length >= 16) throw invalidInput('fio_request_id', idText, 'No such FIO Request');
        if (!payer) throw invalidInput('payer_fio_address', payer, 'from fio address not found');
        if (!payee) throw invalidInput('payee_fio_address', payee, 'to fio address not found');
        if (content.length < 64) throw invalidInput('content', content, 'Requires min 64');
        const payerH = this.handleOr400('payer_fio_address', payer, 'No such FIO Address');
        this.domainLive('payer_fio_address', payer);
        const payeeH = this.handleOr400('payee_fio_address', payee, 'No such FIO Address');
        if (payerH.owner !== signer) throw invalidSignature();
        const m = multiplierOf(content);
        const { fee, spend } = this.bundledFee(endPoint, payerH, 2 * m, m, maxFee, signer);
        let r: FioRequestRow | undefined;
        if (idText) {
          r = this.requests.find((x) => x.id === Number(/^\d+/.exec(idText)?.[0] ?? 'NaN'));
          if (!r) throw invalidInput('fio_request_id', idText, 'No such FIO Request');
          if (Fio.accountHash(r.payerKey) !== actor) throw invalidSignature();
          if (r.status !== 'requested')
            throw invalidInput('fio_request_id', idText, 'Only pending requests can be responded.');
        }
        spend();
        if (r) {
          r.status = 'sent_to_blockchain';
          r.obtContent = content;
        } else this.newRow(this.obtRecords, payer, payee, payerH, payeeH, content, 'sent_to_blockchain');
        return { response: { status: 'sent_to_blockchain', fee_collected: Number(fee) } };
      }
      case 'stakefio':
      case 'unstakefio': {
        const stake = name === 'stakefio';
        const amount = BigInt(str('amount') || '0');
        if (!stake && amount <= 10000n) throw invalidInput('amount', amount, 'Invalid amount value');
        const handleName = str('fio_address');
        let h: Handle | undefined;
        if (handleName) {
          if (!isValidHandle(handleName))
            throw invalidInput('fio_address', handleName, 'Invalid FIO Address format');
          h = this.handleOr400('fio_address', handleName, 'FIO Address not registered');
          if (h.owner !== signer) throw invalidSignature();
        }
        if (!stake) {
          if (!this.staked.has(signer))
            throw assertFailure('incacctstake, actor has no accountstake record.');
          if (this.stakedOf(signer) < amount)
            throw invalidInput('amount', amount, 'Cannot unstake more than staked.');
        }
        const { fee, spend } = this.bundledFee(endPoint, h, 1, 1, maxFee, signer);
        if (stake) {
          const tpid = str('tpid');
          const tpidProxy = tpid ? this.handleOr400('tpid', tpid, 'FIO Address not registered') : undefined;
          const viaProxy = tpidProxy && this.voters.get(Fio.accountHash(tpidProxy.owner))?.is_proxy === 1;
          const v = this.voters.get(actor);
          const voted = v && (v.proxy !== '' || v.producers.length > 0 || v.is_auto_proxy === 1);
          if (!voted && !viaProxy)
            throw invalidInput('actor', actor, 'Account has not voted and has not proxied.');
          if (amount <= 0n) throw invalidInput('amount', amount, 'Invalid amount value');
          const stakeable = this.availableOf(signer);
          if (stakeable < fee + amount) throw invalidInput('amount', stakeable, 'Insufficient balance.');
          if (!voted && tpidProxy) {
            // fio.contracts set_auto_proxy: a first tpid that is a proxy proxies the account's vote.
            const row = this.voterRow(actor);
            row.proxy = Fio.accountHash(tpidProxy.owner);
            row.is_auto_proxy = 1;
          }
          spend();
          this.staked.set(signer, this.stakedOf(signer) + amount);
        } else {
          spend();
          this.staked.set(signer, this.stakedOf(signer) - amount);
          const nowSec = Math.floor(this.now() / 1000);
          const lock = this.locks.get(signer);
          if (lock && this.lockedOf(signer) > 0n) {
            lock.periods = lock.periods.filter((p) => lock.timestamp + p.duration > nowSec);
            lock.periods.push({ duration: nowSec - lock.timestamp + UNSTAKE_LOCK_SECONDS, amount });
          } else
            this.locks.set(signer, {
              timestamp: nowSec,
              periods: [{ duration: UNSTAKE_LOCK_SECONDS, amount }],
            });
        }
        return { response: { status: 'OK', fee_collected: Number(fee) } };
      }
      case 'voteproxy': {
        const proxy = str('proxy');
        const handleName = str('fio_address');
        if (!isValidHandle(proxy)) throw invalidInput('proxy', proxy, 'Invalid FIO Address format');
        if (handleName && !isValidHandle(handleName))
          throw invalidInput('fio_address', handleName, 'Invalid FIO Address format');
        const proxyH = this.handleOr400('proxy', proxy, 'FIO address not registered');
        const proxyAccount = Fio.accountHash(proxyH.owner);
        if (this.voters.get(proxyAccount)?.is_proxy !== 1)
          throw invalidInput('fio_address', proxy, 'This address is not a proxy');
        this.domainLive('proxy', proxy, 'FIO Address not registered');
        let h: Handle | undefined;
        if (handleName) {
          h = this.handleOr400('fio_address', handleName, 'FIO address not registered');
          if (h.owner !== signer) throw invalidSignature();
          this.domainLive('fio_address', handleName, 'FIO Address not registered', 0);
        }
        if (proxyAccount === actor) throw assertFailure('Cannot proxy to self');
        const { fee, spend } = this.bundledFee(endPoint, h, 1, 1, maxFee, signer);
        spend();
        const row = this.voterRow(actor);
        row.proxy = proxyAccount;
        row.producers = [];
        row.is_auto_proxy = 0;
        return { response: { status: 'OK', fee_collected: Number(fee) } };
      }
    }
    throw chainError('action_validate_exception', 3050005, `Unknown action ${name}`);
  }
}
