/**
 * History and token discovery for a plain EVM node (no explorer): local and self-hosted chains.
 *
 * A page scans blocks downward from the cursor (or the tip) in ranges of `step` blocks: eth_getBlockByNumber with
 * full transactions (batched) for native transfers, eth_getLogs for ERC-20 Transfer events from/to the address,
 * then receipts of the matches (gas used, status; failed transactions are dropped like the explorer path). It stops
 * when a page is full or `maxBlocksPerPage` blocks were scanned; the cursor is the next block to scan.
 * Blocks deeper than `confirmations` are cached in memory (they no longer change).
 * NFTs: ERC-721 Transfer / ERC-1155 TransferSingle+TransferBatch logs to the address (from `nftFromBlock`, the
 * whole chain for the local one, else the last `tokenScanBlocks` blocks), checked with ownerOf / balanceOf (nfts.ts).
 *
 * Its operations live in ./evmBlockScan/: the scanner (chain check, blocks, logs, token names), history and tokens.
 */
import { checkApprovals, nodeApprovalLogs } from '../approvals.js';
import type { EvmProvider } from '../backend.js';
import { createNftInfoReader } from '../nfts.js';
import { getHistory } from './evmBlockScan/history.js';
import type { EvmBlockScanOptions } from './evmBlockScan/options.js';
import { Scanner } from './evmBlockScan/scanner.js';
import { discoverTokens, getNftHoldings } from './evmBlockScan/tokens.js';

export { TRANSFER_TOPIC } from './evmBlockScan/scanner.js';
export type { EvmBlockScanOptions } from './evmBlockScan/options.js';

export function createEvmBlockScan(o: EvmBlockScanOptions): EvmProvider {
  const s = new Scanner(o);
  return {
    name: o.name,
    kind: 'blockscan',
    timeoutMs: o.timeoutMs,
    cursorKind: 'scan',
    onFailure: () => s.recheck(),
    getHistory: (address, q, signal) => getHistory(s, address, q, signal),
    getNftHoldings: (address, signal) => getNftHoldings(s, address, signal),
    getNftInfo: createNftInfoReader(s.t),
    discoverTokens: (address, signal) => discoverTokens(s, address, signal),
    // Approvals: the same range as the NFT search (the whole local chain, else the last tokenScanBlocks blocks).
    async getApprovalLogs(owner, signal) {
      const latest = await s.tip(signal);
      const from = s.o.nftFromBlock ?? Math.max(0, latest - (s.o.tokenScanBlocks ?? 200_000));
      return nodeApprovalLogs(s.t, owner, from, latest, signal, s.o.nftLogStep);
    },
    checkApprovals: (owner, candidates, signal) => checkApprovals(s.t, owner, candidates, signal),
  };
}
