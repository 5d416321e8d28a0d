/**
 * A Solana JSON-RPC node backed by LiteSVM (the real SVM in-process, with the System, SPL Token, Token-2022 and
 * Associated Token Account programs): the methods the wallet's provider uses, answered in the shapes of
 * reference/apis/solana-jsonrpc.md. Transactions are decoded with @solana/kit and executed by the SVM, which checks
 * their signatures and every program rule; sendTransaction simulates first, as the RPC's preflight does, and what
 * the simulation refuses is answered as the node's preflight refusal (-32002 "Transaction simulation failed: …" with
 * `data.err`, -32003 for a bad signature) and costs nothing: nothing lands. Slots and blockhashes advance on the slot
 * interval; a blockhash is valid for 150 blocks and then answered with BlockhashNotFound, as the real network does.
 * The node keeps the history the RPC serves (signatures per address, transactions with pre/post balances and token
 * balances) and the compute-unit prices paid per slot (getRecentPrioritizationFees). getSignatureStatuses answers
 * `confirmed` with the blocks since, then `finalized` (confirmations null) once 32 slots lie on top, as agave does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  address as toAddress,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Transaction,
} from '@solana/kit';
import { LiteSVM, type FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import {
  isMintData,
  isTokenAccountData,
  parseMint,
  parseTokenAccount,
  programName,
  tokenAccountFields,
  uiTokenAmount,
} from './tokenLayout.js';
import { serve, type Served } from '@secux-companion/sim-kit';

/** A blockhash lives for 150 blocks (getLatestBlockhash's lastValidBlockHeight = height + 150). */
export const BLOCKHASH_VALID_BLOCKS = 150;
/** Path of the test-only control API (advance blocks). */
export const SOLANA_CONTROL_PREFIX = '/_localnet';
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_PER_SIGNATURE = 5000n;
const SLOTS_PER_EPOCH = 432_000n;

const TX_ERRORS =
  'AccountInUse,AccountLoadedTwice,AccountNotFound,ProgramAccountNotFound,InsufficientFundsForFee,InvalidAccountForFee,AlreadyProcessed,BlockhashNotFound,CallChainTooDeep,MissingSignatureForFee,InvalidAccountIndex,SignatureFailure,InvalidProgramForExecution,SanitizeFailure,ClusterMaintenance,AccountBorrowOutstanding,WouldExceedMaxBlockCostLimit,UnsupportedVersion,InvalidWritableAccount,WouldExceedMaxAccountCostLimit,WouldExceedAccountDataBlockLimit,TooManyAccountLocks,AddressLookupTableNotFound,InvalidAddressLookupTableOwner,InvalidAddressLookupTableData,InvalidAddressLookupTableIndex,InvalidRentPayingAccount,WouldExceedMaxVoteCostLimit,WouldExceedAccountDataTotalLimit,MaxLoadedAccountsDataSizeExceeded,ResanitizationNeeded,InvalidLoadedAccountsDataSizeLimit,UnbalancedTransaction,ProgramCacheHitMaxLimit,CommitCancelled'.split(
    ',',
  );
const IX_ERRORS =
  'GenericError,InvalidArgument,InvalidInstructionData,InvalidAccountData,AccountDataTooSmall,InsufficientFunds,IncorrectProgramId,MissingRequiredSignature,AccountAlreadyInitialized,UninitializedAccount,UnbalancedInstruction,ModifiedProgramId,ExternalAccountLamportSpend,ExternalAccountDataModified,ReadonlyLamportChange,ReadonlyDataModified,DuplicateAccountIndex,ExecutableModified,RentEpochModified,NotEnoughAccountKeys,AccountDataSizeChanged,AccountNotExecutable,AccountBorrowFailed,AccountBorrowOutstanding,DuplicateAccountOutOfSync,InvalidError,ExecutableDataModified,ExecutableLamportChange,ExecutableAccountNotRentExempt,UnsupportedProgramId,CallDepth,MissingAccount,ReentrancyNotAllowed,MaxSeedLengthExceeded,InvalidSeeds,InvalidRealloc,ComputationalBudgetExceeded,PrivilegeEscalation,ProgramEnvironmentSetupFailure,ProgramFailedToComplete,ProgramFailedToCompile,Immutable,IncorrectAuthority,AccountNotRentExempt,InvalidAccountOwner,ArithmeticOverflow,UnsupportedSysvar,IllegalOwner,MaxAccountsDataAllocationsExceeded,MaxAccountsExceeded,MaxInstructionTraceLengthExceeded,BuiltinProgramsMustConsumeComputeUnits,BorshIoError'.split(
    ',',
  );

