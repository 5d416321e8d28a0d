/** What the roots' tests (apps/server, e2e, bench) use of the families' local chains, re-exported in one place. */
export { compileContracts, CONTRACTS_DIR, EVM_VERSION, type Artifact } from '@secux-companion/chain-evm/sim';
export { LUSD_SUPPLY, expectedContractAddresses, localnetChain } from '@secux-companion/chain-evm/sim';
export type { EvmChainInfo, EvmContracts, EvmInfo, SideEvmInfo } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  evmCoinChainId,
  type EvmCoin,
} from '@secux-companion/chain-evm/sim';
export {
  ltcRpc,
  findLitecoind,
  RpcError,
  INSTALL_HINT,
  DEFAULT_LTC_RPC_PORT,
  DEFAULT_LTC_P2P_PORT,
} from '@secux-companion/chain-bitcoin/sim';
export type { LtcInfo, LtcNetworkParams } from '@secux-companion/chain-bitcoin/sim';
export {
  XrplSimulator,
  xrplGenesis,
  xrpAddressOf,
  XRPL_TAG_REQUIRED_ACCOUNT,
} from '@secux-companion/chain-xrp/sim';
export { DEFAULT_FIO_PORT, type FioInfo } from '@secux-companion/chain-fio/sim';
export {
  FIO_LOCAL_FEES,
  FIO_LOCAL_PROXY,
  FIO_PAYER_HANDLE,
  FioSimulator,
  UNSTAKE_LOCK_SECONDS,
  fioGenesis,
  fioPublicKeyOf,
} from '@secux-companion/chain-fio/sim';
export { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from '@secux-companion/chain-fio/sim';
export { DEFAULT_XRPL_PORT, type XrplInfo } from '@secux-companion/chain-xrp/sim';
export { DEFAULT_STELLAR_PORT, type StellarInfo } from '@secux-companion/chain-stellar/sim';
export { DEFAULT_TRON_PORT, type TronInfo } from '@secux-companion/chain-tron/sim';
export { LOCAL_TRC10, LOCAL_TRC20, TronSimulator, tronGenesis } from '@secux-companion/chain-tron/sim';
export {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
} from '@secux-companion/chain-stellar/sim';
export {
  SolanaSimulator,
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
} from '@secux-companion/chain-solana/sim';
export { emulatorUtxoAddress, startUtxo, type UtxoInfo } from '@secux-companion/chain-bitcoin/sim';
export { UTXO_COINS, UTXO_COIN_IDS, type UtxoCoinId } from '@secux-companion/chain-bitcoin/sim';
export {
  addressToScript as utxoAddressToScript,
  signInput as utxoSignInput,
} from '@secux-companion/chain-bitcoin/sim';
export { solanaSigner, slip10Ed25519 } from '@secux-companion/chain-solana/sim';
export { startSolana, type SolanaInfo } from '@secux-companion/chain-solana/sim';
export { startStandIn, type StandIn } from '@secux-companion/sim-kit';
export { rippledBehaviour } from '@secux-companion/chain-xrp/sim';
export { FIO_MAINNET_CHAIN_ID, fioApiNode, type FioApiNodeOptions } from '@secux-companion/chain-fio/sim';
export { startEtherscanExplorer, type EtherscanExplorer } from '@secux-companion/chain-evm/sim';
