/**
 * Send building: validation (core's and ./buildRules), coin selection, change on chain 1 at a random
 * index 0..4 (./changePath's randomChangeIndex with an injectable RNG), and the SecuX device
 * payload (`device.signBtc(inputs, outputs, options)`).
 */
import {
  CHAINS,
  CoreError,
  DUST_SATOSHIS,
  recipientIssue,
  type Issue,
} from '@secux-companion/core';
import type { BuiltTransaction } from '@secux-companion/chain-common';
import { classifyScript, decodeAddress, deviceAddress, validateRecipientAddress, type OutputType } from './address';
import { validateBtcFeeRate, validateUtxoBuildInput } from './buildRules';
import { randomChangeIndex, type Rng } from './changePath';
import { selectCoins, type Selection } from './coinselect';
import type { AccountKeys } from './derive';
import { SECUX_SCRIPT, type NetworkId, type UtxoNetwork } from './networks';
import type { Utxo } from './utxo';

// ---------------------------------------------------------------------------
// Device payload (structurally the device layer's BtcInput / BtcOutputs / BtcSignOptions)
// ---------------------------------------------------------------------------

export interface DeviceBtcInput {
  hash: string;
  vout: number;
  satoshis: number;
  path: string;
  publickey?: string;
  script?: number;
  txHex?: string;
}

export interface DeviceBtcOutputPath {
  path: string;
  satoshis: number;
  publickey?: string;
  script?: number;
}

export interface DeviceBtcOutputs {
  to: { address: string; satoshis: number } | DeviceBtcOutputPath;
  utxo?: DeviceBtcOutputPath;
}

export interface DeviceBtcSignOptions {
  coin?: number;
  isRBF?: boolean;
}

/** Exactly what `device.signBtc(...)` receives. */
export interface BtcSignRequest {
  inputs: DeviceBtcInput[];
  outputs: DeviceBtcOutputs;
  options: DeviceBtcSignOptions;
}

/** BIP-125 opt-in sequence (what SecuX sets when isRBF). */
export const RBF_SEQUENCE = 0xfffffffd;
export const FINAL_SEQUENCE = 0xffffffff;

const SECUX_SCRIPT_OF: Readonly<Record<OutputType, number>> = {
  p2pkh: SECUX_SCRIPT.P2PKH,
  p2sh: SECUX_SCRIPT.P2SH_P2WPKH,
  p2wpkh: SECUX_SCRIPT.P2WPKH,
  p2tr: SECUX_SCRIPT.P2TR,
  p2wsh: SECUX_SCRIPT.P2WSH,
};

export function secuxScriptType(type: OutputType): number {
  return SECUX_SCRIPT_OF[type];
}

// ---------------------------------------------------------------------------
// Plan (the unsigned transaction)
// ---------------------------------------------------------------------------

export interface PlanOutput {
  address: string;
  /** scriptPubKey (hex). */
  script: string;
  value: bigint;
  isChange: boolean;
  path?: string;
  /** Compressed public key (hex) of an own (change) output. */
  publicKey?: string;
}

export type PlanKind = 'send' | 'rbf' | 'cpfp';

export interface UtxoPlan {
  kind: PlanKind;
  network: NetworkId;
  /** 2 (1 for BCH, as the SecuX SDK builds it). */
  version: number;
  locktime: 0;
  /** Sequence of every input (BIP-125 opt-in when rbf). */
  sequence: number;
  inputs: Utxo[];
  /** Output 0 is the recipient; output 1, when present, is the change. */
  outputs: PlanOutput[];
  fee: bigint;
  feeRate: number;
  /** Estimated virtual size (upper bound). */
  vsize: number;
  rbf: boolean;
  /** RBF: the replaced transaction. CPFP: the parent. */
  relatedTx?: string;
}

export type BtcBuiltTransaction = BuiltTransaction<UtxoPlan, BtcSignRequest>;

