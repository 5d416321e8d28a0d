/**
 * Bitcoin-family bounds by meaning (issue 29): a provider that lies — a balance above the coin's maximum supply, a fee
 * rate out of (0, 10 000] sat/vB — is a malformed answer. Before an honest one: its answer, served by it; alone: 502
 * (fees: the spec's fallback tiers), never the lie. A Bitcoin Core amount with more digits than a double holds is
 * served to the satoshi (issue 29: JSON.parse rounded it).
 */
import { describe, expect, it } from 'vitest';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import { liarFirst, lying } from '@secux-companion/server-kit/testing/liar';
import { jsonText, rpcHandler, type Handler, type Req } from '@secux-companion/server-kit/testing/servers';
import { MAX_FEE_RATE } from './bounds.js';
import { MAX_SUPPLY } from './config.js';
import { utxoFamily } from './index.js';

const blockbook: Handler = (r) => {
  if (r.path === '/api/' || r.path === '/api') return { body: fx.blockbook.status };
  if (r.path.startsWith('/api/v2/xpub/'))
    return { body: r.query.get('details') === 'txs' ? fx.blockbook.xpubTxs : fx.blockbook.xpub };
  return { status: 400, body: { error: 'not found' } };
};
const mempool: Handler = (r) =>
  r.path.endsWith('/block-height/0') ? { body: fx.mempool.genesis } : { body: fx.mempool.recommended };

describe('Bitcoin-family bounds by meaning', () => {
  it('an xpub balance above the 21 M BTC: the next Blockbook answers; alone, 502', async () => {
    const tooMuch = (MAX_SUPPLY.BTC * 10n ** 8n + 1n).toString(); // satoshi
    const { alone, first } = await liarFirst({
      family: utxoFamily,
      env: (urls) => ({ CHAIN_BTC_BLOCKBOOK: urls.join(','), CHAIN_BTC_MEMPOOL: 'none' }),
      honest: blockbook,
      liar: lying(blockbook, (r: Req, b) => {
        if (r.path.startsWith('/api/v2/xpub/')) b.balance = tooMuch;
      }),
      url: `/api/chains/BTC/xpub/${fx.XPUB}`,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: fx.blockbook.xpub.balance, provider: 'blockbook#2' });
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain(tooMuch);
  });

  it('a balance history bucket above the 21 M BTC: the next Blockbook answers; alone, 502', async () => {
    const tooMuch = (MAX_SUPPLY.BTC * 10n ** 8n + 1n).toString(); // satoshi
    const history = (received: string) => [{ time: 1_700_000_000, txs: 1, received, sent: '0' }];
    const withHistory: Handler = (r) =>
      r.path.startsWith('/api/v2/balancehistory/') ? { body: history('5000') } : blockbook(r);
    const { alone, first } = await liarFirst({
      family: utxoFamily,
      env: (urls) => ({ CHAIN_BTC_BLOCKBOOK: urls.join(','), CHAIN_BTC_MEMPOOL: 'none' }),
      honest: withHistory,
      liar: (r: Req) =>
        r.path.startsWith('/api/v2/balancehistory/') ? { body: history(tooMuch) } : blockbook(r),
      url: `/api/chains/BTC/balance-history/${fx.XPUB}?bip=84&from=1700000000&to=1700086400&groupBy=3600`,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ buckets: [{ received: '5000' }] });
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain(tooMuch);
  });

  it('a fee rate above 10 000 sat/vB: the next mempool’s rates; alone, the spec’s fallback tiers', async () => {
    const { alone, first } = await liarFirst({
      family: utxoFamily,
      env: (urls) => ({
        CHAIN_BTC_MEMPOOL: urls.map((u) => `${u}/api`).join(','),
        CHAIN_BTC_BLOCKBOOK: 'none',
        CHAIN_BTC_BITCOIN_RPC: 'http://127.0.0.1:9', // serves the chain; has no fee source that answers
      }),
      honest: mempool,
      liar: lying(mempool, (r: Req, b) => {
        if (!r.path.endsWith('/block-height/0')) b.fastestFee = MAX_FEE_RATE + 1;
      }),
      url: '/api/chains/BTC/fees',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tiers: { high: 21, medium: 13, low: 8 }, provider: 'mempool#2' });
    expect(alone.status).toBe(200);
    expect(alone.body).toMatchObject({ source: 'fallback', tiers: { high: 200, medium: 120, low: 60 } });
  });
});

// ---- Bitcoin Core: coins are JSON decimals (a DOGE amount has more digits than a double holds) ----

const TXID = '383ccb5da16fccad294e24a2ef77bdee5810573bb1b252d8b2af4f0ac8c4e04c';
/** 1,234,567,890.12345678 DOGE: 18 significant digits; JSON.parse reads 1234567890.1234567. */
const BIG_DOGE = '1234567890.12345678';
/** A Bitcoin Core node answering getrawtransaction with one output of `coins`, written as the node writes it. */
const coreNode = (coins: string): Handler => {
  const rpc = rpcHandler({
    getblockchaininfo: () => ({ chain: 'main', blocks: 5_000_000 }),
    getblockcount: () => 5_000_000,
    getrawtransaction: () => ({
      txid: TXID,
      hex: '0200',
      confirmations: 2,
      blocktime: 1_700_000_000,
      vsize: 110,
      vin: [{ coinbase: '04ff', sequence: 4294967295 }],
      vout: [{ value: '@COINS@', n: 0, scriptPubKey: { hex: '76a914' } }],
    }),
  });
  return async (r) => {
    const a = await rpc(r);
    return {
      ...a,
      body: jsonText(a.body).replace('"@COINS@"', coins),
      headers: { 'content-type': 'application/json' },
    };
  };
};

describe('Bitcoin Core amounts beyond a double', () => {
  it('a DOGE output of 1,234,567,890.12345678 is served to the satoshi; one above the supply is refused', async () => {
    expect(String(JSON.parse(BIG_DOGE))).not.toBe(BIG_DOGE);
    const { alone, first } = await liarFirst({
      family: utxoFamily,
      env: (urls) => ({
        CHAIN_DOGE_BITCOIN_RPC: urls.join(','),
        CHAIN_DOGE_BLOCKBOOK: 'none',
      }),
      honest: coreNode(BIG_DOGE),
      liar: coreNode(`${MAX_SUPPLY.DOGE}.00000001`),
      url: `/api/chains/DOGE/tx/${TXID}`,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ outputs: [expect.objectContaining({ value: '123456789012345678' })] });
    expect(alone.status).toBe(502);
  });
});