/** The RPC's TransactionError JSON ('BlockhashNotFound', {"InstructionError":[0,{"Custom":1}]}, …). */
export function transactionErrorJson(failed: FailedTransactionMetadata): unknown {
  const e = failed.err() as unknown;
  if (typeof e === 'number') return TX_ERRORS[e] ?? `Error${e}`;
  const o = e as {
    index?: number;
    accountIndex?: number;
    err?: () => unknown;
    constructor?: { name?: string };
  };
  if (typeof o.err === 'function') {
    const inner = o.err() as unknown;
    const ie =
      typeof inner === 'number'
        ? (IX_ERRORS[inner] ?? `Error${inner}`)
        : typeof (inner as { code?: unknown }).code === 'number'
          ? { Custom: (inner as { code: number }).code }
          : { BorshIoError: String((inner as { msg?: unknown }).msg ?? '') };
    return { InstructionError: [o.index ?? 0, ie] };
  }
  if (typeof o.accountIndex === 'number')
    return { InsufficientFundsForRent: { account_index: o.accountIndex } };
  if (typeof o.index === 'number') return { DuplicateInstruction: o.index };
  return String(e);
}

/** Instruction errors as agave's InstructionError displays them (the rest by name). */
const IX_TEXT: Readonly<Record<string, string>> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
};
/** Transaction errors as agave's TransactionError displays them (the rest by name). */
const TX_TEXT: Readonly<Record<string, string>> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
};

