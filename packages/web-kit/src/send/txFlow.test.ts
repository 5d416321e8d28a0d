import { afterEach, describe, expect, it, vi } from 'vitest';
import { TXLOG_ERROR_MAX_CHARS } from '@secux-companion/core';
import { broadcastWith, checkFeeAlert, feeLimitPrompt, runSigning } from './txFlow';

const context = { kind: 'send', from: "m/44'/2'/0'", to: 'mX', fee: '904' };

function mockFetch(config: Record<string, unknown>, price: number | null) {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/config') return new Response(JSON.stringify(config));
    if (url.startsWith('/api/prices/coins'))
      return new Response(JSON.stringify({ prices: price === null ? {} : { litecoin: price } }));
    if (url === '/api/txlog') {
      posts.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 201 });
    }
    return new Response('{}', { status: 404 });
  });
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('fee alert', () => {
  it('compares the fee in fiat with higherFeeLimit and maxFeeLimit from the remote config', async () => {
    mockFetch({ maxFeeLimit: 1000, higherFeeLimit: 100, feeLimitCurrency: 'USD' }, 85);
    // 1 LTC at 85 USD: fine; 2 LTC = 170 USD: higher_fee; 12 LTC = 1020 USD: max_fee
    await expect(checkFeeAlert('LTC', 100_000_000n)).resolves.toMatchObject({ alert: 'ok' });
    await expect(checkFeeAlert('LTC', 200_000_000n)).resolves.toMatchObject({
      alert: 'higher_fee',
      limit: '100',
      currency: 'USD',
      symbol: '$',
    });
    await expect(checkFeeAlert('LTC', 1_200_000_000n)).resolves.toMatchObject({ alert: 'max_fee' });
  });
  it('defaults to 1000 / 100 and lets the flow go on when the check itself fails', async () => {
    mockFetch({}, 85);
    await expect(checkFeeAlert('LTC', 200_000_000n)).resolves.toMatchObject({
      alert: 'higher_fee',
      limit: '100',
    });
    vi.stubGlobal('fetch', async () => {
      throw new Error('offline');
    });
    await expect(checkFeeAlert('LTC', 10n ** 12n)).resolves.toEqual({ alert: 'ok' });
  });
  it("the higher_fee prompt names the limit's currency and its symbol ('higher than €50 (EUR)')", async () => {
    mockFetch({ maxFeeLimit: 1000, higherFeeLimit: 50, feeLimitCurrency: 'EUR' }, 85);
    await expect(feeLimitPrompt('LTC', 100_000_000n)).resolves.toEqual({
      kind: 'higher_fee',
      limit: '50',
      currency: 'EUR',
      symbol: '€',
    });
    await expect(feeLimitPrompt('LTC', 10n ** 6n)).resolves.toBeNull();
  });
  // The fee-limit rule of spec 01 (maxFeeLimit / higherFeeLimit on the fee's fiat value) for the families that had no
  // price id: the price service is asked for the chain's own coin id, and a fee past the limit alerts.
  it.each([
    // chain, price-service id, price (USD), a fee under 100 USD, one above 100 USD, one above 1000 USD
    ['XRP', 'ripple', 0.6, 100_000_000n, 200_000_000n, 2_000_000_000n], // drops: 100, 200, 2000 XRP
    ['XLM', 'stellar', 0.11, 8_000_000_000n, 10_000_000_000n, 100_000_000_000n], // stroops: 800, 1000, 10000 XLM
    ['SOL', 'solana', 150, 500_000_000n, 1_000_000_000n, 7_000_000_000n], // lamports: 0.5, 1, 7 SOL
    ['FIO', 'fio-protocol', 0.03, 3_000_000_000_000n, 4_000_000_000_000n, 40_000_000_000_000n], // 3000, 4000, 40000 FIO
  ] as const)(
    '%s: the fee is valued at its coin price (%s) and past the limits alerts',
    async (chain, id, price, ok, higher, max) => {
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        if (url === '/api/config')
          return new Response(JSON.stringify({ maxFeeLimit: 1000, higherFeeLimit: 100 }));
        if (url.startsWith('/api/prices/coins')) {
          const ids = new URL(url, 'http://x').searchParams.get('ids') ?? '';
          asked.push(ids);
          return new Response(JSON.stringify({ prices: ids === id ? { [id]: price } : {} }));
        }
        return new Response('{}', { status: 404 });
      });
      await expect(feeLimitPrompt(chain, ok)).resolves.toBeNull();
      await expect(feeLimitPrompt(chain, higher)).resolves.toEqual({
        kind: 'higher_fee',
        limit: '100',
        currency: 'USD',
        symbol: '$',
      });
      await expect(feeLimitPrompt(chain, max)).resolves.toEqual({ kind: 'max_fee' });
      expect(new Set(asked)).toEqual(new Set([id]));
    },
  );

  it('a coin without a price (a chain the user added, testnets) has no fee-limit alert and asks nothing', async () => {
    const f = vi.fn();
    vi.stubGlobal('fetch', f);
    await expect(feeLimitPrompt('EVM', 10n ** 20n)).resolves.toBeNull();
    await expect(feeLimitPrompt('TBTC', 10n ** 12n)).resolves.toBeNull();
    expect(f).not.toHaveBeenCalled();
  });
});

