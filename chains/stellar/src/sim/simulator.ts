/**
 * A small Stellar Horizon simulator for the local profile: an HTTP server that speaks the Horizon REST API the product
 * API's Horizon provider uses (GET /, /accounts/{id}, /accounts/{id}/payments, /accounts/{id}/transactions,
 * /ledgers, /fee_stats, /transactions/{hash}; POST /transactions form-encoded `tx`) and keeps real state: balances,
 * sequence numbers, subentries and data entries, ledgers that close on a timer (or on `closeLedger()`), and each
 * account's payments with their transactions.
 *
 * Every submitted envelope is decoded with @stellar/stellar-sdk on this network's passphrase, and its signature is
 * VERIFIED against the source account's key over the transaction hash. What stellar-core would refuse gets Horizon's
 * answer (400 problem+json `transaction_failed` with `extras.result_codes`): tx_insufficient_fee, tx_no_source_account,
 * tx_bad_seq, tx_bad_auth, tx_bad_auth_extra, tx_too_late, tx_insufficient_balance, and per operation op_no_destination, op_underfunded,
 * op_low_reserve, op_already_exists, op_no_trust, op_malformed, op_not_supported. As on the ledger, a transaction that
 * fails in an operation (tx_failed) still pays its fee and uses its sequence number; the same envelope submitted again
 * gets the stored result (the record if it succeeded, the same 400 `transaction_failed` if it failed) and is not
 * applied twice. An undecodable envelope is 400 `transaction_malformed`.
 */
import type { ServerResponse } from 'node:http';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  Keypair,
  Networks,
  StrKey,
  TransactionBuilder,
  extractBaseAddress,
  type Transaction,
} from '@stellar/stellar-sdk';
import { serve, type Served } from '@secux-companion/sim-kit';

export const STELLAR_LOCAL_PASSPHRASE = Networks.STANDALONE;
/** 1 XLM in stroops. */
const XLM = 10_000_000n;
const INT64_MAX = 2n ** 63n - 1n;

export interface StellarSimAccount {
  balance: bigint;
  sequence: bigint;
  subentries: number;
  /** Data entries, values base64 (as Horizon shows them). */
  data: Record<string, string>;
  /** Trust lines (issued assets the account holds; one subentry each). */
  trustlines?: StellarTrustline[];
}

/** A trust line: an issued asset (code and issuer), the balance and limit held (stroops). */
export interface StellarTrustline {
  code: string;
  issuer: string;
  balance: bigint;
  /** Default: int64 max (a trust line without a limit). */
  limit?: bigint;
}

export interface StellarGenesisAccount {
  address: string;
  balance: bigint;
  /** SEP-29: a data entry config.memo_required = "1" (one subentry). */
  memoRequired?: boolean;
  /** Trust lines it holds (one subentry each); payments in them are not simulated (op_no_trust). */
  trustlines?: StellarTrustline[];
}

export interface HorizonSimulatorOptions {
  accounts: readonly StellarGenesisAccount[];
  /** Ledger close interval (ms); 0 = only on closeLedger(). */
  closeIntervalMs?: number;
  networkPassphrase?: string;
  /** Stroops per operation (default 100) and base reserve (default 0.5 XLM, today's value on the public network). */
  baseFee?: bigint;
  baseReserve?: bigint;
  startLedger?: number;
}

type Json = Record<string, unknown>;

interface TxRecord {
  id: string;
  paging_token: string;
  successful: boolean;
  hash: string;
  ledger: number;
  created_at: string;
  source_account: string;
  source_account_sequence: string;
  fee_account: string;
  fee_charged: string;
  max_fee: string;
  operation_count: number;
  envelope_xdr: string;
  memo_type: string;
  memo?: string;
  signatures: string[];
}

const problem = (type: string, title: string, status: number, detail: string, extras?: Json) => ({
  type: `https://stellar.org/horizon-errors/${type}`,
  title,
  status,
  detail,
  ...(extras ? { extras } : {}),
});
const NOT_FOUND = problem(
  'not_found',
  'Resource Missing',
  404,
  'The resource at the url requested was not found.  This usually occurs for one of two reasons:  The url requested is not valid, or no data in our database could be found with the parameters provided.',
);

