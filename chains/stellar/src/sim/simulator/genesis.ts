/** The emulator's Stellar keys (SEP-0005) and the simulator's genesis accounts. */
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { Keypair } from '@stellar/stellar-sdk';
import { XLM } from './horizon.js';
import type { StellarGenesisAccount } from './ledger.js';

/** SLIP-0010 ed25519 key at a hardened path (SEP-0005: m/44'/148'/{account}'), as the device derives it. */
export function stellarKeypairOf(mnemonic: string, account: number): Keypair {
  const seed = mnemonicToSeedSync(mnemonic.trim().split(/\s+/).join(' '));
  let I = hmac(sha512, new TextEncoder().encode('ed25519 seed'), seed);
  for (const index of [44, 148, account]) {
    const data = new Uint8Array(37);
    data.set(I.slice(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x80000000) >>> 0);
    I = hmac(sha512, I.slice(32), data);
  }
  return Keypair.fromRawEd25519Seed(Buffer.from(I.slice(0, 32)));
}

/** The Stellar address of the emulator's key at m/44'/148'/{account}'. */
export function stellarAddressOf(mnemonic: string, account: number): string {
  return stellarKeypairOf(mnemonic, account).publicKey();
}

/** Index of the funded recipient that declares memo_required (never discovered: far past the sync rule's stop). */
export const STELLAR_MEMO_REQUIRED_ACCOUNT = 100;

/**
 * The simulator's genesis: the emulator's first two XLM accounts with 10,000 XLM each, and a recipient that requires a
 * memo (SEP-29 config.memo_required) with 100 XLM.
 */
export function stellarGenesis(mnemonic: string): StellarGenesisAccount[] {
  return [
    { address: stellarAddressOf(mnemonic, 0), balance: 10_000n * XLM },
    { address: stellarAddressOf(mnemonic, 1), balance: 10_000n * XLM },
    {
      address: stellarAddressOf(mnemonic, STELLAR_MEMO_REQUIRED_ACCOUNT),
      balance: 100n * XLM,
      memoRequired: true,
    },
  ];
}
