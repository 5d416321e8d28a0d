/**
 * Token approvals of an EVM address (issue 32, the approvals manager): the candidates come from the chain's own
 * events, the live state from the contracts now.
 *
 * - Events: ERC-20 `Approval(owner, spender, value)` (3 topics, the value in data) and ERC-721/1155
 *   `ApprovalForAll(owner, operator, approved)` (3 topics, the flag in data), with the owner as topic 1. ERC-721's
 *   single-token `Approval(owner, approved, tokenId)` (4 topics) is not an operator approval and is left out; a
 *   token transfer clears it anyway.
 * - Candidates: each (contract, spender, kind) once, the newest first, at most {@link APPROVAL_MAX_CANDIDATES}.
 * - Live state: `allowance(owner, spender)` > 0 (ERC-20) or `isApprovedForAll(owner, operator)` = true, read with
 *   eth_call now. An event alone never makes an approval: a later `approve(…, 0)` or a spent allowance reads 0.
 * - Names: the token's name/symbol/decimals (ERC-20) or the collection's name (NFT), printable ASCII; the spender's
 *   name from {@link KNOWN_SPENDERS} (by chain id) when it is listed.
 *
 * Providers: a plain node (the block scan) searches `eth_getLogs` in ranges; an Etherscan-style explorer answers
 * `module=logs&action=getLogs` with topic filters (1000 records a page). Public RPCs without a scan limit log ranges
 * (mainnet-behaviour.md) and serve only the checks.
 */
import { decodeFunctionResult, encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { RpcTransport } from './rpcTransport.js';
import { asciiOnly, erc20Info } from './providers/evmRpc/erc20.js';
import { batched, call, callResult, hex, Log, pad } from './nfts/calls.js';

/** keccak256('Approval(address,address,uint256)'). */
export const APPROVAL_TOPIC = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
/** keccak256('ApprovalForAll(address,address,bool)'). */
export const APPROVAL_FOR_ALL_TOPIC = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31';

/** Candidates checked at most (the newest first): an address approving thousands of spenders is spam or a bot. */
export const APPROVAL_MAX_CANDIDATES = 200;
/** Logs read at most per search (a page of an explorer is 1000): beyond it the answer says `truncated`. */
export const APPROVAL_MAX_LOGS = 5000;

export type ApprovalKind = 'ERC20' | 'NFT';

export interface ApprovalCandidate {
  /** Checksummed contract. */
  contract: string;
  /** Checksummed spender (ERC-20) or operator (NFT). */
  spender: string;
  kind: ApprovalKind;
}

export interface ApprovalLogs {
  candidates: ApprovalCandidate[];
  /** The first block searched (0: the whole chain). */
  fromBlock: number;
  /** More logs or candidates than the caps: the oldest were not looked at. */
  truncated: boolean;
}

/** A live approval as the endpoint answers it. */
export interface ApprovalEntry {
  kind: 'ERC20' | 'ERC721' | 'ERC1155';
  contract: string;
  spender: string;
  spenderName?: string;
  /** ERC-20: the allowance now (decimal base units, > 0). */
  allowance?: string;
  /** ERC-20: the token's supply now (decimal base units) when it answers. */
  totalSupply?: string;
  token: { name: string; symbol: string; decimals: number };
}

export interface ApprovalState {
  candidate: ApprovalCandidate;
  /** ERC-20: allowance (> 0); NFT: undefined. */
  allowance?: bigint;
  totalSupply?: bigint;
  schema?: 'ERC721' | 'ERC1155';
  token: { name: string; symbol: string; decimals: number };
}

const topicWord = z.string().regex(/^0x[0-9a-fA-F]{64}$/);
const wordAddress = (t: string) => getAddress(`0x${t.slice(-40)}`);

/**
 * Candidates from Approval / ApprovalForAll logs of `owner` (any order, any mix): ERC-20 approvals with 3 topics and
 * a 32-byte value, operator approvals with 3 topics and a boolean; the owner must be topic 1. Each (contract, spender,
 * kind) once, the newest log first (block number, then position in the list), at most `max`.
 */
export function approvalCandidates(
  owner: string,
  logs: readonly z.infer<typeof Log>[],
  max = APPROVAL_MAX_CANDIDATES,
): { candidates: ApprovalCandidate[]; truncated: boolean } {
  const me = pad(owner);
  const ordered = logs
    .map((l, i) => ({ l, i, n: l.blockNumber ? BigInt(l.blockNumber) : -1n }))
    .sort((a, b) => (a.n === b.n ? b.i - a.i : a.n > b.n ? -1 : 1));
  const seen = new Map<string, ApprovalCandidate>();
  let truncated = false;
  for (const { l } of ordered) {
    const [t0, t1, t2] = l.topics.map((t) => t.toLowerCase());
    if (l.topics.length !== 3 || t1 !== me || !topicWord.safeParse(t2).success) continue;
    const kind: ApprovalKind | undefined =
      t0 === APPROVAL_TOPIC ? 'ERC20' : t0 === APPROVAL_FOR_ALL_TOPIC ? 'NFT' : undefined;
    if (!kind || !/^0x[0-9a-fA-F]{64}$/.test(l.data)) continue;
    if (kind === 'NFT' && BigInt(l.data) > 1n) continue; // not a bool: not the standard event
    const c = { contract: getAddress(l.address), spender: wordAddress(t2!), kind };
    const k = `${c.contract}:${c.spender}:${kind}`.toLowerCase();
    if (seen.has(k)) continue;
    if (seen.size >= max) {
      truncated = true;
      break;
    }
    seen.set(k, c);
  }
  return { candidates: [...seen.values()], truncated };
}

/** The owner's Approval / ApprovalForAll logs of blocks [from, to] from a node, in ranges of `step` blocks. */
export async function nodeApprovalLogs(
  t: RpcTransport,
  owner: string,
  from: number,
  to: number,
  signal: AbortSignal,
  step = 50_000,
): Promise<ApprovalLogs> {
  const logs: z.infer<typeof Log>[] = [];
  let truncated = false;
  // Newest ranges first: when the cap is reached, what is left out is the oldest.
  for (let hi = to; hi >= from && !truncated; hi -= step) {
    const range = { fromBlock: hex(Math.max(from, hi - step + 1)), toBlock: hex(hi) };
    const res = await t.batch(
      [APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC].map((topic) => ({
        method: 'eth_getLogs',
        params: [{ ...range, topics: [topic, pad(owner)] }],
      })),
      signal,
    );
    for (const r of res) {
      if (r instanceof ProviderError) throw r;
      logs.push(...validate(z.array(Log), r, 'eth_getLogs'));
    }
    if (logs.length > APPROVAL_MAX_LOGS) truncated = true;
  }
  const c = approvalCandidates(owner, logs.slice(0, APPROVAL_MAX_LOGS));
  return { candidates: c.candidates, fromBlock: from, truncated: truncated || c.truncated };
}

const abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function supportsInterface(bytes4 id) view returns (bool)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
]);
/** ERC-165 interface id of ERC-1155. */
const ERC1155_INTERFACE = '0xd9b67a26';