/** Stroops → Horizon's amount ("12.5000000"). */
export function amount7(v: bigint): string {
  const s = v.toString().padStart(8, '0');
  return `${s.slice(0, -7)}.${s.slice(-7)}`;
}
/** "12.5" / "12.5000000" → stroops. */
function stroops(v: string): bigint {
  const [i = '0', f = ''] = v.split('.');
  return BigInt(i) * XLM + BigInt(f.padEnd(7, '0').slice(0, 7));
}

class Refusal {
  constructor(
    readonly transaction: string,
    readonly operations?: string[],
  ) {}
}

export class HorizonSimulator {
  readonly accounts = new Map<string, StellarSimAccount>();
  readonly networkPassphrase: string;
  readonly baseFee: bigint;
  readonly baseReserve: bigint;
  /** The last closed ledger; transactions land in the next one. */
  ledger: number;
  /** Each account's payment records (oldest first), with their transaction. */
  private readonly payments = new Map<string, Json[]>();
  private readonly transactions = new Map<string, TxRecord>();
  /** The result codes of each transaction that failed in a ledger (fee paid, sequence used), by hash. */
  private readonly failures = new Map<string, Refusal>();
  private readonly txByAccount = new Map<string, TxRecord[]>();
  private opCounter = 0;
  private served: Served | undefined;

  constructor(private readonly o: HorizonSimulatorOptions) {
    this.networkPassphrase = o.networkPassphrase ?? STELLAR_LOCAL_PASSPHRASE;
    this.baseFee = o.baseFee ?? 100n;
    this.baseReserve = o.baseReserve ?? 5_000_000n;
    this.ledger = o.startLedger ?? 2;
    for (const a of o.accounts) {
      const data: Record<string, string> = a.memoRequired
        ? { 'config.memo_required': Buffer.from('1').toString('base64') }
        : {};
      this.accounts.set(a.address, {
        balance: a.balance,
        // A created account's sequence is its creation ledger << 32 (stellar-core).
        sequence: BigInt(this.ledger) << 32n,
        subentries: Object.keys(data).length + (a.trustlines?.length ?? 0),
        data,
        ...(a.trustlines ? { trustlines: a.trustlines } : {}),
      });
    }
  }

  closeLedger(): void {
    this.ledger += 1;
  }

