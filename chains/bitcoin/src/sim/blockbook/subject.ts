/**
 * What an account route asks about: one plain address, or the addresses of an xpub / descriptor found by gap-limit
 * discovery (each change chain until `gap` unused addresses in a row).
 */
import { HDKey } from '@scure/bip32';
import type { UtxoChain } from '../chain.js';
import { addressToScript, scriptForKey, scriptToAddress } from '../script.js';
import { extendedPayload, parseDescriptor } from './descriptor.js';

export const DEFAULT_GAP = 20;

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
  const node = new HDKey({
    depth: p[4]!,
    parentFingerprint: new DataView(p.buffer, p.byteOffset).getUint32(5),
    index: new DataView(p.buffer, p.byteOffset).getUint32(9),
    chainCode: p.slice(13, 45),
    publicKey: p.slice(45, 78),
  });
  if (d.bip === 86 && !coin.taproot) return null;
  const account = node.index >= 0x80000000 ? node.index - 0x80000000 : node.index;
  const base = `m/${d.bip}'/${coin.coinType}'/${account}'`;
  const addressAt = (change: number, i: number): string => {
    const k = `${d.bip}:${d.key}:${change}`;
    let list = derived.get(k);
    if (!list) derived.set(k, (list = []));
    while (list.length <= i) {
      const child = node.deriveChild(change).deriveChild(list.length);
      list.push(scriptToAddress(coin, scriptForKey(d.bip, child.publicKey!))!);
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
