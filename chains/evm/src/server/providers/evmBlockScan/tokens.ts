/** Token discovery (ERC-20 transfer logs) and NFT holdings (transfer logs checked with ownerOf / balanceOf). */
import { nftCandidatesFromLogs, verifyNftHoldings } from '../../nfts.js';
import type { Scanner } from './scanner.js';

export async function getNftHoldings(s: Scanner, address: string, signal: AbortSignal) {
  const latest = await s.tip(signal);
  const from = s.o.nftFromBlock ?? Math.max(0, latest - (s.o.tokenScanBlocks ?? 200_000));
  const candidates = await nftCandidatesFromLogs(s.t, address, from, latest, signal, s.o.nftLogStep);
  return verifyNftHoldings(s.t, address, candidates, signal);
}

export async function discoverTokens(s: Scanner, address: string, signal: AbortSignal): Promise<string[]> {
  const latest = await s.tip(signal);
  const lo = Math.max(0, latest - (s.o.tokenScanBlocks ?? 200_000));
  const logs = await s.transferLogs(address, lo, latest, signal);
  const seen = new Map<string, string>();
  for (const l of logs) seen.set(l.address.toLowerCase(), l.address);
  return [...seen.values()];
}
