import { describe, expect, it } from 'vitest';
import { encodeAbiParameters, encodeFunctionData, erc20Abi, getAddress, parseAbi, type Hex } from 'viem';
import { ChainApiError, ProviderError } from '@secux-companion/server-kit/failover';
import {
  APPROVAL_FOR_ALL_TOPIC,
  APPROVAL_TOPIC,
  approvalCandidates,
  boolWord,
  checkApprovals,
  nodeApprovalLogs,
  spenderName,
  uint256Word,
  type ApprovalCandidate,
} from './approvals.js';
import type { EvmProvider, RpcCall, RpcTransport } from './backend.js';
import { EvmFacade } from './facade.js';
import { createEvmRpcPool } from './providers/evmRpc.js';

const OWNER = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const OTHER = '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0';
const TOKEN = '0x1111111111111111111111111111111111111111';
const PUNKS = '0x2222222222222222222222222222222222222222';
const S1 = getAddress('0x' + 'aa'.repeat(20));
const S2 = getAddress('0x' + 'bb'.repeat(20));
const word = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`;
const u256 = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);

const log = (topic0: string, contract: string, spender: string, data: Hex, block: number, owner = OWNER) => ({
  address: contract,
  topics: [topic0, word(owner), word(spender)],
  data,
  blockNumber: `0x${block.toString(16)}`,
});

describe('approval events → candidates', () => {
  it('ERC-20 Approval and ApprovalForAll of the owner, each pair once, newest first', () => {
    const { candidates, truncated } = approvalCandidates(OWNER, [
      log(APPROVAL_TOPIC, TOKEN, S1, u256(5n), 10),
      log(APPROVAL_TOPIC, TOKEN, S1, u256(0n), 12),
      log(APPROVAL_FOR_ALL_TOPIC, PUNKS, S2, u256(1n), 11),
      log(APPROVAL_TOPIC, TOKEN, S2, u256(7n), 9),
    ]);
    expect(truncated).toBe(false);
    expect(candidates).toEqual([
      { contract: TOKEN, spender: S1, kind: 'ERC20' },
      { contract: PUNKS, spender: S2, kind: 'NFT' },
      { contract: TOKEN, spender: S2, kind: 'ERC20' },
    ]);
  });

  it("leaves out another owner's events, ERC-721 single-token approvals (4 topics) and non-standard data", () => {
    const single = {
      ...log(APPROVAL_TOPIC, PUNKS, S1, '0x', 3),
      topics: [APPROVAL_TOPIC, word(OWNER), word(S1), u256(1n)],
    };
    const { candidates } = approvalCandidates(OWNER, [
      log(APPROVAL_TOPIC, TOKEN, S1, u256(5n), 1, OTHER),
      single,
      log(APPROVAL_FOR_ALL_TOPIC, PUNKS, S1, u256(2n), 2), // not a bool
      log(APPROVAL_TOPIC, TOKEN, S2, '0x01', 4), // value not a word
      log('0x' + 'ab'.repeat(32), TOKEN, S2, u256(1n), 5), // another event
    ]);
    expect(candidates).toEqual([]);
  });

  it('caps the candidates (the newest kept) and says so', () => {
    const logs = Array.from({ length: 5 }, (_, i) =>
      log(APPROVAL_TOPIC, TOKEN, `0x${(i + 1).toString(16).padStart(40, '0')}`, u256(1n), i),
    );
    const r = approvalCandidates(OWNER, logs, 2);
    expect(r.truncated).toBe(true);
    expect(r.candidates.map((c) => c.spender)).toEqual([
      '0x0000000000000000000000000000000000000005',
      '0x0000000000000000000000000000000000000004',
    ]);
  });
});

describe('ABI words', () => {
  it('uint256 and bool answers must be exactly one word; a bool only 0 or 1', () => {
    expect(uint256Word(u256(42n))).toBe(42n);
    expect(uint256Word('0x')).toBeUndefined();
    expect(uint256Word(`${u256(1n)}00`)).toBeUndefined();
    expect(boolWord(u256(1n))).toBe(true);
    expect(boolWord(u256(0n))).toBe(false);
    expect(boolWord(u256(2n))).toBeUndefined();
  });
});

describe('spender names', () => {
  it('a listed spender by chain id, in any case; unknown ones and other chains have none', () => {
    expect(spenderName(1, '0x7a250d5630b4cf539739df2c5dacb4c659f2488d')).toBe('Uniswap V2 Router');
    expect(spenderName(1, S1)).toBeUndefined();
    expect(spenderName(31337, '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D')).toBeUndefined();
  });
});

/** A node answering eth_getLogs from a list and eth_call from a table of (to, data) → answer. */
function fakeNode(logs: ReturnType<typeof log>[], answers: Map<string, unknown>) {
  const ranges: [number, number][] = [];
  const t: RpcTransport = {
    async call() {
      throw new Error('not used');
    },
    async batch(calls: RpcCall[]) {
      return calls.map((c) => {
        const p = c.params[0] as {
          to?: string;
          data?: string;
          fromBlock?: string;
          toBlock?: string;
          topics?: string[];
        };
        if (c.method === 'eth_getLogs') {
          const lo = Number(p.fromBlock);
          const hi = Number(p.toBlock);
          ranges.push([lo, hi]);
          return logs.filter(
            (l) =>
              l.topics[0] === p.topics![0] &&
              l.topics[1] === p.topics![1] &&
              Number(l.blockNumber) >= lo &&
              Number(l.blockNumber) <= hi,
          );
        }
        const a = answers.get(`${p.to!.toLowerCase()}:${p.data}`);
        return a === undefined ? new ProviderError('rejected', 'execution reverted') : a;
      });
    },
  };
  return { t, ranges };
}

const abi = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function supportsInterface(bytes4 id) view returns (bool)',
  'function totalSupply() view returns (uint256)',
  'function name() view returns (string)',
]);
const k = (to: string, data: Hex) => `${to.toLowerCase()}:${data}`;
const str = (s: string) => encodeAbiParameters([{ type: 'string' }], [s]);

function chainState() {
  const m = new Map<string, unknown>();
  m.set(
    k(TOKEN, encodeFunctionData({ abi, functionName: 'allowance', args: [OWNER, S1] })),
    u256(2n ** 256n - 1n),
  );
  m.set(k(TOKEN, encodeFunctionData({ abi, functionName: 'allowance', args: [OWNER, S2] })), u256(0n));
  m.set(k(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })), u256(6n));
  m.set(k(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })), str('LUSD'));
  m.set(k(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'name' })), str('Local USD'));
  m.set(k(TOKEN, encodeFunctionData({ abi, functionName: 'totalSupply' })), u256(10n ** 12n));
  m.set(k(PUNKS, encodeFunctionData({ abi, functionName: 'isApprovedForAll', args: [OWNER, S2] })), u256(1n));
  m.set(k(PUNKS, encodeFunctionData({ abi, functionName: 'name' })), str('Local\u0007 Punks'));
  m.set(
    k(PUNKS, encodeFunctionData({ abi, functionName: 'supportsInterface', args: ['0xd9b67a26'] })),
    u256(0n),
  );
  return m;
}

describe('a node: logs in ranges, then the live state', () => {
  const logs = [
    log(APPROVAL_TOPIC, TOKEN, S1, u256(2n ** 256n - 1n), 3),
    log(APPROVAL_TOPIC, TOKEN, S2, u256(9n), 120),
    log(APPROVAL_FOR_ALL_TOPIC, PUNKS, S2, u256(1n), 250),
  ];

  it('searches [from, latest] newest range first in steps', async () => {
    const { t, ranges } = fakeNode(logs, new Map());
    const r = await nodeApprovalLogs(t, OWNER, 0, 250, AbortSignal.timeout(1000), 100);
    expect(ranges).toEqual([
      [151, 250],
      [151, 250],
      [51, 150],
      [51, 150],
      [0, 50],
      [0, 50],
    ]);
    expect(r.candidates).toHaveLength(3);
    expect(r.truncated).toBe(false);
  });

  it('keeps what the chain says is live: an allowance spent or revoked (0) is gone, names in printable ASCII', async () => {
    const { t } = fakeNode(logs, chainState());
    const { candidates } = await nodeApprovalLogs(t, OWNER, 0, 250, AbortSignal.timeout(1000));
    const live = await checkApprovals(t, OWNER, candidates, AbortSignal.timeout(1000));
    expect(live).toEqual([
      {
        candidate: { contract: PUNKS, spender: S2, kind: 'NFT' },
        schema: 'ERC721',
        token: { name: 'Local Punks', symbol: '', decimals: 0 },
      },
      {
        candidate: { contract: TOKEN, spender: S1, kind: 'ERC20' },
        allowance: 2n ** 256n - 1n,
        totalSupply: 10n ** 12n,
        token: { name: 'Local USD', symbol: 'LUSD', decimals: 6 },
      },
    ]);
  });
});

describe('EvmFacade.approvals', () => {
  const facade = (scan?: EvmProvider) =>
    new EvmFacade({
      chain: 'ETH',
      chainId: 1,
      pool: createEvmRpcPool([]),
      explorers: [],
      ...(scan ? { scans: [scan] } : {}),
    });
  const c1: ApprovalCandidate = {
    contract: TOKEN,
    spender: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
    kind: 'ERC20',
  };

  it('a chain without a log source: 404 not_configured, not a guess', async () => {
    await expect(facade().approvals(OWNER)).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_configured',
    });
    await expect(facade().approvals(OWNER)).rejects.toBeInstanceOf(ChainApiError);
  });

  it('the live approvals with the spender named, the allowance as a decimal string', async () => {
    const scan: EvmProvider = {
      name: 'scan',
      kind: 'blockscan',
      timeoutMs: 1000,
      getApprovalLogs: async () => ({ candidates: [c1], fromBlock: 0, truncated: false }),
      checkApprovals: async (_o, asked) => [
        { candidate: asked[0]!, allowance: 5n, token: { name: 'T', symbol: 'T', decimals: 2 } },
      ],
    };
    const r = await facade(scan).approvals(OWNER);
    expect(r.approvals).toEqual([
      {
        kind: 'ERC20',
        contract: TOKEN,
        spender: c1.spender,
        spenderName: 'Uniswap V2 Router',
        allowance: '5',
        token: { name: 'T', symbol: 'T', decimals: 2 },
      },
    ]);
    expect(r).toMatchObject({ chain: 'ETH', fromBlock: 0, truncated: false, provider: 'scan' });
  });

  it('an answer out of bounds (a zero allowance called live, a state nobody asked for) is refused', async () => {
    for (const bad of [
      { candidate: c1, allowance: 0n, token: { name: '', symbol: '', decimals: 0 } },
      { candidate: { ...c1 }, allowance: 1n, token: { name: '', symbol: '', decimals: 0 } },
      { candidate: c1, allowance: 2n ** 256n, token: { name: '', symbol: '', decimals: 0 } },
    ]) {
      const scan: EvmProvider = {
        name: 'scan',
        kind: 'blockscan',
        timeoutMs: 1000,
        getApprovalLogs: async () => ({ candidates: [c1], fromBlock: 0, truncated: false }),
        checkApprovals: async () => [bad],
      };
      await expect(facade(scan).approvals(OWNER)).rejects.toBeInstanceOf(ChainApiError);
    }
  });
});