  /** Minimum balance of an account: (2 + subentries) × base reserve. */
  minimumBalance(a: StellarSimAccount): bigint {
    return (2n + BigInt(a.subentries)) * this.baseReserve;
  }

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.served = await serve({
      ports: [port],
      host,
      tick: { ms: this.o.closeIntervalMs ?? 0, run: () => this.closeLedger() },
      handle: (req, body, res) => {
        try {
          const { status, json } = this.handle(req.method ?? 'GET', req.url ?? '/', body);
          send(res, status, json);
        } catch {
          send(
            res,
            500,
            problem(
              'server_error',
              'Internal Server Error',
              500,
              'An error occurred while processing this request.',
            ),
          );
        }
      },
    });
    return this.served.urls[0]!;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
  }

  /** One HTTP request: status and JSON body. */
  handle(method: string, rawUrl: string, body: string): { status: number; json: unknown } {
    const url = new URL(rawUrl, 'http://horizon.local');
    const p = url.pathname.replace(/\/+$/, '') || '/';
    if (method === 'POST' && p === '/transactions') return this.submit(body);
    if (method !== 'GET')
      return { status: 405, json: problem('method_not_allowed', 'Method Not Allowed', 405, '') };
    if (p === '/')
      return {
        status: 200,
        json: {
          horizon_version: 'localnet-simulator',
          core_version: 'localnet-simulator',
          history_latest_ledger: this.ledger,
          core_latest_ledger: this.ledger,
          network_passphrase: this.networkPassphrase,
          current_protocol_version: 23,
        },
      };
    if (p === '/ledgers') return { status: 200, json: page([this.ledgerRecord()]) };
    if (p === '/fee_stats') {
      const f = this.baseFee.toString();
      const dist = Object.fromEntries(
        [
          'max',
          'min',
          'mode',
          'p10',
          'p20',
          'p30',
          'p40',
          'p50',
          'p60',
          'p70',
          'p80',
          'p90',
          'p95',
          'p99',
        ].map((k) => [k, f]),
      );
      return {
        status: 200,
        json: {
          last_ledger: String(this.ledger),
          last_ledger_base_fee: f,
          ledger_capacity_usage: '0.01',
          fee_charged: dist,
          max_fee: dist,
        },
      };
    }
    const tx = /^\/transactions\/([0-9a-f]{64})$/i.exec(p);
    if (tx) {
      const r = this.transactions.get(tx[1]!.toLowerCase());
      return r ? { status: 200, json: r } : { status: 404, json: NOT_FOUND };
    }
    const m = /^\/accounts\/([A-Z0-9]{56})(?:\/(payments|transactions))?$/.exec(p);
    if (!m) return { status: 404, json: NOT_FOUND };
    const id = m[1]!;
    if (!StrKey.isValidEd25519PublicKey(id))
      return {
        status: 400,
        json: problem('bad_request', 'Bad Request', 400, 'The request you sent was invalid in some way.', {
          invalid_field: 'account_id',
          reason: 'Account ID must start with `G` and contain 56 alphanum characters',
        }),
      };
    const account = this.accounts.get(id);
    if (!m[2])
      return account
        ? { status: 200, json: this.accountRecord(id, account) }
        : { status: 404, json: NOT_FOUND };
    const limitText = url.searchParams.get('limit') ?? '10';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 200)
      return {
        status: 400,
        json: problem('bad_request', 'Bad Request', 400, 'The request you sent was invalid in some way.', {
          invalid_field: 'limit',
          reason: 'The limit must be between 1 and 200',
        }),
      };
    const desc = url.searchParams.get('order') === 'desc';
    const cursor = url.searchParams.get('cursor');
    const all =
      m[2] === 'payments'
        ? (this.payments.get(id) ?? []).map((r) =>
            url.searchParams.get('join') === 'transactions'
              ? { ...r, transaction: this.transactions.get(String(r.transaction_hash)) }
              : r,
          )
        : ((this.txByAccount.get(id) ?? []) as unknown as Json[]);
    const ordered = desc ? [...all].reverse() : all;
    const token = (r: Json) => BigInt(String(r.paging_token));
    const after = cursor && /^\d+$/.test(cursor) ? BigInt(cursor) : undefined;
    const from =
      after === undefined ? ordered : ordered.filter((r) => (desc ? token(r) < after : token(r) > after));
    return { status: 200, json: page(from.slice(0, limit)) };
  }

  private ledgerRecord(): Json {
    return {
      id: this.ledger.toString(16).padStart(64, '0'),
      paging_token: String(BigInt(this.ledger) << 32n),
      hash: this.ledger.toString(16).padStart(64, '0'),
      sequence: this.ledger,
      successful_transaction_count: 0,
      failed_transaction_count: 0,
      operation_count: 0,
      closed_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      total_coins: '105443902087.3472865',
      fee_pool: '0.0000000',
      base_fee_in_stroops: Number(this.baseFee),
      base_reserve_in_stroops: Number(this.baseReserve),
      max_tx_set_size: 1000,
      protocol_version: 23,
    };
  }

  private accountRecord(id: string, a: StellarSimAccount): Json {
    return {
      id,
      account_id: id,
      sequence: a.sequence.toString(),
      sequence_ledger: this.ledger,
      subentry_count: a.subentries,
      last_modified_ledger: this.ledger,
      num_sponsoring: 0,
      num_sponsored: 0,
      thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
      flags: {
        auth_required: false,
        auth_revocable: false,
        auth_immutable: false,
        auth_clawback_enabled: false,
      },
      // Horizon lists the trust lines first, the native balance last.
      balances: [
        ...(a.trustlines ?? []).map((t) => ({
          balance: amount7(t.balance),
          limit: amount7(t.limit ?? INT64_MAX),
          buying_liabilities: '0.0000000',
          selling_liabilities: '0.0000000',
          last_modified_ledger: this.ledger,
          is_authorized: true,
          is_authorized_to_maintain_liabilities: true,
          asset_type: t.code.length <= 4 ? 'credit_alphanum4' : 'credit_alphanum12',
          asset_code: t.code,
          asset_issuer: t.issuer,
        })),
        {
          balance: amount7(a.balance),
          buying_liabilities: '0.0000000',
          selling_liabilities: '0.0000000',
          asset_type: 'native',
        },
      ],
      signers: [{ weight: 1, key: id, type: 'ed25519_public_key' }],
      data: a.data,
      paging_token: id,
    };
  }

  private refuse(env: string, r: Refusal): { status: number; json: unknown } {
    return {
      status: 400,
      json: problem(
        'transaction_failed',
        'Transaction Failed',
        400,
        'The transaction failed when submitted to the stellar network. The `extras.result_codes` field on this response contains further details.  Descriptions of each code can be found at: https://developers.stellar.org/docs/data/apis/horizon/api-reference/errors/result-codes/transactions',
        {
          envelope_xdr: env,
          result_codes: { transaction: r.transaction, ...(r.operations ? { operations: r.operations } : {}) },
        },
      ),
    };
  }

  /** POST /transactions: decode, check, verify the signature, apply. */
  private submit(body: string): { status: number; json: unknown } {
    const env = new URLSearchParams(body).get('tx') ?? '';
    let tx: Transaction;
    try {
      const decoded = TransactionBuilder.fromXDR(env, this.networkPassphrase);
      if (!('operations' in decoded) || 'innerTransaction' in decoded) throw new Error('fee bump');
      tx = decoded;
    } catch {
      return {
        status: 400,
        json: problem(
          'transaction_malformed',
          'Transaction Malformed',
          400,
          'Horizon could not decode the transaction envelope in this request. A transaction should be an XDR TransactionEnvelope struct encoded using base64.',
          { envelope_xdr: env },
        ),
      };
    }
    const hash = Buffer.from(tx.hash()).toString('hex');
    const done = this.transactions.get(hash);
    // The same signed envelope can be resubmitted: Horizon answers the original result from its history — the record
    // for a successful transaction, and for a failed one the same 400 transaction_failed as the first submission
    // (txsub's txResultFromHistory: an unsuccessful result is a FailedTransactionError). Nothing is charged again.
    if (done) {
      const failure = this.failures.get(hash);
      return failure ? this.refuse(env, failure) : { status: 200, json: done };
    }
    const source = extractBaseAddress(tx.source);
    const ops = tx.operations.length;
    const fee = BigInt(tx.fee);
    // stellar-core's checkValid, in its order: commonValidPreSeqNum (operations, time bounds, fee, source account),
    // then the sequence, the source's signature, the balance for the fee, each operation's checks (its source's
    // signature), and last every signature used (txBAD_AUTH_EXTRA). None of these refusals takes a fee or a sequence.
    if (ops === 0) return this.refuse(env, new Refusal('tx_missing_operation'));
    const now = Math.floor(Date.now() / 1000);
    if (now < Number(tx.timeBounds?.minTime ?? 0)) return this.refuse(env, new Refusal('tx_too_early'));
    const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
    if (maxTime !== 0 && now > maxTime) return this.refuse(env, new Refusal('tx_too_late'));
    if (fee < this.baseFee * BigInt(ops)) return this.refuse(env, new Refusal('tx_insufficient_fee'));
    const account = this.accounts.get(source);
    if (!account) return this.refuse(env, new Refusal('tx_no_source_account'));
    if (BigInt(tx.sequence) !== account.sequence + 1n) return this.refuse(env, new Refusal('tx_bad_seq'));
    if (!this.signedBy(tx, source)) return this.refuse(env, new Refusal('tx_bad_auth'));
    if (account.balance - this.minimumBalance(account) < fee)
      return this.refuse(env, new Refusal('tx_insufficient_balance'));
    // An operation with its own source account needs that account's signature too (tx_failed with op_bad_auth /
    // op_no_source_account).
    const opAuth = tx.operations.map((op) => {
      const from = op.source ? extractBaseAddress(op.source) : source;
      if (from === source) return 'op_success';
      if (!this.accounts.has(from)) return 'op_no_source_account';
      return this.signedBy(tx, from) ? 'op_success' : 'op_bad_auth';
    });
    if (opAuth.some((c) => c !== 'op_success')) return this.refuse(env, new Refusal('tx_failed', opAuth));
    const signers = new Set([source, ...tx.operations.map((op) => extractBaseAddress(op.source ?? source))]);
    if (!tx.signatures.every((s) => [...signers].some((a) => verifies(tx, s, a))))
      return this.refuse(env, new Refusal('tx_bad_auth_extra'));
    // Valid: the fee is paid and the sequence used, whatever the operations do.
    account.balance -= fee;
    account.sequence += 1n;
    const results = this.applyOperations(tx, source);
    const ledger = this.ledger + 1;
    const record: TxRecord = {
      id: hash,
      paging_token: String((BigInt(ledger) << 32n) + BigInt(++this.opCounter) * 4096n),
      successful: results.ok,
      hash,
      ledger,
      created_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      source_account: source,
      source_account_sequence: tx.sequence,
      fee_account: source,
      fee_charged: fee.toString(),
      max_fee: fee.toString(),
      operation_count: ops,
      envelope_xdr: env,
      ...memoOf(tx),
      signatures: tx.signatures.map((s) => Buffer.from(decorated(s).signature).toString('base64')),
    };
    this.transactions.set(hash, record);
    this.txByAccount.set(source, [...(this.txByAccount.get(source) ?? []), record]);
    if (!results.ok) {
      const failure = new Refusal('tx_failed', results.codes);
      this.failures.set(hash, failure);
      return this.refuse(env, failure);
    }
    for (const p of results.records) {
      const rec: Json = {
        id: String(++this.opCounter),
        paging_token: '',
        transaction_successful: true,
        source_account: source,
        created_at: record.created_at,
        transaction_hash: hash,
        ...p,
      };
      rec.paging_token = String((BigInt(ledger) << 32n) + BigInt(this.opCounter));
      rec.id = rec.paging_token;
      const parties = [String(p.from ?? p.funder), String(p.to ?? p.account)];
      for (const who of new Set(parties)) this.payments.set(who, [...(this.payments.get(who) ?? []), rec]);
      const dest = parties[1]!;
      if (dest !== source) this.txByAccount.set(dest, [...(this.txByAccount.get(dest) ?? []), record]);
    }
    return { status: 200, json: record };
  }

  /** A signature of the account's key over the transaction hash (hint and ed25519 verification). */
  private signedBy(tx: Transaction, account: string): boolean {
    return tx.signatures.some((s) => verifies(tx, s, account));
  }

  /**
   * Applies the operations on a copy of the balances: all succeed or none (tx_failed with one code per operation).
   * Supported: native payment, createAccount; anything else is op_not_supported.
   */
  private applyOperations(
    tx: Transaction,
    source: string,
  ): { ok: true; records: Json[] } | { ok: false; codes: string[] } {
    const balances = new Map<string, bigint>();
    const created = new Map<string, bigint>();
    const bal = (a: string) => balances.get(a) ?? this.accounts.get(a)?.balance ?? created.get(a) ?? 0n;
    const exists = (a: string) => this.accounts.has(a) || created.has(a);
    const codes: string[] = [];
    const records: Json[] = [];
    let failed = false;
    for (const op of tx.operations) {
      const from = extractBaseAddress(op.source ?? source);
      const fromAccount = this.accounts.get(from);
      const min = fromAccount ? this.minimumBalance(fromAccount) : 2n * this.baseReserve;
      let code = 'op_success';
      if (op.type === 'payment') {
        const to = extractBaseAddress(op.destination);
        const amount = stroops(op.amount);
        if (!op.asset.isNative()) code = 'op_no_trust';
        else if (amount <= 0n) code = 'op_malformed';
        else if (!exists(to)) code = 'op_no_destination';
        else if (bal(from) - amount < min) code = 'op_underfunded';
        else if (bal(to) + amount > INT64_MAX) code = 'op_line_full';
        else {
          balances.set(from, bal(from) - amount);
          balances.set(to, bal(to) + amount);
          records.push({
            type: 'payment',
            type_i: 1,
            asset_type: 'native',
            from,
            to,
            amount: amount7(amount),
          });
        }
      } else if (op.type === 'createAccount') {
        const to = op.destination;
        const amount = stroops(op.startingBalance);
        if (amount <= 0n || to === from) code = 'op_malformed';
        else if (exists(to)) code = 'op_already_exists';
        else if (amount < 2n * this.baseReserve) code = 'op_low_reserve';
        else if (bal(from) - amount < min) code = 'op_underfunded';
        else {
          balances.set(from, bal(from) - amount);
          created.set(to, amount);
          records.push({
            type: 'create_account',
            type_i: 0,
            starting_balance: amount7(amount),
            funder: from,
            account: to,
          });
        }
      } else code = 'op_not_supported';
      if (code !== 'op_success') failed = true;
      codes.push(code);
    }
    if (failed) return { ok: false, codes };
    for (const [a, b] of balances) {
      const acc = this.accounts.get(a);
      if (acc) acc.balance = b;
    }
    for (const [a, b] of created) {
      const final = balances.get(a) ?? b;
      this.accounts.set(a, {
        balance: final,
        sequence: BigInt(this.ledger + 1) << 32n,
        subentries: 0,
        data: {},
      });
    }
    return { ok: true, records };
  }
}

