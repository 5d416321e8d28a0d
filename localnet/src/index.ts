/**
 * @secux-companion/localnet - the local chains the wallet's local profile runs against:
 * an anvil EVM chain (chain id 31337) with the LUSD/LPUNK/LITEM token contracts, a small second
 * anvil "side chain" (chain id 31338, the same funded ETH accounts, no contracts) that the server
 * offers as an addable custom EVM chain, one anvil per other EVM coin of the menu (TETH, BSC, TBSC, XDC, HME: each
 * on its chain id from core's chain table, with the same contracts at the same addresses), and a Litecoin regtest node (Debian's litecoind), all funded
 * for the emulator's accounts and mining on an interval. The side chain exists because the device keys
 * EVM accounts by (coin type 60, chain id): adding the main chain itself as a custom chain would share
 * chain id 31337 with the native ETH coin and collide with its device entries.
 *
 * Environment variables (options passed to startLocalnet win over them):
 *   DATA_DIR                    data root, relative to the repo root (default ./data); localnet uses DATA_DIR/localnet
 *   WALLET_EMULATOR_MNEMONIC    mnemonic whose accounts are funded (default: the BIP-39 test phrase)
 *   LOCALNET_EVM_PORT           EVM JSON-RPC port (default 8545; 0 = a free port)
 *   LOCALNET_CHAIN_ID           EVM chain id (default 31337)
 *   LOCALNET_SIDE_EVM_PORT      side chain JSON-RPC port (default 8546, or a free port when the main
 *                               EVM port is 0; 0 = a free port)
 *   LOCALNET_SIDE_CHAIN_ID      side chain id (default 31338)
 *   LOCALNET_EVM_COINS          the EVM coins given their own anvil (default: TETH,BSC,TBSC,XDC,HME; 0/false/off = none)
 *   LOCALNET_TETH_PORT          TETH chain (id 11155111) JSON-RPC port (default 8547; 0 = a free port)
 *   LOCALNET_BSC_PORT           BSC chain (id 56) JSON-RPC port (default 8548; 0 = a free port)
 *   LOCALNET_TBSC_PORT          TBSC chain (id 97) JSON-RPC port (default 8549; 0 = a free port)
 *   LOCALNET_XDC_PORT           XDC chain (id 50) JSON-RPC port (default 8550; 0 = a free port)
 *   LOCALNET_HME_PORT           HME chain (id 886) JSON-RPC port (default 8551; 0 = a free port)
 *                               (each coin's port is a free one by default when the main EVM port is 0)
 *   LOCALNET_EVM_ACCOUNTS       funded ETH accounts m/44'/60'/{0..n-1}'/0/0 (default 5; on the EVM coins' chains too)
 *   LOCALNET_EVM_BALANCE_ETH    ETH per account (default 100; the same amount of each EVM coin)
 *   LOCALNET_BLOCK_INTERVAL_MS  interval block on every chain (default 5000; 0 = off)
 *   LOCALNET_LTC                0/false/off to skip the Litecoin node
 *   LITECOIND                   litecoind binary (default: litecoind on PATH)
 *   LOCALNET_LTC_RPC_PORT       litecoind RPC port (default 19443; 0 = a free port)
 *   LOCALNET_LTC_P2P_PORT       litecoind P2P port (default 19444; 0 = a free port)
 *   LOCALNET_LTC_RPC_USER       (default secux)
 *   LOCALNET_LTC_RPC_PASSWORD   (default secux-localnet)
 *   LOCALNET_LTC_FUND_AMOUNT    LTC sent to each emulator address (default 5)
 *   LOCALNET_XRPL               0/false/off to skip the XRP Ledger simulator
 *   LOCALNET_SOLANA             0/false/off to skip the Solana node (LiteSVM)
 *   LOCALNET_SOLANA_PORT        first of the Solana node's two JSON-RPC ports (default 8899, the second 8900; 0 = free ports)
 *   LOCALNET_SOLANA_SLOT_MS     Solana slot interval (default 400; a blockhash lives 150 slots)
 *   LOCALNET_UTXO               0/false/off to skip the bitcoin-family chains (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE)
 *   LOCALNET_UTXO_PORT          their Blockbook / mempool API port (default 9130; 0 = a free port)
 *   LOCALNET_XRPL_PORT          XRP Ledger simulator JSON-RPC port (default 51234; 0 = a free port)
 *   LOCALNET_STELLAR            0/false/off to skip the Stellar Horizon simulator
 *   LOCALNET_STELLAR_PORT       Stellar Horizon simulator port (default 8000; 0 = a free port)
 */
export * from '@secux-companion/sim-kit';
export * from './families.js';
export * from './options.js';
export { REPO_ROOT, defaultDataDir, endpointsFile, readEndpoints } from './endpoints.js';
export { loadLocalChains, startLocalnet, type EntryImport } from './start.js';
