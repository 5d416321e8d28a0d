/**
 * Contract tests of the EVM family's providers: each one against recorded response shapes (test/fixtures.ts) served
 * by a local server, checking the normalized result and the failure classification.
 */
import { encodeAbiParameters, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, decodeCursor } from '@secux-companion/server-kit/failover';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { createEtherscan, gweiToWei } from './etherscan.js';
import { createEvmRpc, feesFrom } from './evmRpc.js';

const signal = () => AbortSignal.timeout(5000);
const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof ProviderError ? e.kind : `other: ${String(e)}`;
  }
};

const NFT_ME = '0x9858effd232b4033e47d90003d41ec34ecaeda94';
const NFT_OTHER = '0x6fac4d18c912343bf86fa7049364dd4e424ab9c0';
const NFT_C721 = '0x7f5bf9fc3e8d048947893991358c0a67738484bc';
const NFT_C1155 = '0x553df85af3414c983ba22ffcb12a22d50700e685';
const nftTx = (c: string, from: string, to: string, id: string, value?: string) => ({
  blockNumber: '10',
  timeStamp: '1700000000',
  hash: `0x${'1'.repeat(64)}`,
  from,
  to,
  contractAddress: c,
  tokenID: id,
  ...(value ? { tokenValue: value } : {}),
  tokenName: 'x',
  tokenSymbol: 'X',
});
const nft721 = [
  nftTx(NFT_C721, '0x0000000000000000000000000000000000000000', NFT_ME, '5'),
  nftTx(NFT_C721, NFT_OTHER, NFT_ME, '7'),
  nftTx(NFT_C721, NFT_ME, NFT_OTHER, '5'),
];
const nft1155 = [
  nftTx(NFT_C1155, NFT_OTHER, NFT_ME, '1', '10'),
  nftTx(NFT_C1155, NFT_ME, NFT_OTHER, '1', '3'),
  nftTx(NFT_C1155, NFT_OTHER, NFT_ME, '2', '1'),
  nftTx(NFT_C1155, NFT_ME, NFT_OTHER, '2', '1'),
];
let with1155 = true;