function fail(i: Issue): never {
  throw new CoreError(i.code, i.params);
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** Rejects non-positive rates and rates above 1,000,000 sat/vB ('btcFeeTooHigh'). */
export function assertFeeRate(feeRate: number): void {
  if (!(Number.isFinite(feeRate) && feeRate > 0)) throw new RangeError(`fee rate must be positive, got ${feeRate}`);
  const tooHigh = validateBtcFeeRate(feeRate);
  if (tooHigh) fail(tooHigh);
}

/** Recipient checks with core's catalogue keys ('invalidAddress', 'addressNotSupported'). */
export function assertRecipient(network: UtxoNetwork, recipient: string): Uint8Array {
  const status = validateRecipientAddress(network, recipient);
  const i = recipientIssue(status);
  if (i) fail(i);
  const decoded = decodeAddress(network, recipient);
  if (!decoded) fail({ code: 'invalidAddress' });
  return decoded.script;
}

/** Legacy (non-witness, non-forkid) inputs need their previous transaction for the device. */
export function needsPrevTx(network: UtxoNetwork, input: Pick<Utxo, 'type'>): boolean {
  return input.type === 'p2pkh' && !network.forkId;
}

/** Ids of the previous transactions the device payload still lacks. */
export function missingPrevTxids(network: UtxoNetwork, inputs: readonly Utxo[]): string[] {
  return [...new Set(inputs.filter((u) => needsPrevTx(network, u) && !u.txHex).map((u) => u.txid))];
}

export interface SendDraft {
  recipient: string;
  /** Required unless `sendAll`. */
  amount?: bigint;
  sendAll?: boolean;
  /** sat/vB (the chosen tier or a custom integer). */
  feeRate: number;
  /** BIP-125 signalling; defaults to the network's default (on for BTC/TBTC). */
  rbf?: boolean;
}

export interface BuildContext {
  network: UtxoNetwork;
  keys: AccountKeys;
  /** Spendable outputs (see usableUtxos); unconfirmed ones are ignored. */
  utxos: readonly Utxo[];
  /** RNG for the change index (tests inject a deterministic one). */
  rng?: Rng;
}

function changeOutput(ctx: BuildContext, value: bigint, changeIndex?: number): PlanOutput {
  const c = ctx.keys.change(changeIndex ?? randomChangeIndex(ctx.rng));
  return {
    address: c.address,
    script: toHex(c.script),
    value,
    isChange: true,
    path: c.path,
    publicKey: toHex(c.publicKey),
  };
}

export function makePlan(
  ctx: BuildContext,
  kind: PlanKind,
  recipient: { address: string; script: Uint8Array },
  selection: Selection,
  feeRate: number,
  rbf: boolean,
  changeIndex?: number,
): UtxoPlan {
  const outputs: PlanOutput[] = [
    { address: recipient.address, script: toHex(recipient.script), value: selection.amount, isChange: false },
  ];
  if (selection.change > 0n) outputs.push(changeOutput(ctx, selection.change, changeIndex));
  return {
    kind,
    network: ctx.network.id,
    version: ctx.network.forkId ? 1 : 2,
    locktime: 0,
    sequence: rbf ? RBF_SEQUENCE : FINAL_SEQUENCE,
    inputs: selection.inputs.map((u) => (u.publicKey ? u : { ...u, publicKey: publicKeyOf(ctx.keys, u.path) })),
    outputs,
    fee: selection.fee,
    feeRate,
    vsize: selection.vsize,
    rbf,
  };
}

function publicKeyOf(keys: AccountKeys, path: string): string | undefined {
  const m = /\/([01])\/(\d+)$/.exec(path);
  if (!m) return undefined;
  return toHex(keys.derive(Number(m[1]) as 0 | 1, Number(m[2])).publicKey);
}

/** The SecuX payload of a plan (output 0 → `to`, change → `utxo` by path). */
export function toSignRequest(network: UtxoNetwork, plan: UtxoPlan): BtcSignRequest {
  const [to, change, ...extra] = plan.outputs;
  if (!to || extra.length > 0) throw new Error('The device signs one recipient and one change output');
  if (to.isChange) throw new Error('Output 0 must be the recipient');
  const inputs = plan.inputs.map((u): DeviceBtcInput => {
    if (u.value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('value too large');
    return {
      hash: u.txid,
      vout: u.vout,
      satoshis: Number(u.value),
      path: u.path,
      script: secuxScriptType(u.type),
      ...(u.publicKey ? { publickey: u.publicKey } : {}),
      ...(u.txHex && needsPrevTx(network, u) ? { txHex: u.txHex } : {}),
    };
  });
  const outputs: DeviceBtcOutputs = { to: { address: deviceAddress(network, to.address), satoshis: Number(to.value) } };
  if (change) {
    const changeType = classifyScript(Buffer.from(change.script, 'hex'))?.type;
    if (!change.path || !changeType) throw new Error('The change output needs an own path and script');
    outputs.utxo = {
      path: change.path,
      satoshis: Number(change.value),
      script: secuxScriptType(changeType),
      ...(change.publicKey ? { publickey: change.publicKey } : {}),
    };
  }
  return { inputs, outputs, options: { coin: network.secuxCoin, ...(plan.rbf ? { isRBF: true } : {}) } };
}

export function toBuilt(network: UtxoNetwork, plan: UtxoPlan): BtcBuiltTransaction {
  const to = plan.outputs[0]!;
  const change = plan.outputs.find((o) => o.isChange);
  return {
    unsigned: plan,
    signRequest: toSignRequest(network, plan),
    review: {
      recipient: to.address,
      amount: to.value,
      fee: plan.fee,
      feeRate: plan.feeRate,
      ...(change ? { change: { amount: change.value, path: change.path!, address: change.address } } : {}),
      total: to.value + plan.fee,
    },
  };
}

/**
 * Builds a send. Throws CoreError with: 'amountOrRecipientMissing', 'invalidAddress',
 * 'addressNotSupported', 'err-32' (amount below 546), 'btcFeeTooHigh',
 * 'insufficientBalanceDust' ('Insufficient account balance (546)'), 'insufficientBalance'.
 */
export function buildSend(ctx: BuildContext, draft: SendDraft): BtcBuiltTransaction {
  const { network } = ctx;
  const missing = validateUtxoBuildInput(draft.recipient, draft.sendAll ? 1n : draft.amount);
  if (missing) fail(missing);
  assertFeeRate(draft.feeRate);
  const script = assertRecipient(network, draft.recipient);
  const amount = draft.amount ?? 0n;
  if (!draft.sendAll && amount < DUST_SATOSHIS) fail({ code: 'err-32', params: { coin: CHAINS[network.chain].symbol } });
  const selection = selectCoins({
    utxos: ctx.utxos,
    amount,
    recipientScriptLength: script.length,
    feeRate: draft.feeRate,
    changeType: ctx.keys.type,
    sendAll: draft.sendAll ?? false,
  });
  const plan = makePlan(ctx, 'send', { address: draft.recipient, script }, selection, draft.feeRate, draft.rbf ?? network.rbf);
  return toBuilt(network, plan);
}
