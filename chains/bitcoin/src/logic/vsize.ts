/**
 * Virtual-size estimation (BIP-141 weight / 4, rounded up) per input and output script
 * type. Input sizes are upper bounds for signed inputs (72-byte DER signature with its
 * sighash byte, 33-byte compressed keys; Taproot key path with a 65-byte signature as
 * the SecuX device signs with an explicit sighash type), so the fee rate paid is never
 * below the one asked for.
 */
import type { OutputType } from './address';

/** Weight units of a signed input, including its 41-byte non-witness base. */
export const INPUT_WEIGHT: Readonly<Record<OutputType, number>> = {
  // (36 outpoint + 4 sequence + 1 + 107 scriptSig: push sig(72) push key(33)) × 4
  p2pkh: (41 + 107) * 4,
  // 23-byte redeem-script scriptSig × 4 + witness [2 items: 72-byte sig, 33-byte key]
  p2sh: (41 + 23) * 4 + (1 + 1 + 72 + 1 + 33),
  p2wpkh: 41 * 4 + (1 + 1 + 72 + 1 + 33),
  // key path: [1 item: 65-byte Schnorr signature]
  p2tr: 41 * 4 + (1 + 1 + 65),
  // not an own input type; a 2-of-3 multisig-sized placeholder
  p2wsh: 41 * 4 + 1 + 1 + (1 + 72) * 2 + 1 + 105,
};

/** Bytes of an output with a `scriptLength`-byte scriptPubKey. */
export function outputBytes(scriptLength: number): number {
  return 8 + varIntSize(scriptLength) + scriptLength;
}

export const OUTPUT_SCRIPT_LENGTH: Readonly<Record<OutputType, number>> = {
  p2pkh: 25,
  p2sh: 23,
  p2wpkh: 22,
  p2wsh: 34,
  p2tr: 34,
};

export function varIntSize(n: number): number {
  return n < 0xfd ? 1 : n <= 0xffff ? 3 : n <= 0xffffffff ? 5 : 9;
}

export function isSegwitInput(type: OutputType): boolean {
  return type !== 'p2pkh';
}

/** Weight of the transaction skeleton: version, locktime and the two counts. */
export function baseWeight(inputCount: number, outputCount: number): number {
  return (4 + 4 + varIntSize(inputCount) + varIntSize(outputCount)) * 4;
}

/** Segwit marker and flag (2 WU) when any input has a witness. */
export const SEGWIT_OVERHEAD_WEIGHT = 2;

/**
 * Virtual size of a transaction spending `inputs` (own script types) to outputs with the
 * given scriptPubKey lengths.
 */
export function estimateVsize(inputs: readonly OutputType[], outputScriptLengths: readonly number[]): number {
  let weight = baseWeight(inputs.length, outputScriptLengths.length);
  let segwit = false;
  for (const t of inputs) {
    weight += INPUT_WEIGHT[t];
    if (isSegwitInput(t)) segwit = true;
  }
  for (const len of outputScriptLengths) weight += outputBytes(len) * 4;
  if (segwit) weight += SEGWIT_OVERHEAD_WEIGHT;
  return Math.ceil(weight / 4);
}
