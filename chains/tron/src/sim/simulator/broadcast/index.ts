/**
 * broadcast: one signed transaction validated and applied as java-tron does — parsed without trust, one contract of
 * a supported type (one module each), the signed checks (checks.ts), the owner's account, the contract's own
 * validation, bandwidth, energy (resources.ts) — then recorded as pending until the next block seals it.
 */
import { deserialize, hex, Proto, sha256, splitTransaction, toBase58 } from '../codec.js';
import { RESULT_BYTES } from '../constants.js';
import { bandwidth, consume, energy, type Bandwidth, type Energy } from '../resources.js';
import type { TronState, TxRecord } from '../state.js';
import { checkSigned } from './checks.js';
import type { ContractKind, Plan } from './contract.js';
import { fail, invalid } from './refusal.js';
import { transferAssetContract } from './transferAssetContract.js';
import { transferContract } from './transferContract.js';
import { triggerSmartContract } from './triggerSmartContract.js';

/* eslint-disable @typescript-eslint/no-explicit-any */

const CONTRACTS: Readonly<Record<number, ContractKind>> = {
  1: transferContract,
  2: transferAssetContract,
  31: triggerSmartContract,
};

/** Validates and applies one signed transaction: java-tron's answer. */
export function broadcast(s: TronState, bytes: Uint8Array): Record<string, unknown> {
  let raw: Uint8Array;
  let signatures: Uint8Array[];
  let rawPb: any;
  try {
    ({ raw, signatures } = splitTransaction(bytes));
    rawPb = Proto.Transaction.raw.deserializeBinary(raw);
  } catch (e) {
    // Transaction.parseFrom's exception through Util.processError (the parser's own text varies with the bytes)
    return {
      Error: `class com.google.protobuf.InvalidProtocolBufferException : ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  const txID = sha256(raw);
  const contracts = rawPb.getContractList();
  if (contracts.length !== 1)
    return invalid('contract size should be exactly 1, this is extend feature', txID);
  const c = contracts[0];
  const type = c.getType();
  const kind = Object.hasOwn(CONTRACTS, type) ? CONTRACTS[type] : undefined;
  if (!kind) return invalid(`contract type ${type} is not supported by this simulator`, txID);
  const v = kind.decode(c.getParameter().getValue());
  const owner = hex(v.getOwnerAddress_asU8()).toLowerCase();
  const refused = checkSigned(s, { bytes, rawPb, txID, signatures, owner });
  if (refused) return refused;

  const from = s.account(owner);
  // BandwidthProcessor.consume looks the owner up before any actuator validates.
  if (!from) return invalid(`account [${toBase58(owner)}] does not exist`, txID);
  const now = Date.now();
  const size = BigInt(bytes.length) + RESULT_BYTES;
  const json = { raw_data: deserialize(kind.typeName, hex(raw)) };
  const feeLimit = BigInt(rawPb.getFeeLimit());
  const plan = kind.validate({ s, owner, from, v, feeLimit });
  if (typeof plan === 'string') return invalid(plan, txID);

  const bw = bandwidth(s, from, size, plan.creates);
  if (bw.netFee > from.balance) return fail('BANDWITH_ERROR', 'Account resource insufficient error.', txID);
  // java-tron burns the bandwidth before the contract runs: the contract validates against what is left.
  if (plan.needs !== undefined && from.balance - bw.netFee < plan.needs)
    return invalid(`Validate ${kind.typeName} error, balance is not sufficient.`, txID);
  const en: Energy = plan.call
    ? energy(s, owner, from, plan.call, bw.netFee, feeLimit)
    : { energyUsage: 0n, energyFee: 0n, result: 'SUCCESS' };

  consume(from, bw, en);
  plan.apply(en.result, now);
  const rec = record(s, { txID, raw, signatures, json, owner, plan, bw, en, now });
  const transaction = JSON.stringify({
    visible: false,
    txID,
    raw_data: json.raw_data,
    raw_data_hex: hex(raw),
    signature: rec.signatures,
  });
  return { result: true, code: 'SUCCESS', txid: txID, message: '', transaction };
}

/** The applied transaction, pending until the next block. */
function record(
  s: TronState,
  t: {
    txID: string;
    raw: Uint8Array;
    signatures: Uint8Array[];
    json: any;
    owner: string;
    plan: Plan;
    bw: Bandwidth;
    en: Energy;
    now: number;
  },
): TxRecord {
  const { plan, bw, en, owner } = t;
  const call = plan.call;
  const rec: TxRecord = {
    txID: t.txID,
    rawHex: hex(t.raw),
    signatures: t.signatures.map(hex),
    json: t.json,
    owner,
    ...(plan.to ? { to: plan.to } : call ? { to: call.to } : {}),
    blockNumber: null,
    blockTimestamp: null,
    fee: bw.netFee + en.energyFee + plan.createFee,
    netUsage: bw.netUsage,
    netFee: bw.netFee + plan.createFee,
    energyUsage: en.energyUsage,
    energyFee: en.energyFee,
    result: en.result,
    ...(call
      ? { trc20: { from: owner, to: call.to, value: en.result === 'SUCCESS' ? call.value : 0n } }
      : {}),
    time: t.now,
  };
  s.txs.set(t.txID, rec);
  s.order.push(rec);
  s.pending.push(rec);
  return rec;
}