/** A 32-byte word as an unsigned integer, or undefined (a missing, short or longer answer is not the standard's). */
export function uint256Word(data: Hex | undefined): bigint | undefined {
  if (!data || !/^0x[0-9a-fA-F]{64}$/.test(data)) return undefined;
  return BigInt(data);
}

/** A 32-byte ABI bool: exactly 0 or 1, else undefined. */
export function boolWord(data: Hex | undefined): boolean | undefined {
  const n = uint256Word(data);
  return n === 0n ? false : n === 1n ? true : undefined;
}

function text(fn: 'name' | 'symbol', data: Hex | undefined): string {
  if (!data) return '';
  try {
    return asciiOnly(decodeFunctionResult({ abi, functionName: fn, data }) as string).slice(0, 64);
  } catch {
    return '';
  }
}

/**
 * The candidates that are live now, each with its token: ERC-20 allowance > 0 (and the supply), operator approvals
 * that read true (ERC-1155 when the contract says so by ERC-165, else ERC-721). A contract that reverts or answers
 * outside the standard is left out.
 */
export async function checkApprovals(
  t: RpcTransport,
  owner: string,
  candidates: readonly ApprovalCandidate[],
  signal: AbortSignal,
): Promise<ApprovalState[]> {
  const o = owner as Hex;
  const calls = candidates.map((c) =>
    call(
      c.contract,
      c.kind === 'ERC20'
        ? encodeFunctionData({ abi, functionName: 'allowance', args: [o, c.spender as Hex] })
        : encodeFunctionData({ abi, functionName: 'isApprovedForAll', args: [o, c.spender as Hex] }),
    ),
  );
  const res = await batched(t, calls, signal);
  const live = candidates.filter((c, i) => {
    const data = callResult(res[i]);
    return c.kind === 'ERC20' ? (uint256Word(data) ?? 0n) > 0n : boolWord(data) === true;
  });
  const allowances = new Map<ApprovalCandidate, bigint>();
  candidates.forEach((c, i) => {
    if (c.kind === 'ERC20') allowances.set(c, uint256Word(callResult(res[i])) ?? 0n);
  });

  // The tokens once each: ERC-20 metadata and supply; collections' names and ERC-165.
  const erc20s = [...new Set(live.filter((c) => c.kind === 'ERC20').map((c) => c.contract))];
  const nfts = [...new Set(live.filter((c) => c.kind === 'NFT').map((c) => c.contract))];
  const meta = new Map<string, { name: string; symbol: string; decimals: number; totalSupply?: bigint }>();
  for (const contract of erc20s) {
    try {
      const i = await erc20Info(t, contract, undefined, signal);
      meta.set(contract, { name: i.name, symbol: i.symbol, decimals: i.decimals });
    } catch (e) {
      if (!(e instanceof ProviderError) || e.kind !== 'notFound') throw e;
      meta.set(contract, { name: '', symbol: '', decimals: 0 });
    }
  }
  const supplies = await batched(
    t,
    erc20s.map((c) => call(c, encodeFunctionData({ abi, functionName: 'totalSupply' }))),
    signal,
  );
  erc20s.forEach((c, i) => {
    const s = uint256Word(callResult(supplies[i]));
    if (s !== undefined) meta.get(c)!.totalSupply = s;
  });
  const nftAnswers = await batched(
    t,
    nfts.flatMap((c) => [
      call(c, encodeFunctionData({ abi, functionName: 'name' })),
      call(c, encodeFunctionData({ abi, functionName: 'symbol' })),
      call(c, encodeFunctionData({ abi, functionName: 'supportsInterface', args: [ERC1155_INTERFACE] })),
    ]),
    signal,
  );
  const nftMeta = new Map<string, { name: string; symbol: string; schema: 'ERC721' | 'ERC1155' }>();
  nfts.forEach((c, i) => {
    nftMeta.set(c, {
      name: text('name', callResult(nftAnswers[3 * i])),
      symbol: text('symbol', callResult(nftAnswers[3 * i + 1])),
      schema: boolWord(callResult(nftAnswers[3 * i + 2])) ? 'ERC1155' : 'ERC721',
    });
  });

  return live.map((c) => {
    if (c.kind === 'ERC20') {
      const m = meta.get(c.contract)!;
      return {
        candidate: c,
        allowance: allowances.get(c)!,
        ...(m.totalSupply !== undefined ? { totalSupply: m.totalSupply } : {}),
        token: { name: m.name, symbol: m.symbol, decimals: m.decimals },
      };
    }
    const m = nftMeta.get(c.contract)!;
    return { candidate: c, schema: m.schema, token: { name: m.name, symbol: m.symbol, decimals: 0 } };
  });
}

