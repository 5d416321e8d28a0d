/** The local genesis: the emulator's first two TRON accounts, funded with TRX, energy, LUSDT and LTA. */
import { pkToAddress } from 'tronweb/utils';
import { mnemonicToRoot } from '@secux-companion/sim-kit';
import type { TronGenesisAccount } from './options.js';

/** The TRON address of the emulator's key at m/44'/195'/{account}'/0/0. */
export function tronAddressOf(mnemonic: string, account: number): string {
  const key = mnemonicToRoot(mnemonic).derive(`m/44'/195'/${account}'/0/0`);
  return pkToAddress(Buffer.from(key.privateKey!).toString('hex'));
}

/**
 * The simulator's genesis: the emulator's first two TRX accounts. Account 0 has 10,000 TRX, 100,000 staked energy
 * (one TRC-20 transfer to an existing holder is free, the next burns the shortfall), 1,000,000 LUSDT and 1,000,000
 * LTA; account 1 has 1,000 TRX, no energy, and 10 LUSDT (so a transfer to it is one to an existing holder).
 */
export function tronGenesis(mnemonic: string): TronGenesisAccount[] {
  const path = (n: number) => `m/44'/195'/${n}'/0/0`;
  return [
    {
      address: tronAddressOf(mnemonic, 0),
      path: path(0),
      balance: 10_000_000_000n,
      energy: 100_000n,
      trc20: 1_000_000_000_000n,
      trc10: 1_000_000n,
    },
    { address: tronAddressOf(mnemonic, 1), path: path(1), balance: 1_000_000_000n, trc20: 10_000_000n },
  ];
}
