/**
 * What the other roots (apps/server's tests, e2e, bench) use of the families' local chains, re-exported in one place:
 * they take a family's sim pieces from here, never from the family's package. Only what they use is listed.
 */
export {
  compileContracts,
  LUSD_SUPPLY,
  expectedContractAddresses,
  localnetChain,
} from '@secux-companion/chain-evm/sim';
export type { EvmInfo, SideEvmInfo } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  evmCoinChainId,
  type EvmCoin,
} from '@secux-companion/chain-evm/sim';
export { ltcRpc, emulatorUtxoAddress, UTXO_COINS, type UtxoCoinId } from '@secux-companion/chain-bitcoin/sim';
export { LOCAL_TRC20 } from '@secux-companion/chain-tron/sim';
export {
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
  startSolana,
} from '@secux-companion/chain-solana/sim';
export { startStandIn, type StandIn } from '@secux-companion/sim-kit';
export { rippledBehaviour } from '@secux-companion/chain-xrp/sim';
