/**
 * Test-only: plays the device. Signs a plan with bitcoinjs-lib and keys from the test
 * mnemonic, validates every signature and returns the raw transaction.
 */
import * as ecc from '@bitcoinerlab/secp256k1';
import { Psbt, Transaction, initEccLib, type Signer } from 'bitcoinjs-lib';
import { schnorr } from '@noble/curves/secp256k1.js';
import type { UtxoPlan } from './logic/build';
import { hash160, scriptForPublicKey } from './logic/derive';
import { outputScript, type OutputType } from './logic/address';
import { NETWORKS, toBitcoinjsNetwork } from './logic/networks';
import type { Utxo } from './logic/types';
import { privateKeyOf, rootOf } from './test-keys';

initEccLib(ecc);

const hexBytes = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));

function tweakedSigner(priv: Uint8Array): Signer {
  const pub = ecc.pointFromScalar(priv, true)!;
  const d = pub[0] === 3 ? ecc.privateNegate(priv) : priv;
  const tweak = schnorr.utils.taggedHash('TapTweak', pub.slice(1));
  const tweaked = ecc.privateAdd(d, tweak)!;
  return {
    publicKey: ecc.pointFromScalar(tweaked, true)!,
    sign: (h) => ecc.sign(h, tweaked),
    signSchnorr: (h) => ecc.signSchnorr(h, tweaked),
  };
}

function signer(priv: Uint8Array): Signer {
  return { publicKey: ecc.pointFromScalar(priv, true)!, sign: (h) => ecc.sign(h, priv) };
}

/** Signs `plan` the way the device would (SIGHASH_ALL / SIGHASH_DEFAULT). */
export function signPlan(plan: UtxoPlan, mnemonic?: string): string {
  const network = toBitcoinjsNetwork(NETWORKS[plan.network]);
  const psbt = new Psbt({ network });
  psbt.setVersion(plan.version);
  for (const u of plan.inputs) {
    const pub = rootOf(mnemonic).derive(u.path).publicKey!;
    const script = scriptForPublicKey(u.type, pub);
    const base = { hash: u.txid, index: u.vout, sequence: plan.sequence };
    if (u.type === 'p2pkh') {
      if (!u.txHex) throw new Error('legacy input without txHex');
      psbt.addInput({ ...base, nonWitnessUtxo: hexBytes(u.txHex) });
    } else if (u.type === 'p2sh') {
      psbt.addInput({ ...base, witnessUtxo: { script, value: u.value }, redeemScript: outputScript('p2wpkh', hash160(pub)) });
    } else if (u.type === 'p2tr') {
      psbt.addInput({ ...base, witnessUtxo: { script, value: u.value }, tapInternalKey: pub.slice(1) });
    } else {
      psbt.addInput({ ...base, witnessUtxo: { script, value: u.value } });
    }
  }
  for (const o of plan.outputs) psbt.addOutput({ script: hexBytes(o.script), value: o.value });
  plan.inputs.forEach((u, i) => {
    const priv = privateKeyOf(u.path, mnemonic);
    psbt.signInput(i, u.type === 'p2tr' ? tweakedSigner(priv) : signer(priv));
  });
  const ok = psbt.validateSignaturesOfAllInputs((pubkey, msghash, signature) =>
    pubkey.length === 32 ? ecc.verifySchnorr(msghash, pubkey, signature) : ecc.verify(msghash, pubkey, signature),
  );
  if (!ok) throw new Error('invalid signature');
  psbt.finalizeAllInputs();
  return psbt.extractTransaction().toHex();
}

let fakeCounter = 0;

/** A confirmed UTXO paying `value` to the own address at `path`, with its (fake) funding tx. */
export function fundedUtxo(path: string, type: OutputType, value: bigint, options: { height?: number | null; mnemonic?: string } = {}): Utxo {
  const pub = rootOf(options.mnemonic).derive(path).publicKey!;
  const tx = new Transaction();
  tx.version = 2;
  const prev = new Uint8Array(32);
  new DataView(prev.buffer).setUint32(0, ++fakeCounter);
  tx.addInput(prev, 0);
  tx.addOutput(scriptForPublicKey(type, pub), value);
  return {
    txid: tx.getId(),
    vout: 0,
    value,
    address: 'unused',
    path,
    height: options.height === undefined ? 100 : options.height,
    type,
    txHex: tx.toHex(),
  };
}
