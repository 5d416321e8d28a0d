/** What the roots' tests (apps/server, e2e, bench) use of the families' local chains, re-exported in one place. */
export { compileContracts, CONTRACTS_DIR, EVM_VERSION, type Artifact } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_CHAIN_ID,
  DEFAULT_SIDE_CHAIN_ID,
  DEFAULT_SIDE_EVM_PORT,
  LUSD_SUPPLY,
  PUNKS_MINTED,
  ITEM_AMOUNTS,
  expectedContractAddresses,
  localnetChain,
} from '@secux-companion/chain-evm/sim';
export type { EvmChainInfo, EvmContracts, EvmInfo, SideEvmInfo } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  EVM_COIN_UNITS,
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
  type GenesisAccount,
  type XrplSimulatorOptions,
} from '@secux-companion/chain-xrp/sim';
export { DEFAULT_FIO_PORT, type FioInfo } from '@secux-companion/chain-fio/sim';
export {
  FIO_CONTROL_PREFIX,
  FIO_LOCAL_CHAIN_ID,
  FIO_LOCAL_FEES,
  FIO_LOCAL_PROXY,
  FIO_LOCAL_PROXY_KEY,
  FIO_PAYER_HANDLE,
  FioSimulator,
  SECUX_DOMAIN_OWNER,
  UNSTAKE_LOCK_SECONDS,
  type FioStakingService,
  fioGenesis,
  fioPublicKeyOf,
  type FioGenesis,
  type FioSimulatorOptions,
} from '@secux-companion/chain-fio/sim';
export { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from '@secux-companion/chain-fio/sim';
export { DEFAULT_XRPL_PORT, type XrplInfo } from '@secux-companion/chain-xrp/sim';
export { DEFAULT_STELLAR_PORT, type StellarInfo } from '@secux-companion/chain-stellar/sim';
export { DEFAULT_TRON_PORT, type TronInfo } from '@secux-companion/chain-tron/sim';
export {
  LOCAL_TRC10,
  LOCAL_TRC20,
  TRC20_ENERGY_EXISTING,
  TRC20_ENERGY_NEW_HOLDER,
  TRON_SIM_PARAMS,
  TronSimulator,
  tronAddressOf,
  tronGenesis,
  type TronGenesisAccount,
  type TronSimulatorOptions,
} from '@secux-companion/chain-tron/sim';
export {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
  type HorizonSimulatorOptions,
  type StellarGenesisAccount,
} from '@secux-companion/chain-stellar/sim';

export {
  SolanaSimulator,
  BLOCKHASH_VALID_BLOCKS,
  SOLANA_CONTROL_PREFIX,
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
  LOCAL_GENESIS_HASH as SOLANA_LOCAL_GENESIS_HASH,
} from '@secux-companion/chain-solana/sim';
export {
  DEFAULT_UTXO_PORT,
  UTXO_CONTROL,
  LocalUtxoCoin,
  emulatorUtxoAddress,
  startUtxo,
  type UtxoCoinInfo,
  type UtxoFunded,
  type UtxoInfo,
} from '@secux-companion/chain-bitcoin/sim';
export { UTXO_COINS, UTXO_COIN_IDS, type UtxoCoinId } from '@secux-companion/chain-bitcoin/sim';
export {
  addressToScript as utxoAddressToScript,
  signInput as utxoSignInput,
} from '@secux-companion/chain-bitcoin/sim';
export { solanaSigner, slip10Ed25519 } from '@secux-companion/chain-solana/sim';
export {
  DEFAULT_SOLANA_PORTS,
  startSolana,
  type SolanaInfo,
  type SolanaToken,
} from '@secux-companion/chain-solana/sim';

export {
  deadUrl,
  startStandIn,
  type Behaviour,
  type Canned,
  type Fault,
  type RateLimit,
  type StandIn,
  type StandInRequest,
} from '@secux-companion/sim-kit';
export {
  SOLANA_PER_METHOD_MESSAGE,
  SOLANA_CONNECTION_MESSAGE,
  SOLANA_DISABLED_MESSAGE,
  jsonRpcId,
  solanaPublicRpc,
  type SolanaPublicRpcOptions,
} from '@secux-companion/chain-solana/sim';
export {
  BLOCKBOOK_RATE_LIMIT_BODY,
  blockbookPublic,
  NGINX_429_PAGE,
  mempoolSpace,
  type BlockbookOptions,
  type MempoolSpaceOptions,
} from '@secux-companion/chain-bitcoin/sim';
export {
  CLIO_SLOW_DOWN,
  RIPPLED_OVERLOADED,
  rippledBehaviour,
  type RippledBehaviourOptions,
} from '@secux-companion/chain-xrp/sim';
export {
  HORIZON_BEFORE_HISTORY,
  HORIZON_MAX_LIMIT,
  horizonBehaviour,
  horizonRateLimited,
  type HorizonBehaviourOptions,
} from '@secux-companion/chain-stellar/sim';
export {
  TRONGRID_MAX_LIMIT,
  tronGridBehaviour,
  tronGridRefusal,
  type TronGridBehaviourOptions,
} from '@secux-companion/chain-tron/sim';
export { FIO_MAINNET_CHAIN_ID, fioApiNode, type FioApiNodeOptions } from '@secux-companion/chain-fio/sim';
export {
  EVM_RATE_LIMIT_ERRORS,
  EVM_GETLOGS_DISABLED,
  evmRpcErrorAnswer,
  evmPublicRpc,
  ETHERSCAN_NOT_FREE_CHAINS,
  ETHERSCAN_RATE_LIMIT,
  ETHERSCAN_BAD_KEY,
  ETHERSCAN_NOT_FREE,
  etherscanV2,
  type EvmRateLimitShape,
  type EvmPublicRpcOptions,
  type EtherscanV2Options,
} from '@secux-companion/chain-evm/sim';
export { startEtherscanExplorer, type EtherscanExplorer } from '@secux-companion/chain-evm/sim';