function memoOf(tx: Transaction): { memo_type: string; memo?: string } {
  const m = tx.memo;
  switch (m.type) {
    case 'text':
      return {
        memo_type: 'text',
        memo: m.value instanceof Uint8Array ? Buffer.from(m.value).toString('utf8') : String(m.value),
      };
    case 'id':
      return { memo_type: 'id', memo: String(m.value) };
    case 'hash':
    case 'return':
      return { memo_type: m.type, memo: Buffer.from(m.value as Uint8Array).toString('base64') };
    default:
      return { memo_type: 'none' };
  }
}

/** One decorated signature is the account's key's over the transaction hash (hint and ed25519 verification). */
function verifies(tx: Transaction, s: unknown, account: string): boolean {
  const key = Keypair.fromPublicKey(account);
  const { hint, signature } = decorated(s);
  return Buffer.from(hint).equals(key.signatureHint()) && key.verify(tx.hash(), Buffer.from(signature));
}

/** A DecoratedSignature's hint and signature, read from its XDR (the object's accessors differ between SDK versions). */
function decorated(d: unknown): { hint: Uint8Array; signature: Uint8Array } {
  const bytes = Buffer.from((d as { toXDR(): Uint8Array }).toXDR());
  const length = bytes.readUInt32BE(4);
  return { hint: bytes.subarray(0, 4), signature: bytes.subarray(8, 8 + length) };
}