/**
 * Spenders and operators whose names are public (the contracts' own deployments, by chain id). Addresses checksummed.
 * A name is shown beside the address, never instead of it.
 */
export const KNOWN_SPENDERS: Readonly<Record<number, Readonly<Record<string, string>>>> = {
  1: {
    '0x000000000022D473030F116dDEE9F6B43aC78BA3': 'Uniswap Permit2',
    '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D': 'Uniswap V2 Router',
    '0xE592427A0AEce92De3Edee1F18E0157C05861564': 'Uniswap V3 Router',
    '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45': 'Uniswap V3 Router 2',
    '0x1111111254EEB25477B68fb85Ed929f73A960582': '1inch Router v5',
    '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC': 'OpenSea Seaport 1.5',
  },
  56: {
    '0x000000000022D473030F116dDEE9F6B43aC78BA3': 'Uniswap Permit2',
    '0x10ED43C718714eb63d5aA57B78B54704E256024E': 'PancakeSwap Router v2',
    '0x1111111254EEB25477B68fb85Ed929f73A960582': '1inch Router v5',
  },
};

/** The listed name of a spender on a chain, if any (address in any case). */
export function spenderName(chainId: number, spender: string): string | undefined {
  const list = KNOWN_SPENDERS[chainId];
  if (!list) return undefined;
  const k = spender.toLowerCase();
  return Object.entries(list).find(([a]) => a.toLowerCase() === k)?.[1];
}