/** The text of a TransactionError JSON, as the RPC puts it after "Transaction simulation failed: ". */
export function transactionErrorText(err: unknown): string {
  if (typeof err === 'string') return TX_TEXT[err] ?? err;
  const o = err as {
    InstructionError?: [number, unknown];
    InsufficientFundsForRent?: { account_index: number };
  };
  if (o.InstructionError) {
    const [i, e] = o.InstructionError;
    const custom = (e as { Custom?: unknown }).Custom;
    const text =
      typeof custom === 'number'
        ? `custom program error: 0x${custom.toString(16)}`
        : typeof e === 'string'
          ? (IX_TEXT[e] ?? e)
          : JSON.stringify(e);
    return `Error processing Instruction ${i}: ${text}`;
  }
  if (o.InsufficientFundsForRent)
    return `Transaction results in an account (${o.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  return JSON.stringify(err);
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface StoredTx {
  slot: number;
  blockTime: number;
  signature: string;
  /** The TransactionError of a transaction that landed failed (only with skipPreflight), else null. */
  err: unknown;
  record: unknown;
}

export interface SolanaSimulatorOptions {
  /** Slot (block) interval in ms; 0 = blocks advance only through the control API. Default 400. */
  slotMs?: number;
  /**
   * What getGenesisHash answers: the local ledger's own ({@link LOCAL_GENESIS_HASH}) by default;
   * {@link MAINNET_GENESIS_HASH} when it stands in for mainnet-beta (the server's mainnet profile checks it).
   */
  genesisHash?: string;
}

/** mainnet-beta's genesis hash (`getGenesisHash` on api.mainnet-beta.solana.com). */
export const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
/** The local ledger's genesis hash: base58 of sha256("secux-companion localnet solana genesis"), no real cluster's. */
export const LOCAL_GENESIS_HASH = 'GS9G31jDwWpC3maccYCP1JH1ZhhUMwh65PZRD8ZP6akx';

/** Slots on top of a transaction's before its slot is rooted (finalized): the tower's 32-vote lockout. */
export const FINALIZED_DEPTH = 32;

export class SolanaSimulator {
  readonly svm: LiteSVM;
  private slot = 1n;
  private height = 1;
  /** blockhash → last valid block height. */
  private readonly recent = new Map<string, number>();
  private latest: string;
  private readonly bySignature = new Map<string, StoredTx>();
  private readonly byAddress = new Map<string, string[]>();
  /** slot → per written account, the lowest compute-unit price of the slot's transactions writing it. */
  private readonly prices = new Map<number, Map<string, number>>();
  private served: Served | undefined;
  readonly slotMs: number;
  readonly genesisHash: string;

  constructor(o: SolanaSimulatorOptions = {}) {
    // The SVM verifies signatures; the blockhash age is checked here (the SVM only knows its latest blockhash,
    // the network accepts any of the last 150).
    this.svm = new LiteSVM().withSigverify(true).withBlockhashCheck(false).withTransactionHistory(0n);
    this.slotMs = o.slotMs ?? 400;
    this.genesisHash = o.genesisHash ?? LOCAL_GENESIS_HASH;
    this.latest = this.svm.latestBlockhash();
    this.recent.set(this.latest, this.height + BLOCKHASH_VALID_BLOCKS);
  }

  /** One block: a new slot and blockhash; blockhashes older than 150 blocks expire. */
  advance(blocks = 1): void {
    for (let i = 0; i < blocks; i++) {
      this.slot += 1n;
      this.height += 1;
      this.svm.warpToSlot(this.slot);
      this.svm.expireBlockhash();
      this.latest = this.svm.latestBlockhash();
      this.recent.set(this.latest, this.height + BLOCKHASH_VALID_BLOCKS);
    }
    for (const [h, last] of this.recent) if (last < this.height) this.recent.delete(h);
    for (const s of this.prices.keys()) if (s < Number(this.slot) - 150) this.prices.delete(s);
  }

  get blockHeight(): number {
    return this.height;
  }

  isBlockhashValid(blockhash: string): boolean {
    const last = this.recent.get(blockhash);
    return last !== undefined && last >= this.height;
  }

  private account(a: string) {
    const acc = this.svm.getAccount(toAddress(a));
    return acc.exists ? acc : null;
  }

  private decimalsOf(mint: string): number {
    const m = this.account(mint);
    return m ? (m.data[44] ?? 0) : 0;
  }

  /** getAccountInfo's value with jsonParsed: token mints and accounts parsed, anything else base64. */
  accountJson(a: string): Record<string, unknown> | null {
    const acc = this.account(a);
    if (!acc) return null;
    const data = new Uint8Array(acc.data);
    const owner = acc.programAddress;
    const base = {
      lamports: Number(acc.lamports),
      owner,
      executable: acc.executable,
      // u64::MAX as nodes send it (a JSON number beyond 2^53: readers ignore it, as the reference says)
      rentEpoch: 2 ** 64,
      space: data.length,
    };
    const parsed = isMintData(owner, data)
      ? parseMint(owner, data)
      : isTokenAccountData(owner, data)
        ? parseTokenAccount(owner, data, this.decimalsOf(tokenAccountFields(data).mint))
        : null;
    if (parsed)
      return { ...base, data: { program: parsed.program, parsed: parsed.parsed, space: data.length } };
    return { ...base, data: [Buffer.from(data).toString('base64'), 'base64'] };
  }

  private tokenBalances(keys: readonly string[]) {
    const out: unknown[] = [];
    keys.forEach((k, accountIndex) => {
      const acc = this.account(k);
      if (!acc) return;
      const data = new Uint8Array(acc.data);
      if (!isTokenAccountData(acc.programAddress, data)) return;
      const f = tokenAccountFields(data);
      out.push({
        accountIndex,
        mint: f.mint,
        owner: f.owner,
        programId: acc.programAddress,
        uiTokenAmount: uiTokenAmount(f.amount, this.decimalsOf(f.mint)),
      });
    });
    return out;
  }

  /** Base + priority fee of a message (what the runtime charges): 5000 per signature + ceil(limit × price / 1e6). */
  private feeOf(
    keys: readonly string[],
    signers: number,
    ixs: readonly { programAddressIndex: number; data?: ArrayLike<number> }[],
  ) {
    let price = 0n;
    let limit: bigint | undefined;
    let others = 0;
    for (const ix of ixs) {
      const d = new Uint8Array(ix.data ?? []);
      if (keys[ix.programAddressIndex] !== COMPUTE_BUDGET) {
        others++;
        continue;
      }
      const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
      if (d[0] === 2 && d.length >= 5) limit = BigInt(v.getUint32(1, true));
      if (d[0] === 3 && d.length >= 9) price = v.getBigUint64(1, true);
    }
    const units = limit ?? 200_000n * BigInt(Math.max(1, others));
    return {
      fee: LAMPORTS_PER_SIGNATURE * BigInt(signers) + (price * units + 999_999n) / 1_000_000n,
      price: Number(price),
    };
  }

  /**
   * sendTransaction: decode, then as the RPC does unless skipPreflight: verify the signatures and simulate on the
   * current state (blockhash age, already processed, every program rule); a refusal is -32002 "Transaction simulation
   * failed: …" (-32003 for a signature) and nothing lands, so nothing is charged. A transaction that passes is executed
   * and recorded. With skipPreflight the validator decides: a transaction it cannot take (bad signature, unknown
   * blockhash, already processed) is dropped, one that fails in a program lands failed and pays its fee; either way
   * the RPC answers the signature.
   */
  send(base64: string, skipPreflight = false): string {
    const bytes = getBase64Encoder().encode(base64);
    let tx: Transaction;
    let msg;
    try {
      tx = getTransactionDecoder().decode(bytes) as Transaction;
      msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    } catch {
      throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
    }
    if (!('instructions' in msg)) throw new RpcError(-32015, 'Transaction version (1) is not supported');
    const keys = msg.staticAccounts.map(String);
    const signature = getBase58Decoder().decode(Object.values(tx.signatures)[0] ?? new Uint8Array(64));
    const preflight = (err: unknown, logs: string[] = [], units = 0) =>
      new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(err)}`, {
        err,
        logs,
        accounts: null,
        unitsConsumed: units,
        returnData: null,
      });
    const refusal = (failed: FailedTransactionMetadata) => {
      const err = transactionErrorJson(failed);
      if (err === 'SignatureFailure')
        return new RpcError(-32003, 'Transaction signature verification failure');
      const meta = failed.meta();
      return preflight(err, meta.logs(), Number(meta.computeUnitsConsumed()));
    };
    const isFailed = (r: unknown): r is FailedTransactionMetadata =>
      typeof r === 'object' && r !== null && 'err' in r && typeof (r as { err: unknown }).err === 'function';
    if (!skipPreflight) {
      // agave's order: the signatures, then the simulation (blockhash, status cache, execution).
      const sim = this.svm.simulateTransaction(tx);
      if (isFailed(sim) && transactionErrorJson(sim) === 'SignatureFailure') throw refusal(sim);
      if (!this.isBlockhashValid(msg.lifetimeToken)) throw preflight('BlockhashNotFound');
      if (this.bySignature.has(signature)) throw preflight('AlreadyProcessed');
      if (isFailed(sim)) throw refusal(sim);
    } else if (!this.isBlockhashValid(msg.lifetimeToken) || this.bySignature.has(signature)) return signature;
    const preBalances = keys.map((k) => Number(this.account(k)?.lamports ?? 0n));
    const preTokenBalances = this.tokenBalances(keys);
    const res = this.svm.sendTransaction(tx);
    let failure: unknown = null;
    if (isFailed(res)) {
      // Only with skipPreflight (the simulation passed otherwise): the validator drops a bad signature, and a
      // transaction that fails before it can pay its fee; the rest lands failed, its fee paid.
      const err = transactionErrorJson(res);
      const paid = keys.map((k) => Number(this.account(k)?.lamports ?? 0n));
      if (!skipPreflight) throw refusal(res);
      if (err === 'SignatureFailure' || paid.every((b, i) => b === preBalances[i])) return signature;
      failure = err;
    }
    const meta = isFailed(res) ? res.meta() : (res as TransactionMetadata);
    const signers = msg.header.numSignerAccounts;
    const writableSigners = signers - msg.header.numReadonlySignerAccounts;
    const writableUnsigned = keys.length - signers - msg.header.numReadonlyNonSignerAccounts;
    const writable = (i: number) => (i < signers ? i < writableSigners : i - signers < writableUnsigned);
    const { fee, price } = this.feeOf(keys, signers, msg.instructions);
    const slot = Number(this.slot);
    const blockTime = Math.floor(Date.now() / 1000);
    const record = {
      slot,
      blockTime,
      version: 'legacy',
      meta: {
        err: failure,
        status: failure === null ? { Ok: null } : { Err: failure },
        fee: Number(fee),
        preBalances,
        postBalances: keys.map((k) => Number(this.account(k)?.lamports ?? 0n)),
        preTokenBalances,
        postTokenBalances: this.tokenBalances(keys),
        logMessages: meta.logs(),
        computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
        innerInstructions: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
      },
      transaction: {
        signatures: [signature],
        message: {
          accountKeys: keys.map((pubkey, i) => ({
            pubkey,
            signer: i < signers,
            writable: writable(i),
            source: 'transaction',
          })),
          recentBlockhash: msg.lifetimeToken,
          instructions: msg.instructions.map((ix) => ({
            programId: keys[ix.programAddressIndex],
            accounts: (ix.accountIndices ?? []).map((i) => keys[i]),
            data: getBase58Decoder().decode(ix.data ?? new Uint8Array()),
            stackHeight: null,
          })),
        },
      },
    };
    this.bySignature.set(signature, { slot, blockTime, signature, err: failure, record });
    for (const k of new Set(keys)) {
      const list = this.byAddress.get(k) ?? [];
      list.unshift(signature);
      this.byAddress.set(k, list);
    }
    const slotPrices = this.prices.get(slot) ?? new Map<string, number>();
    keys.forEach((k, i) => {
      if (writable(i)) slotPrices.set(k, Math.min(slotPrices.get(k) ?? Infinity, price));
    });
    this.prices.set(slot, slotPrices);
    return signature;
  }

  /** simulateTransaction (sigVerify false, replaceRecentBlockhash true: any blockhash runs). */
  simulate(base64: string, sigVerify: boolean): unknown {
    const bytes = getBase64Encoder().encode(base64);
    let tx: Transaction;
    try {
      tx = getTransactionDecoder().decode(bytes) as Transaction;
    } catch {
      throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
    }
    this.svm.withSigverify(sigVerify);
    try {
      const r = this.svm.simulateTransaction(tx);
      if ('err' in r && typeof (r as FailedTransactionMetadata).err === 'function') {
        const failed = r as FailedTransactionMetadata;
        const meta = failed.meta();
        return {
          err: transactionErrorJson(failed),
          logs: meta.logs(),
          accounts: null,
          unitsConsumed: Number(meta.computeUnitsConsumed()),
          returnData: null,
        };
      }
      const meta = (r as { meta(): TransactionMetadata }).meta();
      return {
        err: null,
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: null,
      };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Token accounts of an owner under one program (or of one mint). */
  tokenAccountsByOwner(owner: string, filter: { programId?: string; mint?: string }) {
    const programs = filter.programId ? [filter.programId] : [TOKEN_PROGRAMS[0], TOKEN_PROGRAMS[1]];
    const out: { pubkey: string; account: unknown }[] = [];
    for (const p of programs) {
      if (!programName(p)) throw new RpcError(-32602, 'Invalid param: unrecognized Token program id');
      for (const acc of this.svm.getProgramAccounts(toAddress(p))) {
        const data = new Uint8Array(acc.data);
        if (!isTokenAccountData(p, data)) continue;
        const f = tokenAccountFields(data);
        if (f.owner !== owner || (filter.mint && f.mint !== filter.mint)) continue;
        out.push({ pubkey: acc.address, account: this.accountJson(acc.address) });
      }
    }
    return out;
  }

  private ctx(value: unknown) {
    return { context: { slot: Number(this.slot), apiVersion: '2.2.0' }, value };
  }

  /** One JSON-RPC call. */
  handle(method: string, params: unknown[]): unknown {
    const str = (i: number) => {
      const v = params[i];
      if (typeof v !== 'string') throw new RpcError(-32602, `Invalid params: expected a string at ${i}`);
      return v;
    };
    const pubkey = (i: number): Address => {
      const v = str(i);
      try {
        if (getBase58Encoder().encode(v).length !== 32) throw new Error();
        return toAddress(v);
      } catch {
        throw new RpcError(-32602, 'Invalid param: Invalid');
      }
    };
    const cfg = (i: number) =>
      params[i] && typeof params[i] === 'object' ? (params[i] as Record<string, unknown>) : {};
    switch (method) {
      case 'getHealth':
        return 'ok';
      case 'getGenesisHash':
        return this.genesisHash;
      case 'getVersion':
        return { 'solana-core': '2.2.0 (LiteSVM)', 'feature-set': 0 };
      case 'getSlot':
        return Number(this.slot);
      case 'getBlockHeight':
        return this.height;
      case 'getEpochInfo':
        return {
          absoluteSlot: Number(this.slot),
          blockHeight: this.height,
          epoch: Number(this.slot / SLOTS_PER_EPOCH),
          slotIndex: Number(this.slot % SLOTS_PER_EPOCH),
          slotsInEpoch: Number(SLOTS_PER_EPOCH),
          transactionCount: this.bySignature.size,
        };
      case 'getBalance':
        return this.ctx(Number(this.account(pubkey(0))?.lamports ?? 0n));
      case 'getAccountInfo':
        return this.ctx(this.accountJson(pubkey(0)));
      case 'getMinimumBalanceForRentExemption': {
        const size = params[0];
        if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
          throw new RpcError(-32602, 'Invalid params');
        return Number(this.svm.minimumBalanceForRentExemption(BigInt(size)));
      }
      case 'getLatestBlockhash':
        return this.ctx({ blockhash: this.latest, lastValidBlockHeight: this.recent.get(this.latest)! });
      case 'isBlockhashValid':
        return this.ctx(this.isBlockhashValid(str(0)));
      case 'getRecentPrioritizationFees': {
        const accounts = Array.isArray(params[0]) ? (params[0] as string[]) : [];
        if (accounts.length > 128) throw new RpcError(-32602, 'Too many inputs provided; max 128');
        return [...this.prices.entries()]
          .sort((a, b) => a[0] - b[0])
          .map(([slot, m]) => {
            const hits = accounts.length
              ? accounts.flatMap((a) => (m.has(a) ? [m.get(a)!] : []))
              : [...m.values()];
            return { slot, prioritizationFee: hits.length ? Math.max(...hits) : 0 };
          });
      }
      case 'getTokenAccountsByOwner': {
        const owner = pubkey(0);
        const f = cfg(1);
        return this.ctx(
          this.tokenAccountsByOwner(owner, {
            ...(typeof f.programId === 'string' ? { programId: f.programId } : {}),
            ...(typeof f.mint === 'string' ? { mint: f.mint } : {}),
          }),
        );
      }
      case 'getSignaturesForAddress': {
        const a = pubkey(0);
        const c = cfg(1);
        const limit = Math.min(1000, typeof c.limit === 'number' ? c.limit : 1000);
        let list = this.byAddress.get(a) ?? [];
        if (typeof c.before === 'string') {
          const i = list.indexOf(c.before);
          list = i >= 0 ? list.slice(i + 1) : [];
        }
        return list.slice(0, limit).map((s) => {
          const t = this.bySignature.get(s)!;
          return {
            signature: s,
            slot: t.slot,
            err: t.err,
            memo: null,
            blockTime: t.blockTime,
            confirmationStatus: 'confirmed',
          };
        });
      }
      case 'getTransaction':
        return this.bySignature.get(str(0))?.record ?? null;
      case 'getSignatureStatuses': {
        const sigs = Array.isArray(params[0]) ? (params[0] as string[]) : [];
        return this.ctx(
          sigs.map((s) => {
            const t = this.bySignature.get(s);
            if (!t) return null;
            // agave: `confirmations` counts the blocks voted on top of the transaction's, null once its slot is rooted
            // (finalized: 32 slots of lockout, about 12.8 s); below that the cluster has only confirmed it.
            const depth = Number(this.slot) - t.slot;
            const rooted = depth >= FINALIZED_DEPTH;
            return {
              slot: t.slot,
              confirmations: rooted ? null : depth,
              err: t.err,
              status: t.err === null ? { Ok: null } : { Err: t.err },
              confirmationStatus: rooted ? 'finalized' : 'confirmed',
            };
          }),
        );
      }
      case 'simulateTransaction': {
        const c = cfg(1);
        if (c.encoding !== 'base64') throw new RpcError(-32602, 'only base64 encoding is supported here');
        return this.ctx(this.simulate(str(0), c.sigVerify === true));
      }
      case 'sendTransaction': {
        const c = cfg(1);
        if (c.encoding !== 'base64') throw new RpcError(-32602, 'only base64 encoding is supported here');
        return this.send(str(0), c.skipPreflight === true);
      }
      default:
        throw new RpcError(-32601, 'Method not found');
    }
  }

  private onRequest(req: IncomingMessage, body: string, res: ServerResponse): void {
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith(SOLANA_CONTROL_PREFIX)) {
      // Test-only control: POST /_localnet/advance {"blocks": n}.
      const n = Math.min(
        10_000,
        Math.max(1, Number((JSON.parse(body || '{}') as { blocks?: unknown }).blocks ?? 1)),
      );
      this.advance(n);
      res.end(JSON.stringify({ slot: Number(this.slot), blockHeight: this.height }));
      return;
    }
    let id: unknown = null;
    let call: { id?: unknown; method?: unknown; params?: unknown };
    try {
      call = JSON.parse(body) as typeof call;
    } catch {
      // jsonrpc-core's answer to a body that is not JSON
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }));
      return;
    }
    try {
      id = call.id ?? null;
      if (typeof call.method !== 'string') throw new RpcError(-32600, 'Invalid request');
      const result = this.handle(call.method, Array.isArray(call.params) ? call.params : []);
      res.end(JSON.stringify({ jsonrpc: '2.0', result, id }));
    } catch (e) {
      const err =
        e instanceof RpcError ? e : new RpcError(-32603, e instanceof Error ? e.message : 'Internal error');
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          error: {
            code: err.code,
            message: err.message,
            ...(err.data !== undefined ? { data: err.data } : {}),
          },
          id,
        }),
      );
    }
  }

  /** Listens as one node per port, all of the same ledger (the provider's two nodes); returns their URLs. */
  async start(ports: readonly number[], host = '127.0.0.1'): Promise<string[]> {
    this.served = await serve({
      ports,
      host,
      maxBodyBytes: 1_000_000,
      tick: { ms: this.slotMs, run: () => this.advance(1) },
      handle: (req, body, res) => this.onRequest(req, body, res),
    });
    return this.served.urls;
  }

  async stop(): Promise<void> {
    await this.served?.stop();
    this.served = undefined;
  }
}

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const;