describe('Etherscan-compatible explorer contract', () => {
  let s: TestServer;
  let mode: 'ok' | 'empty' | 'rate' | 'key' = 'ok';
  beforeAll(async () => {
    s = await startServer((r) => {
      if (mode === 'empty') return { body: fx.etherscan.empty };
      if (mode === 'rate') return { body: fx.etherscan.rateLimited };
      if (mode === 'key') return { body: fx.etherscan.invalidKey };
      const action = r.query.get('action');
      if (action === 'txlist') return { body: fx.etherscan.txlist };
      if (action === 'tokentx') return { body: fx.etherscan.tokentx };
      if (action === 'tokenbalance') return { body: fx.etherscan.tokenbalance };
      if (action === 'balance') return { body: fx.etherscan.balance };
      if (action === 'gasoracle') return { body: fx.etherscan.gasoracle };
      if (action === 'eth_getTransactionCount') return { body: fx.etherscan.proxyNonce };
      if (action === 'eth_sendRawTransaction') return { body: fx.etherscan.proxyNonceTooLow };
      return { body: { status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' } };
    });
  });
  afterAll(() => s.close());
  const es = () =>
    createEtherscan({
      name: 'es',
      url: `${s.url}/v2/api`,
      chainId: 1,
      apiKey: 'secret-key',
      fetch,
      timeoutMs: 5000,
    });

  it('history merges txlist and tokentx by hash, drops errored, newest first', async () => {
    mode = 'ok';
    const h = await es().getHistory!(fx.ADDRESS, { cursor: null, pageSize: 3 }, signal());
    expect(h.operations.map((o) => o.hash)).toEqual([fx.H1, fx.H2]);
    expect(h.operations[0]).toMatchObject({
      direction: 'out',
      value: '2500000',
      fee: (51000n * 1000000n).toString(),
      nonce: 4,
      token: { contract: fx.TOKEN, symbol: 'USDT', decimals: 6, name: 'Tether USD' },
      isOwnTransaction: true,
      blockHeight: 9315100,
      time: 1653915500000,
    });
    expect(h.operations[1]).toMatchObject({ direction: 'in', value: '5000000000000000', fee: '21000000000' });
    expect(decodeCursor(h.cursor)).toEqual({ k: 'etherscan', p: 2 });
    const q = s.requests.find((r) => r.query.get('action') === 'txlist')!.query;
    expect(Object.fromEntries(q)).toMatchObject({
      chainid: '1',
      module: 'account',
      address: fx.ADDRESS,
      sort: 'desc',
      page: '1',
      offset: '3',
      apikey: 'secret-key',
    });
  });

  it('"No transactions found" (status 0) is an empty page, not an error', async () => {
    mode = 'empty';
    expect(await es().getHistory!(fx.ADDRESS, { cursor: null, pageSize: 10 }, signal())).toEqual({
      operations: [],
      cursor: null,
    });
  });

  it('rate limit and key problems in a 200 answer are classified for failover', async () => {
    mode = 'rate';
    expect(await kindOf(es().getBalance!(fx.ADDRESS, signal()))).toBe('rateLimited');
    mode = 'key';
    expect(await kindOf(es().getBalance!(fx.ADDRESS, signal()))).toBe('server');
  });

  it('balance, tokenbalance, proxy nonce, gasoracle (fractional gwei) and proxy errors', async () => {
    mode = 'ok';
    expect(await es().getBalance!(fx.ADDRESS, signal())).toBe('40891626854930000000000');
    expect(await es().getNonce!(fx.ADDRESS, signal())).toBe('5');
    const tokens = await es().getTokenBalances!(fx.ADDRESS, [fx.TOKEN], signal());
    expect(tokens[0]).toMatchObject({ contract: fx.TOKEN, balance: '135499' });
    const f = await es().getFees!(signal());
    expect(f.tiers).toEqual({ high: '123012296', medium: '111829360', low: '111829336' });
    expect(f.eip1559?.baseFeePerGas).toBe('111829336');
    expect(f.eip1559?.tiers.high.maxPriorityFeePerGas).toBe((123012296n - 111829336n).toString());
    expect(gweiToWei('12')).toBe('12000000000');
    expect(gweiToWei('0.0000000019')).toBe('1');
    const e = await es().broadcast!('0x02', signal()).catch((x: ProviderError) => x);
    expect(e).toMatchObject({ kind: 'rejected', message: 'nonce too low' });
  });
});

describe('Etherscan-compatible explorer NFT holdings', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer((r) => {
      const action = r.query.get('action');
      if (r.query.get('sort') !== 'asc') return { body: { status: '0', message: 'NOTOK', result: 'sort' } };
      if (action === 'tokennfttx') return { body: { status: '1', message: 'OK', result: nft721 } };
      if (action === 'token1155tx' && with1155)
        return { body: { status: '1', message: 'OK', result: nft1155 } };
      if (action === 'token1155tx' && !with1155)
        return { body: { status: '0', message: 'NOTOK', result: 'Error! Missing Or invalid Action name' } };
      return { body: { status: '0', message: 'No transactions found', result: [] } };
    });
  });
  afterAll(() => s.close());
  const es = () => createEtherscan({ name: 'es', url: `${s.url}/api`, fetch, timeoutMs: 5000 });

  it('tokennfttx / token1155tx → current holdings (last transfer / amounts summed)', async () => {
    with1155 = true;
    const h = await es().getNftHoldings!(NFT_ME, signal());
    expect(h).toEqual([
      {
        contract: '0x7f5BF9fC3e8d048947893991358c0A67738484bc',
        tokenId: '7',
        schemaName: 'ERC721',
        balance: '1',
      },
      {
        contract: '0x553dF85af3414C983ba22fFcB12A22D50700e685',
        tokenId: '1',
        schemaName: 'ERC1155',
        balance: '7',
      },
    ]);
  });

  it('an explorer without token1155tx lists ERC-721 only; "No transactions found" is empty', async () => {
    with1155 = false;
    const h = await es().getNftHoldings!(NFT_ME, signal());
    expect(h.map((x) => x.schemaName)).toEqual(['ERC721']);
    with1155 = true;
    s.setHandler(() => ({ body: { status: '0', message: 'No transactions found', result: [] } }));
    expect(await es().getNftHoldings!(NFT_ME, signal())).toEqual([]);
    s.setHandler(() => ({ body: { status: '0', message: 'NOTOK', result: 'Max rate limit reached' } }));
    expect(await kindOf(es().getNftHoldings!(NFT_ME, signal()))).toBe('rateLimited');
  });
});