describe('broadcast', () => {
  const send = (broadcast: () => Promise<string>) => broadcastWith({ broadcast }, 'LTC', tx, context);
  const tx = { hash: 'ab'.repeat(32), raw: '00' };

  it('success stores the hash with state-010 and posts the transaction log', async () => {
    const posts = mockFetch({}, null);
    const r = await send(async () => tx.hash);
    // The success is followed on the chain it was sent to (tx-status) until the chain decides.
    expect(r).toEqual({ kind: 'success', hash: tx.hash, resultCode: 'state-010', chain: 'LTC' });
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      hash: tx.hash,
      chain: 'LTC',
      context: { result: 'state-010', fee: '904', to: 'mX' },
    });
  });
  it("'conflict' / 'Missing' show the unconfirmed-transaction alert; other failures err-08", async () => {
    mockFetch({}, null);
    const conflict = await send(async () => Promise.reject(new Error('txn-mempool-conflict')));
    expect(conflict).toMatchObject({
      kind: 'failed',
      resultCode: 'err-08',
      messageKey: 'broadcastConflict',
      conflict: true,
    });
    const missing = await send(async () => Promise.reject(new Error('Missing inputs')));
    expect(missing).toMatchObject({ messageKey: 'broadcastConflict' });
    const other = await send(async () => Promise.reject(new Error('bad-txns-in-belowout')));
    expect(other).toMatchObject({
      kind: 'failed',
      resultCode: 'err-08',
      messageKey: 'err-08',
      conflict: false,
      raw: 'bad-txns-in-belowout',
    });
  });
  it("a broadcast that reached no node (transport failure, no reachable provider) says 'try again', not a bare err-08", async () => {
    mockFetch({}, null);
    const offline = Object.assign(new Error('network error'), { status: 0, code: 'network' });
    // Nothing is known of the outcome: the same signed transaction may be sent again (retryable).
    expect(await send(async () => Promise.reject(offline))).toMatchObject({
      kind: 'failed',
      resultCode: 'err-08',
      messageKey: 'broadcastFailedRetry',
      retryable: true,
    });
    const noProvider = Object.assign(new Error('No provider for LTC is reachable (broadcast)'), {
      status: 503,
      code: 'upstream_unavailable',
    });
    expect(await send(async () => Promise.reject(noProvider))).toMatchObject({
      messageKey: 'broadcastFailedRetry',
      retryable: true,
    });
    const allFailed = Object.assign(new Error('Every provider for LTC failed (broadcast)'), {
      status: 502,
      code: 'upstream_failed',
    });
    expect(await send(async () => Promise.reject(allFailed))).toMatchObject({ retryable: true });
    // The node's own words keep err-08 with the words shown beside it.
    const rejected = Object.assign(new Error('bad-txns-in-belowout'), { status: 422, code: 'rejected' });
    expect(await send(async () => Promise.reject(rejected))).toMatchObject({
      messageKey: 'err-08',
      raw: 'bad-txns-in-belowout',
      retryable: false,
    });
  });
  it("a user-added EVM chain whose RPCs all refused the broadcast says 'Can not broadcast at the moment' (spec 02)", async () => {
    mockFetch({}, null);
    const none = Object.assign(new Error('Can not broadcast at the moment'), {
      status: 0,
      code: 'cannotBroadcast',
    });
    expect(await send(async () => Promise.reject(none))).toMatchObject({
      kind: 'failed',
      resultCode: 'err-08',
      messageKey: 'cannotBroadcast',
      retryable: true,
    });
  });
  it("a node's very long error is logged cut to what the server keeps (a longer one would be refused and the entry lost)", async () => {
    const posts = mockFetch({}, null);
    const words = 'x'.repeat(TXLOG_ERROR_MAX_CHARS + 1000);
    const r = await send(async () => Promise.reject(new Error(words)));
    expect(r).toMatchObject({ kind: 'failed', raw: words });
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      context: { result: 'err-08', error: words.slice(0, TXLOG_ERROR_MAX_CHARS) },
    });
  });
});

describe('signing', () => {
  const failWith = (error: unknown) => runSigning(() => Promise.reject(error));

  it('old firmware during signing shows the catalogue text the device layer names, not its raw message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const tooOld = Object.assign(new Error('This feature requires at least MCU 2.30.0'), {
      name: 'FirmwareTooOldError',
      messageKey: 'firmwareUpdateRequired',
    });
    await expect(failWith(tooOld)).resolves.toMatchObject({
      kind: 'error',
      messageKey: 'firmwareUpdateRequired',
    });
  });
  it('a cancel on the device is silent; a transfer error is the signature error; others keep their text', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(failWith({ code: 0x9001 })).resolves.toEqual({ kind: 'cancelled' });
    await expect(failWith(Object.assign(new Error('timeout'), { name: 'TransferError' }))).resolves.toEqual({
      kind: 'error',
      messageKey: 'signatureError',
    });
    await expect(failWith(new Error('boom'))).resolves.toEqual({ kind: 'error', message: 'boom' });
  });
});
