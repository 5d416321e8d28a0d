/**
 * FIO transactions with fiojs (spec 03 §7, reference/apis/fio.md "push_transaction"): action data serialized with the
 * contract's ABI (read from the node's get_raw_abi), TAPOS from a recent block, the technology provider id and
 * max_fee on every action, and the bytes the device signs: chain id ‖ packed transaction ‖ 32 zero bytes. The device
 * (packages/device signFio) signs their SHA-256 digest — SecuX's FIO signing shows only that digest, not the action.
 */
import { Api, Serialize } from '@fioprotocol/fiojs';
import { sha256 } from '@noble/hashes/sha2.js';
import { FIO_ACTIONS, maxFeeFor, type FioActionKind } from './rules';

/** A contract ABI as get_raw_abi answers it (binary ABI in base64). */
export interface FioRawAbi {
  account_name: string;
  abi: string;
}

/** The chain and the reference block a transaction is built on (TAPOS). */
export interface FioChainRef {
  /** 64 hex characters (get_info chain_id). */
  chainId: string;
  block: { block_num: number; id: string; timestamp: string };
}

/** The packed, signed transaction as push_transaction takes it. */
export interface FioPushBody {
  signatures: string[];
  compression: 0;
  packed_context_free_data: string;
  packed_trx: string;
}

export interface FioUnsignedTx {
  kind: FioActionKind;
  account: string;
  name: string;
  actor: string;
  /** Action data as serialized (actor, tpid and max_fee included; int64s as decimal strings). */
  data: Record<string, unknown>;
  maxFee: bigint;
  expiration: string;
  packedTrx: string;
  /** Hex: chain id ‖ packed transaction ‖ 32 zero bytes (what the signature covers). */
  sigData: string;
  /** Transaction id: SHA-256 of the packed transaction (hex). */
  txId: string;
}

/** Seconds a transaction stays valid after its reference block (FIO allows up to 3600). */
export const FIO_EXPIRE_SECONDS = 180;

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const unhex = (h: string) => Uint8Array.from(h.match(/../g) ?? [], (x) => parseInt(x, 16));

/** The low 32 bits of a block id's second 8-byte word, little-endian (EOSIO ref_block_prefix). */
export function refBlockPrefix(blockId: string): number {
  if (!/^[0-9a-fA-F]{64}$/.test(blockId)) throw new Error('A block id is 64 hex characters');
  const b = unhex(blockId);
  return ((b[8]! | (b[9]! << 8) | (b[10]! << 16) | (b[11]! << 24)) >>> 0) as number;
}

/** A fiojs Api that knows the given ABIs (no network, no keys: signing happens on the device). */
export function fioApi(chainId: string, abis: readonly FioRawAbi[]): Api {
  const byAccount = new Map(abis.map((a) => [a.account_name, a]));
  return new Api({
    chainId,
    abiProvider: {
      getRawAbi: async (accountName: string) => {
        const raw = byAccount.get(accountName);
        if (!raw) throw new Error(`Missing ABI for account ${accountName}`);
        return { accountName, abi: Uint8Array.from(atob(raw.abi), (c) => c.charCodeAt(0)) };
      },
    },
    authorityProvider: { getRequiredKeys: async () => [] },
    signatureProvider: {
      getAvailableKeys: async () => [],
      sign: async () => {
        throw new Error('FIO transactions are signed on the device');
      },
    },
    textEncoder: new TextEncoder(),
    textDecoder: new TextDecoder(),
  });
}

export interface BuildFioActionInput {
  kind: FioActionKind;
  actor: string;
  /** The action's own fields (without max_fee, actor and tpid). */
  fields: Record<string, unknown>;
  /** /get_fee result for the action's end point (SUF). */
  fee: bigint;
  /** Add-bundled: sets bought (max_fee = fee × sets). */
  bundleSets?: number;
  /** Technology provider id: the wallet's FIO handle, or ''. */
  tpid: string;
  chain: FioChainRef;
  abis: readonly FioRawAbi[];
  expireSeconds?: number;
}

/** Serializes one action into a transaction and the bytes to sign. */
export async function buildFioAction(input: BuildFioActionInput): Promise<FioUnsignedTx> {
  const def = FIO_ACTIONS[input.kind];
  const maxFee = maxFeeFor(input.kind, input.fee, input.bundleSets);
  const data = { ...input.fields, max_fee: maxFee.toString(), actor: input.actor, tpid: input.tpid };
  if (!/^[0-9a-fA-F]{64}$/.test(input.chain.chainId)) throw new Error('A chain id is 64 hex characters');
  const api = fioApi(input.chain.chainId, input.abis);
  const header = Serialize.transactionHeader(
    { ...input.chain.block, ref_block_prefix: refBlockPrefix(input.chain.block.id) } as never,
    input.expireSeconds ?? FIO_EXPIRE_SECONDS,
  );
  const actions = await api.serializeActions([
    {
      account: def.account,
      name: def.name,
      authorization: [{ actor: input.actor, permission: 'active' }],
      data,
    },
  ]);
  const packed = api.serializeTransaction({
    ...header,
    context_free_actions: [],
    actions,
    transaction_extensions: [],
  });
  const sigData = Uint8Array.from([...unhex(input.chain.chainId), ...packed, ...new Uint8Array(32)]);
  return {
    kind: input.kind,
    account: def.account,
    name: def.name,
    actor: input.actor,
    data,
    maxFee,
    expiration: header.expiration,
    packedTrx: hex(packed),
    sigData: hex(sigData),
    txId: hex(sha256(packed)),
  };
}

/** The push_transaction body of a transaction and its device signature (SIG_K1_…). */
export function fioPushBody(tx: Pick<FioUnsignedTx, 'packedTrx'>, signature: string): FioPushBody {
  if (!/^SIG_K1_[1-9A-HJ-NP-Za-km-z]+$/.test(signature)) throw new Error('Signature error from Device');
  return { signatures: [signature], compression: 0, packed_context_free_data: '', packed_trx: tx.packedTrx };
}

/** Decodes a packed transaction with the ABIs (actions' data decoded); used by the simulator and tests. */
export async function decodeFioTransaction(
  packedTrxHex: string,
  chainId: string,
  abis: readonly FioRawAbi[],
): Promise<{
  expiration: string;
  ref_block_num: number;
  ref_block_prefix: number;
  actions: {
    account: string;
    name: string;
    authorization: { actor: string; permission: string }[];
    data: Record<string, unknown>;
  }[];
}> {
  const api = fioApi(chainId, abis);
  return (await api.deserializeTransactionWithActions(unhex(packedTrxHex))) as never;
}

/** The device's signing input for a transaction: the SHA-256 digest of sigData (hex), what the screen shows. */
export function fioSigningDigest(sigDataHex: string): string {
  return hex(sha256(unhex(sigDataHex)));
}