describe('EVM JSON-RPC contract', () => {
  const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n]);
  const str = (v: string) => encodeAbiParameters([{ type: 'string' }], [v]);
  let s: TestServer;
  let sent: unknown[] = [];
  beforeAll(async () => {
    s = await startServer(
      rpcHandler({
        eth_chainId: () => '0x1',
        eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'22'.repeat(32)}` }),
        eth_getBalance: () => '0xde0b6b3a7640000',
        eth_getTransactionCount: (p) => (p[1] === 'pending' ? '0x7' : '0x6'),
        eth_estimateGas: (p) =>
          (p[0] as { data?: string }).data
            ? new RpcFail(3, 'execution reverted: ERC20: transfer amount exceeds balance')
            : '0x5208',
        eth_gasPrice: () => '0x3b9aca00',
        eth_feeHistory: () => fx.rpc.feeHistory,
        eth_call: (p) => {
          const { to, data } = p[0] as { to: string; data: string };
          if (to.toLowerCase() !== fx.TOKEN) return '0x';
          if (data === '0x313ce567') return word(6n);
          if (data === '0x95d89b41') return str('USD\u20aeT');
          if (data === '0x06fdde03') return str('Tether USD');
          if (data.startsWith('0x70a08231')) return word(135499n);
          return '0x';
        },
        eth_sendRawTransaction: (p) => {
          sent.push(p[0]);
          if (p[0] === '0xaa') return new RpcFail(-32000, 'already known');
          if (p[0] === '0xbb') return new RpcFail(-32000, 'insufficient funds for gas * price + value');
          return `0x${'ab'.repeat(32)}`;
        },
      }),
    );
  });
  afterAll(() => s.close());
  const rpc = (chainId = 1) => createEvmRpc({ name: 'rpc', url: s.url, fetch, timeoutMs: 5000, chainId });

  it('balance, pending nonce, sent count, gas estimate', async () => {
    expect(await rpc().getBalance!(fx.ADDRESS, signal())).toBe('1000000000000000000');
    expect(await rpc().getNonce!(fx.ADDRESS, signal())).toBe('7');
    expect(await rpc().getSentCount!(fx.ADDRESS, signal())).toBe(6);
    expect(await rpc().estimateGas!({ from: fx.ADDRESS, to: fx.OTHER, value: '1' }, signal())).toBe('21000');
    const e = await rpc().estimateGas!({ to: fx.TOKEN, data: '0xa9059cbb' }, signal()).catch(
      (x: ProviderError) => x,
    );
    expect(e).toMatchObject({ kind: 'rejected' });
  });

  it('fees: eth_feeHistory 3 blocks, 25/50/75 → low/medium/high; next base fee from the last entry', async () => {
    const f = await rpc().getFees!(signal());
    const base = BigInt('0x4099f79a');
    const avg = (j: number) => fx.rpc.feeHistory.reward.reduce((a, r) => a + BigInt(r[j]!), 0n) / 3n;
    expect(f.eip1559).toEqual({
      baseFeePerGas: base.toString(),
      tiers: {
        low: { maxPriorityFeePerGas: avg(0).toString(), maxFeePerGas: (2n * base + avg(0)).toString() },
        medium: { maxPriorityFeePerGas: avg(1).toString(), maxFeePerGas: (2n * base + avg(1)).toString() },
        high: { maxPriorityFeePerGas: avg(2).toString(), maxFeePerGas: (2n * base + avg(2)).toString() },
      },
    });
    const fh = s.requests
      .flatMap((r) => (Array.isArray(r.json) ? r.json : [r.json]))
      .find((m: { method?: string }) => m?.method === 'eth_feeHistory') as { params: unknown[] };
    expect(fh.params).toEqual(['0x3', 'latest', [25, 50, 75]]);
    // "All empty": the legacy gas price for every tier, no EIP-1559 tiers
    expect(feesFrom(fx.rpc.emptyFeeHistory, 5n)).toEqual({
      unit: 'wei',
      tiers: { high: '5', medium: '5', low: '5' },
    });
  });

  it('ERC-20 info and balance in one batch; non-ASCII stripped; no code → Contract not exist', async () => {
    const t = await rpc().getTokenInfo!(fx.TOKEN, fx.ADDRESS, signal());
    expect(t).toEqual({
      type: 'ERC20',
      contract: fx.TOKEN,
      name: 'Tether USD',
      symbol: 'USDT',
      decimals: 6,
      balance: '135499',
    });
    const e = await rpc().getTokenInfo!(fx.OTHER, undefined, signal()).catch((x: ProviderError) => x);
    expect(e).toMatchObject({ kind: 'notFound', message: 'Contract not exist' });
  });

  it('broadcast: hash; "already known" counts as sent; a node rejection is final', async () => {
    sent = [];
    expect(await rpc().broadcast!('0x02f8', signal())).toBe(`0x${'ab'.repeat(32)}`);
    expect(await rpc().broadcast!('0xaa', signal())).toBe(keccak256('0xaa'));
    expect(await kindOf(rpc().broadcast!('0xbb', signal()))).toBe('rejected');
  });

  it('health check: the wrong chain id is reported', async () => {
    await rpc(1).healthCheck(signal());
    expect(await kindOf(rpc(56).healthCheck(signal()))).toBe('wrongChain');
  });
});
