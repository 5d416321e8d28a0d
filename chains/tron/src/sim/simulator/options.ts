/** What a TRON simulator is started with: its genesis accounts, block interval, token, asset and solidity depth. */
import type { TronAsset10, TronToken20 } from './localTokens.js';

export interface TronGenesisAccount {
  address: string;
  path?: string;
  balance: bigint;
  /** Staked energy (EnergyLimit). */
  energy?: bigint;
  /** TRC-20 balance of the simulator's token. */
  trc20?: bigint;
  /** TRC-10 balance of the simulator's asset. */
  trc10?: bigint;
}

export interface TronSimulatorOptions {
  accounts: TronGenesisAccount[];
  blockIntervalMs?: number;
  token?: TronToken20;
  asset?: TronAsset10;
  /**
   * Blocks a block needs on top of it to be solidified (`/walletsolidity/*` answers only up to head − depth). On
   * mainnet 19 of the 27 super representatives must confirm a block (70 %): about 19 blocks, 57 s. Default 19.
   */
  solidityDepth?: number;
}