function page(records: unknown[]): Json {
  return { _links: { self: { href: '' }, next: { href: '' }, prev: { href: '' } }, _embedded: { records } };
}

function send(res: ServerResponse, status: number, json: unknown): void {
  res
    .writeHead(status, {
      'content-type':
        status >= 400 ? 'application/problem+json; charset=utf-8' : 'application/hal+json; charset=utf-8',
    })
    .end(JSON.stringify(json));
}

/** SLIP-0010 ed25519 key at a hardened path (SEP-0005: m/44'/148'/{account}'), as the device derives it. */
export function stellarKeypairOf(mnemonic: string, account: number): Keypair {
  const seed = mnemonicToSeedSync(mnemonic.trim().split(/\s+/).join(' '));
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of [44, 148, account]) {
    const data = new Uint8Array(37);
    data.set(I.slice(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0);
    I = hmac(sha512, I.slice(32), data);
  }
  return Keypair.fromRawEd25519Seed(Buffer.from(I.slice(0, 32)));
}

/** The Stellar address of the emulator's key at m/44'/148'/{account}'. */
export function stellarAddressOf(mnemonic: string, account: number): string {
  return stellarKeypairOf(mnemonic, account).publicKey();
}

/** Index of the funded recipient that declares memo_required (never discovered: far past the sync rule's stop). */
export const STELLAR_MEMO_REQUIRED_ACCOUNT = 100;

/**
 * The simulator's genesis: the emulator's first two XLM accounts with 10,000 XLM each, and a recipient that requires a
 * memo (SEP-29 config.memo_required) with 100 XLM.
 */
export function stellarGenesis(mnemonic: string): StellarGenesisAccount[] {
  return [
    { address: stellarAddressOf(mnemonic, 0), balance: 10_000n * XLM },
    { address: stellarAddressOf(mnemonic, 1), balance: 10_000n * XLM },
    {
      address: stellarAddressOf(mnemonic, STELLAR_MEMO_REQUIRED_ACCOUNT),
      balance: 100n * XLM,
      memoRequired: true,
    },
  ];
}
