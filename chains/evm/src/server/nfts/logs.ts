/** NFT holdings from a plain node: candidates from its transfer logs, then each checked now. */
import { decodeAbiParameters, decodeFunctionResult, encodeFunctionData, getAddress, type Hex } from 'viem';
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { NftHolding, NftSchema, RpcTransport } from '../backend.js';
import { Log, abi, batched, call, callResult, hex, pad } from './calls.js';
import {
  NFT_MAX_CANDIDATES,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
  nftKey,
} from './keys.js';

/**
 * (contract, id) pairs the address received in blocks [from, to] (ERC-721 Transfer with 4 topics, ERC-1155
 * TransferSingle/TransferBatch), in ranges of `step` blocks.
 */
export async function nftCandidatesFromLogs(
  t: RpcTransport,
  address: string,
  from: number,
  to: number,
  signal: AbortSignal,
  step = 50_000,
): Promise<{ contract: string; tokenId: string; schemaName: NftSchema }[]> {
  const found = new Map<string, { contract: string; tokenId: string; schemaName: NftSchema }>();
  const add = (contract: string, id: bigint, schemaName: NftSchema) => {
    if (found.size >= NFT_MAX_CANDIDATES) return; // airdrop spam: the first ones only (documented)
    const c = getAddress(contract);
    const k = nftKey(c, id.toString());
    if (!found.has(k)) found.set(k, { contract: c, tokenId: id.toString(), schemaName });
  };
  for (let lo = from; lo <= to; lo += step) {
    const range = { fromBlock: hex(lo), toBlock: hex(Math.min(to, lo + step - 1)) };
    const res = await t.batch(
      [
        { method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER_TOPIC, null, pad(address)] }] },
        {
          method: 'eth_getLogs',
          params: [{ ...range, topics: [TRANSFER_SINGLE_TOPIC, null, null, pad(address)] }],
        },
        {
          method: 'eth_getLogs',
          params: [{ ...range, topics: [TRANSFER_BATCH_TOPIC, null, null, pad(address)] }],
        },
      ],
      signal,
    );
    const [t721, single, multi] = res.map((r) => {
      if (r instanceof ProviderError) throw r;
      return validate(z.array(Log), r, 'eth_getLogs');
    });
    for (const l of t721!) if (l.topics.length === 4) add(l.address, BigInt(l.topics[3]!), 'ERC721');
    for (const l of single!) {
      try {
        const [id] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], l.data as Hex);
        add(l.address, id, 'ERC1155');
      } catch {
        /* not a standard TransferSingle */
      }
    }
    for (const l of multi!) {
      try {
        const [ids] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data as Hex);
        for (const id of ids.slice(0, 1000)) add(l.address, id, 'ERC1155');
      } catch {
        /* not a standard TransferBatch */
      }
    }
  }
  return [...found.values()];
}

/** The candidates the address holds now: ownerOf(id) = address (ERC-721), balanceOf(address, id) > 0 (ERC-1155). */
export async function verifyNftHoldings(
  t: RpcTransport,
  address: string,
  candidates: { contract: string; tokenId: string; schemaName: NftSchema }[],
  signal: AbortSignal,
): Promise<NftHolding[]> {
  const calls = candidates.map((c) =>
    call(
      c.contract,
      c.schemaName === 'ERC721'
        ? encodeFunctionData({ abi, functionName: 'ownerOf', args: [BigInt(c.tokenId)] })
        : encodeFunctionData({
            abi,
            functionName: 'balanceOf',
            args: [address as Hex, BigInt(c.tokenId)],
          }),
    ),
  );
  const res = await batched(t, calls, signal);
  const out: NftHolding[] = [];
  candidates.forEach((c, i) => {
    const data = callResult(res[i]);
    if (!data) return;
    try {
      if (c.schemaName === 'ERC721') {
        const owner = decodeFunctionResult({ abi, functionName: 'ownerOf', data });
        if (owner.toLowerCase() === address.toLowerCase()) out.push({ ...c, balance: '1' });
      } else {
        const bal = decodeFunctionResult({ abi, functionName: 'balanceOf', data });
        if (bal > 0n) out.push({ ...c, balance: bal.toString() });
      }
    } catch {
      /* not an answer of the standard: not counted */
    }
  });
  return out;
}
