/**
 * simulateTransaction as agave answers it: sigVerify and replaceRecentBlockhash false by default; without the
 * replacement an unknown blockhash is BlockhashNotFound, with it any blockhash runs (the latest is reported as
 * `replacementBlockhash`); both together are refused. With
 * `accounts: {addresses, encoding}` the state of each address after the simulation comes back in order (null when
 * it would not exist), jsonParsed token accounts and mints parsed, at most as many addresses as the transaction
 * has keys. getFeeForMessage prices a message as the runtime charges it.
 */
import {
  address as toAddress,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit';
import type { TransactionMetadata } from 'litesvm';
import { encodedAccountJson } from './accounts.js';
import { RpcError, isFailed, transactionErrorJson } from './errors.js';
import { feeOf } from './fees.js';
import type { SolanaLedger } from './ledger.js';

/** The `accounts` config: the addresses whose post-simulation state is returned. */
function accountsConfig(v: unknown, keyCount: number): string[] | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object') throw new RpcError(-32602, 'Invalid params: accounts');
  const { addresses, encoding } = v as { addresses?: unknown; encoding?: unknown };
  if (encoding === 'base58' || encoding === 'binary')
    throw new RpcError(-32602, 'base58 encoding not supported');
  if (!Array.isArray(addresses) || addresses.some((a) => typeof a !== 'string'))
    throw new RpcError(-32602, 'Invalid params: accounts.addresses');
  if (addresses.length > keyCount) throw new RpcError(-32602, `Too many accounts provided; max ${keyCount}`);
  return addresses.map((a: string) => {
    try {
      return toAddress(a);
    } catch {
      throw new RpcError(-32602, `Invalid pubkey: ${a}`);
    }
  });
}

export function simulate(l: SolanaLedger, base64: string, cfg: Record<string, unknown> = {}): unknown {
  const bytes = getBase64Encoder().encode(base64);
  let tx: Transaction;
  let keyCount = 0;
  let lifetime = '';
  try {
    tx = getTransactionDecoder().decode(bytes) as Transaction;
    const msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    keyCount = msg.staticAccounts.length;
    lifetime = msg.lifetimeToken;
  } catch {
    throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
  }
  const sigVerify = cfg.sigVerify === true;
  const replace = cfg.replaceRecentBlockhash === true;
  if (sigVerify && replace)
    throw new RpcError(-32602, 'sigVerify may not be used with replaceRecentBlockhash');
  const addresses = accountsConfig(cfg.accounts, keyCount);
  // agave checks the blockhash before running (the SVM here does not): a refusal with no account states
  if (!replace && !l.isBlockhashValid(lifetime))
    return {
      err: 'BlockhashNotFound',
      logs: [],
      accounts: addresses ? addresses.map(() => null) : null,
      unitsConsumed: 0,
      returnData: null,
    };
  const replacement = replace
    ? { replacementBlockhash: { blockhash: l.latest, lastValidBlockHeight: l.recent.get(l.latest)! } }
    : {};
  l.svm.withSigverify(sigVerify);
  try {
    const r = l.svm.simulateTransaction(tx);
    if (isFailed(r)) {
      const meta = r.meta();
      return {
        err: transactionErrorJson(r),
        logs: meta.logs(),
        // agave: a failed simulation returns no account states
        accounts: addresses ? addresses.map(() => null) : null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: null,
        ...replacement,
      };
    }
    const post = new Map(r.postAccounts().map((a) => [String(a.address), a]));
    const meta = (r as { meta(): TransactionMetadata }).meta();
    return {
      err: null,
      logs: meta.logs(),
      accounts: addresses ? addresses.map((a) => encodedAccountJson(l, post.get(a) ?? l.account(a))) : null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: null,
      ...replacement,
    };
  } finally {
    l.svm.withSigverify(true);
  }
}

/** getFeeForMessage: the fee of a base64 message (5000 per signature + the priority fee); null for an unknown blockhash. */
export function feeForMessage(l: SolanaLedger, base64: string): number | null {
  let msg;
  try {
    msg = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(base64));
  } catch {
    throw new RpcError(-32602, 'invalid message: failed to deserialize');
  }
  if (!('instructions' in msg)) throw new RpcError(-32602, 'invalid message: unsupported version');
  if (!l.isBlockhashValid(msg.lifetimeToken)) return null;
  const keys = msg.staticAccounts.map(String);
  return Number(feeOf(keys, msg.header.numSignerAccounts, msg.instructions).fee);
}
