/**
 * Domain types of the bitcoin family: what `network/` returns to `logic/`. A leaf: it imports no module of logic/
 * but the address types, so build, coin selection and speed-up can use it without reaching the adapter's contract.
 */
import type { OutputType } from './address';

/** A spendable output of the account (spec "Usable UTXO": txid, vout, value, address, path). */
export interface Utxo {
  txid: string;
  vout: number;
  value: bigint;
  address: string;
  /** Full path m/…/{change}/{index}. */
  path: string;
  /** Block height; null while unconfirmed (never spent by a normal send). */
  height: number | null;
  /** Own script type (from the account's bip). */
  type: OutputType;
  /** Compressed public key (hex) when known from the xpub; saves device round trips. */
  publicKey?: string;
  /** Previous transaction (hex), attached for legacy inputs. */
  txHex?: string;
}

export interface UtxoTxInput {
  /** Previous outpoint. */
  txid: string;
  vout: number;
  value: bigint;
  address: string;
  isOwn: boolean;
  path?: string;
}

export interface UtxoTxOutput {
  vout: number;
  value: bigint;
  address: string;
  isOwn: boolean;
  path?: string;
}

/** A bitcoin-family transaction seen by the account (spec "BTC-family history item"). */
export interface UtxoTx {
  hash: string;
  /** null while pending (the API's block_id −1). */
  blockHeight: number | null;
  /** ms since epoch, null when missing. */
  time: number | null;
  vsize: number;
  fee: bigint;
  /** BIP-125 signalling. */
  rbf: boolean;
  inputs: UtxoTxInput[];
  outputs: UtxoTxOutput[];
}
