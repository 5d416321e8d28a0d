/**
 * Etherscan-compatible explorer API (Etherscan V2 with `chainid`, V1-style hosts, Blockscout's /api):
 * account txlist / tokentx / tokenbalance / balance / tokennfttx / token1155tx, gastracker gasoracle, proxy
 * eth_getTransactionCount /
 * eth_estimateGas / eth_sendRawTransaction. Shapes: shared/reference/apis/ethereum-jsonrpc-etherscan.md.
 *
 * The `blockscout` dialect (a Blockscout instance's `/api`, keyless at about 5 requests a second per IP,
 * mainnet-behaviour.md §3.3) has no `proxy` or `gastracker` module (HTTP 400 "Unknown action"), so it serves only the
 * account module: balance, txlist + tokentx history (its tokentx also lists NFT transfers, without `value`: skipped),
 * token discovery from `tokenlist` (the tokens an address holds, in one call), tokenbalance, and NFTs from its REST
 * `/api/v2/addresses/{a}/nft` (keyset paging by `next_page_params`). Its fields may be empty strings or null where
 * Etherscan has a number or a name; those are read as missing.
 *
 * HTTP status is 200 even for errors, so the envelope decides: status "1" is success; status "0" with
 * "No transactions found"/"No records found" is an empty list; "Max rate limit reached" is a rate limit (next
 * provider); key/chain problems skip the provider; an invalid address is the client's fault.
 *
 * Its operations live in ./etherscan/: the client (chain check, calls), account, fees, tokens, NFTs and history.
 */
import type { EvmProvider } from '../backend.js';
import { getApprovalLogs } from './etherscan/approvals.js';
import { broadcast, estimateGas, getBalance, getNonce, getSentCount } from './etherscan/account.js';
import { createExplorer } from './etherscan/client.js';
import type { EtherscanOptions } from './etherscan/options.js';
import { getFees } from './etherscan/fees.js';
import { getHistory } from './etherscan/history.js';
import { blockscoutNfts, getNftHoldings } from './etherscan/nfts.js';
import { blockscoutTokens, discoverTokens, getTokenBalances, getTokenInfo } from './etherscan/tokens.js';

export { gweiToWei } from './etherscan/fees.js';

export type { EtherscanOptions } from './etherscan/options.js';

export function createEtherscan(o: EtherscanOptions): EvmProvider {
  const ex = createExplorer(o);
  const api: EvmProvider = {
    name: o.name,
    kind: 'etherscan',
    timeoutMs: o.timeoutMs,
    cursorKind: 'etherscan',
    onFailure: () => ex.recheck(),
    getBalance: (address, signal) => getBalance(ex, address, signal),
    getNonce: (address, signal) => getNonce(ex, address, signal),
    getSentCount: (address, signal) => getSentCount(ex, address, signal),
    estimateGas: (tx, signal) => estimateGas(ex, tx, signal),
    getFees: (signal) => getFees(ex, signal),
    getTokenInfo: (contract, address, signal) => getTokenInfo(ex, contract, address, signal),
    discoverTokens: (address, signal) => discoverTokens(ex, address, signal),
    getNftHoldings: (address, signal) => getNftHoldings(ex, address, signal),
    getTokenBalances: (address, contracts, signal) => getTokenBalances(ex, address, contracts, signal),
    getHistory: (address, q, signal) => getHistory(ex, address, q, signal),
    broadcast: (raw, signal) => broadcast(ex, raw, signal),
    getApprovalLogs: (owner, signal) => getApprovalLogs(ex, owner, signal),
  };
  if (o.dialect !== 'blockscout') return api;

  // Blockscout has no proxy or gastracker module, and its tokens and NFTs come from its own actions.
  const {
    getNonce: _getNonce,
    getSentCount: _getSentCount,
    estimateGas: _estimateGas,
    getFees: _getFees,
    getTokenInfo: _getTokenInfo,
    broadcast: _broadcast,
    discoverTokens: _discoverTokens,
    getNftHoldings: _getNftHoldings,
    ...accountModule
  } = api;
  return {
    ...accountModule,
    discoverTokens: (address, signal) => blockscoutTokens(ex, address, signal),
    getNftHoldings: (address, signal) => blockscoutNfts(ex, address, signal),
  };
}
