/**
 * What an account route asks about: one plain address, or the addresses of an xpub / descriptor found by gap-limit
 * discovery (each change chain until `gap` unused addresses in a row).
 */
import { BIP32Factory, type BIP32Interface } from 'bip32';
import * as ecc from 'tiny-secp256k1';
import type { UtxoChain } from '../chain.js';
import { addressToScript, scriptForKey, scriptToAddress } from '../script.js';
import { extendedPayload, parseDescriptor } from './descriptor.js';

export const DEFAULT_GAP = 20;

/**
 * bitcoinjs's BIP-32 over libsecp256k1 (WebAssembly): an xpub account asks for at least 40 addresses (20 unused in
 * a row on each change chain), and the pure-JS curve made those derivations most of the local chain's CPU time.
 */
const bip32 = BIP32Factory(ecc);

export interface Subject {
  /** Addresses with their BIP-32 path (xpub / descriptor), or one plain address. */
  addresses: () => { address: string; path?: string; change?: number }[];
  xpub: boolean;
}

/** Addresses derived so far, per purpose, key and change chain (they never change). */
export type DerivedCache = Map<string, string[]>;

/** The subject of an address, xpub or descriptor; null when it is none of the coin's. */
export function subjectOf(
  chain: UtxoChain,
  derived: DerivedCache,
  arg: string,
  xpub: boolean,
  gap: number,
): Subject | null {
  const coin = chain.coin;
  if (!xpub) {
    // Any form of the coin's address (BCH: cash or legacy) names the address Blockbook writes.
    const script = addressToScript(coin, arg);
    const address = script && scriptToAddress(coin, script);
    return address ? { xpub: false, addresses: () => [{ address }] } : null;
  }
  const d = parseDescriptor(arg);
  const ext = d ? extendedPayload(d.key) : null;
  if (!d || !ext) return null;
  const p = ext.payload;
  const view = new DataView(p.buffer, p.byteOffset);
  let node: BIP32Interface;
  try {
    node = bip32.fromPublicKey(p.slice(45, 78), p.slice(13, 45));
  } catch {
    return null; // not a point on the curve
  }
  const index = view.getUint32(9);
  if (d.bip === 86 && !coin.taproot) return null;
  const account = index >= 0x80000000 ? index - 0x80000000 : index;
  const base = `m/${d.bip}'/${coin.coinType}'/${account}'`;
  const changeNodes = new Map<number, BIP32Interface>();
  const addressAt = (change: number, i: number): string => {
    const k = `${d.bip}:${d.key}:${change}`;
    let list = derived.get(k);
    if (!list) derived.set(k, (list = []));
    if (list.length <= i) {
      // The change chain's node once, not once per address: each derivation is an EC multiplication.
      let chainNode = changeNodes.get(change);
      if (!chainNode) changeNodes.set(change, (chainNode = node.derive(change)));
      while (list.length <= i) {
        const child = chainNode.derive(list.length);
        list.push(scriptToAddress(coin, scriptForKey(d.bip, child.publicKey))!);
      }
    }
    return list[i]!;
  };
  return {
    xpub: true,
    addresses: () => {
      const out: { address: string; path: string; change: number }[] = [];
      for (const change of [0, 1]) {
        let unused = 0;
        for (let i = 0; unused < gap; i++) {
          const address = addressAt(change, i);
          out.push({ address, path: `${base}/${change}/${i}`, change });
          unused = chain.byAddress.get(address)?.size ? 0 : unused + 1;
        }
      }
      return out;
    },
  };
}
