/**
 * Home's portfolio (issues 20, 33): what discovery at connect read, shown without opening any coin — the total in
 * the display currency, each coin's share and 24 h change, each coin's state (stored, refreshing, up to date,
 * failed with its reason, not served) — written each language's way; a missing price or change is shown as
 * missing, never as zero.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainSymbol } from '@secux-companion/core';
import type { TokenHolding } from '@secux-companion/chain-common';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { setPreferences } from '@secux-companion/web-kit/state/preferences';
import { PRICE_IDS } from '@secux-companion/web-kit/accounts/api';
import {
  resetDiscovery,
  runDiscovery,
  type RefreshedCoin,
} from '@secux-companion/web-kit/accounts/discovery';
import type { AnyFamily, FamilyChain, WalletAccount } from '@secux-companion/web-kit/family/types';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { Portfolio } from './Portfolio';

setupUiTests();

/** The screen settles within this (a loaded machine renders slowly). */
const WAIT = { timeout: 10_000 };

afterEach(async () => {
  resetDiscovery();
  setPreferences({ hideUnverified: false, hideDust: null });
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const decimals: Record<string, number> = { BTC: 8, ETH: 18, LTC: 8, HME: 18 };

function refreshed(coin: string, balances: bigint[]): RefreshedCoin {
  const accounts: WalletAccount[] = balances.map((balance, index) => ({
    id: `${coin}:m/44'/0'/${index}'`,
    index,
    bip: 44,
    path: `m/44'/0'/${index}'`,
    name: `${coin} ${index + 1}`,
    balance,
    pending: 0n,
    txCount: 1,
  }));
  return {
    accounts,
    family: { id: 'fake' } as unknown as AnyFamily,
    chain: {
      unit: { symbol: coin, decimals: decimals[coin]!, digits: 8 },
      local: false,
    } as unknown as FamilyChain,
  };
}

/** The price service: `prices` and `changes24h` by price id for every request; returns the URLs asked. */
function priceService(prices: Record<string, number>, changes: Record<string, number>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify({ prices, changes24h: changes }));
  });
  return asked;
}

/**
 * Discovery of BTC (1.5 on the device, then 1 + 0.5 from the network), ETH (3, fresh), HME (2, no price) and LTC
 * (on the device, its refresh failing) with LTC's price but no change.
 */
async function discover(over: { failLtc?: boolean } = {}) {
  await runDiscovery({
    coins: ['BTC', 'ETH', 'LTC', 'HME', 'XRP'] as ChainSymbol[],
    readTable: async () => [
      { name: 'BTC 1', path: "m/84'/0'/0'", balance: '150000000', symbol: 'BTC', chainId: 0 },
      { name: 'LTC 1', path: "m/44'/2'/0'", balance: '200000000', symbol: 'LTC', chainId: 0 },
    ],
    unserved: async () => new Map([['XRP', { reason: 'no_provider' as const, settings: ['CHAIN_XRP_RPC'] }]]),
    refreshCoin: async (coin) => {
      if (coin === 'BTC') return refreshed('BTC', [100_000_000n, 50_000_000n]);
      if (coin === 'ETH') return refreshed('ETH', [3n * 10n ** 18n]);
      if (coin === 'HME') return refreshed('HME', [2n * 10n ** 18n]);
      if (over.failLtc !== false) throw new Error('upstream_failed: the LTC provider did not answer');
      return refreshed('LTC', [200_000_000n]);
    },
  });
}

const quotes = () =>
  priceService(
    { [PRICE_IDS.BTC!]: 60000, [PRICE_IDS.ETH!]: 3000, [PRICE_IDS.LTC!]: 75 },
    { [PRICE_IDS.BTC!]: 2.5, [PRICE_IDS.ETH!]: -1.2 },
  );

describe('Portfolio at connect', () => {
  it('shows every coin held without opening any, with one price request for them all', async () => {
    const asked = quotes();
    await discover();
    renderUi(<Portfolio />);
    // 1.5 BTC × 60,000 + 3 ETH × 3,000 + 2 LTC × 75 = 99,150 USD (HME has no price: left out, not 0)
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$99,150.00'),
      WAIT,
    );
    expect(asked.filter((u) => u.startsWith('/api/prices/coins'))).toEqual([
      '/api/prices/coins?ids=bitcoin,ethereum,litecoin,ripple&currency=usd',
    ]);
    const rows = screen.getAllByTestId('portfolio-row');
    expect(rows.map((r) => r.getAttribute('data-coin'))).toEqual(['BTC', 'ETH', 'LTC', 'HME']);
    const hme = rows[3]!;
    expect(within(hme).getByTestId('portfolio-value').textContent).toBe('Price N/A');
    expect(within(hme).getByTestId('portfolio-row-change').textContent).toBe('Not available');
    expect(hme.textContent).not.toContain('$0');
    expect(screen.getByTestId('portfolio-unpriced').textContent).toBe(
      'No price for HME: left out of the total.',
    );
    const btc = rows[0]!;
    expect(within(btc).getByTestId('portfolio-amount').textContent).toBe('1.5 BTC');
    expect(within(btc).getByTestId('portfolio-row-change').textContent).toBe('+2.5%');
    expect(within(rows[1]!).getByTestId('portfolio-row-change').textContent).toBe('-1.2%');
    // LTC's change is missing: the total's change is missing too, not a partial sum
    expect(screen.getByTestId('portfolio-change').textContent).toBe('24 h change not available');
  });

  it('gives the total 24 h change when every valued coin has one', async () => {
    priceService(
      { [PRICE_IDS.BTC!]: 100, [PRICE_IDS.ETH!]: 100 },
      { [PRICE_IDS.BTC!]: 25, [PRICE_IDS.ETH!]: -50 },
    );
    await runDiscovery({
      coins: ['BTC', 'ETH'] as ChainSymbol[],
      readTable: async () => [],
      unserved: async () => new Map(),
      refreshCoin: async (coin) =>
        coin === 'BTC' ? refreshed('BTC', [100_000_000n]) : refreshed('ETH', [10n ** 18n]),
    });
    renderUi(<Portfolio />);
    // 100 + 100 now, 80 + 200 a day ago
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-change').textContent).toBe('24 h change: −$80.00 (-28.57%)'),
      WAIT,
    );
  });

  it("names each coin's state: up to date, failed with its reason, not served with the setting", async () => {
    quotes();
    await discover();
    renderUi(<Portfolio />);
    fireEvent.click(screen.getByRole('button', { name: 'Every coin (5)' }));
    const state = (coin: string) =>
      screen.getAllByTestId('portfolio-coin').find((e) => e.getAttribute('data-coin') === coin)!;
    expect(state('BTC').getAttribute('data-state')).toBe('fresh');
    expect(within(state('BTC')).getByTestId('portfolio-coin-state').textContent).toBe('Up to date');
    expect(within(state('BTC')).getByText('Accounts: 2')).toBeTruthy();
    expect(state('LTC').getAttribute('data-state')).toBe('failed');
    expect(within(state('LTC')).getByTestId('portfolio-coin-detail').textContent).toBe(
      'Refresh failed: upstream_failed: the LTC provider did not answer',
    );
    expect(within(state('XRP')).getByTestId('portfolio-coin-detail').textContent).toBe(
      "This server's profile does not serve it (settings: CHAIN_XRP_RPC)",
    );
    // The failed coin keeps the balance the device stores
    const ltcRow = screen.getAllByTestId('portfolio-row').find((r) => r.getAttribute('data-coin') === 'LTC')!;
    expect(within(ltcRow).getByTestId('portfolio-amount').textContent).toBe('2 LTC');
    expect(screen.getByTestId('portfolio-progress').textContent).toBe(
      'Every coin refreshed: 3 up to date, 1 failed, 1 not served',
    );
  });

  it('shows the stored balances while the network is still being read, with progress', async () => {
    quotes();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const run = runDiscovery({
      coins: ['BTC', 'ETH'] as ChainSymbol[],
      readTable: async () => [
        { name: 'BTC 1', path: "m/84'/0'/0'", balance: '150000000', symbol: 'BTC', chainId: 0 },
      ],
      unserved: async () => new Map(),
      concurrency: 1,
      refreshCoin: async (coin) => {
        await gate;
        return refreshed(coin, [coin === 'BTC' ? 100_000_000n : 0n]);
      },
    });
    renderUi(<Portfolio />);
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$90,000.00'),
      WAIT,
    );
    expect(screen.getByTestId('portfolio-row').getAttribute('data-state')).toBe('refreshing');
    expect(screen.getByTestId('portfolio-progress').textContent).toBe(
      '0 of 2 coins refreshed from the network',
    );
    expect(screen.getByRole('progressbar', { name: 'Accounts refreshed from the network' })).toBeTruthy();
    release();
    await run;
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$60,000.00'),
      WAIT,
    );
  });

  it('is written the language’s way: pt (decimal comma) and zh-TW', async () => {
    quotes();
    await discover({ failLtc: false });
    await setLanguage('pt');
    const { unmount } = renderUi(<Portfolio />);
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-total').textContent).toMatch(/^US\$\s99\.150,00$/),
      WAIT,
    );
    const rows = screen.getByTestId('portfolio-rows').textContent!;
    // BTC 90,000 of 99,150 = 90.8 %
    expect(rows).toContain('90,8%');
    expect(rows).toContain('+2,5%');
    expect(rows).toContain('Preço N/D');
    unmount();
    await setLanguage('zh-TW');
    renderUi(<Portfolio />);
    await vi.waitFor(
      () => expect(screen.getByTestId('portfolio-total').textContent).toBe('US$99,150.00'),
      WAIT,
    );
    expect(screen.getByTestId('portfolio-unpriced').textContent).toBe('HME 沒有價格：未計入總額。');
  });

  describe('tokens', () => {
    const LUSDT = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
    const SCAM = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    const token = (contract: string, symbol: string, balance: bigint, more: Partial<TokenHolding> = {}) =>
      ({ contract, symbol, decimals: 6, balance, ...more }) as TokenHolding;
    const trxAccount = (index: number, balance: bigint, tokens: TokenHolding[]) => ({
      id: `TRX:m/44'/195'/${index}'`,
      index,
      bip: 44 as const,
      path: `m/44'/195'/${index}'`,
      name: `TRX ${index + 1}`,
      address: `T${index}`,
      balance,
      pending: 0n,
      txCount: 1,
      tokens,
    });

    /** The price service for coins and tokens; returns the URLs asked. */
    function prices(tokenPrices: Record<string, number> = { [LUSDT]: 1 }) {
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        asked.push(url);
        if (url.startsWith('/api/prices/coins'))
          return new Response(JSON.stringify({ prices: { tron: 0.12 }, changes24h: { tron: 0.4 } }));
        if (url.startsWith('/api/prices/tokens'))
          return new Response(JSON.stringify({ prices: tokenPrices, changes24h: { [LUSDT]: -0.1 } }));
        return new Response('{}');
      });
      return asked;
    }

    /**
     * TRX discovery through the TRON family's own slot: account 1 holds 100 TRX, 1,000,000.5 LUSDT, 7 LTA (a TRC-10
     * asset: no contract to price), an unverified SCAM token without a market and a spent token (0); account 2 holds
     * 10 LUSDT.
     */
    async function discoverTron(extra: TokenHolding[] = []) {
      await runDiscovery({
        coins: ['TRX'] as ChainSymbol[],
        readTable: async () => [],
        unserved: async () => new Map(),
        refreshCoin: async () => ({
          ...refreshed('BTC', []),
          chain: { unit: { symbol: 'TRX', decimals: 6, digits: 6 }, local: false } as unknown as FamilyChain,
          accounts: [
            trxAccount(0, 100_000_000n, [
              token(LUSDT, 'LUSDT', 1_000_000_500_000n),
              token('1000001', 'LTA', 7n, { decimals: 0 }),
              token(SCAM, 'SCAM', 5_000_000n, { unverified: true }),
              token('TSpentSpentSpentSpentSpentSpent11', 'OLD', 0n),
            ]),
            trxAccount(1, 0n, [token(LUSDT, 'LUSDT', 10_000_000n), ...extra]),
          ],
        }),
      });
    }

    it('counts the funded tokens in the total with their 24 h change, one price request per platform', async () => {
      const asked = prices();
      await discoverTron();
      renderUi(<Portfolio />);
      // 100 TRX × 0.12 + 1,000,010.5 LUSDT × 1
      await vi.waitFor(
        () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$1,000,022.50'),
        WAIT,
      );
      const rows = screen.getAllByTestId('portfolio-token-row');
      expect(rows.map((r) => r.getAttribute('data-contract'))).toEqual([LUSDT, '1000001', SCAM]);
      const lusdt = rows[0]!;
      expect(within(lusdt).getByTestId('portfolio-token-symbol').textContent).toBe('LUSDT');
      expect(lusdt.textContent).toContain('Token on TRX');
      expect(within(lusdt).getByTestId('portfolio-amount').textContent).toBe('1,000,010.5 LUSDT');
      expect(within(lusdt).getByTestId('portfolio-value').textContent).toBe('$1,000,010.50');
      expect(within(lusdt).getByTestId('portfolio-row-change').textContent).toBe('-0.1%');
      // the TRC-10 asset and the token without a market: named, never valued at 0
      for (const r of rows.slice(1)) {
        expect(within(r).getByTestId('portfolio-value').textContent).toBe('Price N/A');
        expect(r.textContent).not.toContain('$0');
      }
      expect(within(rows[2]!).getByTestId('portfolio-token-unverified').textContent).toBe('Unverified');
      expect(screen.getByTestId('portfolio-unpriced').textContent).toBe(
        'No price for LTA (TRX), SCAM (TRX): left out of the total.',
      );
      // TRX +0.4 % (12 − 12 / 1.004 = +0.05) and LUSDT −0.1 % (1,000,010.5 − 1,000,010.5 / 0.999 = −1,001.01)
      expect(screen.getByTestId('portfolio-change').textContent).toBe('24 h change: −$1,000.96 (-0.1%)');
      // the tokens were read with the accounts (no second account read), priced in one request (LTA is not asked)
      expect(asked.filter((u) => u.startsWith('/api/chains/TRX/account'))).toEqual([]);
      expect(asked.filter((u) => u.startsWith('/api/prices/tokens'))).toEqual([
        `/api/prices/tokens?platform=tron&contracts=${LUSDT},${SCAM}&currency=usd`,
      ]);
      // The value chart cannot read the accounts' histories here ('{}'): LUSDT is named and said to be left out.
      expect((await screen.findByTestId('value-chart-missing-balances', {}, WAIT)).textContent).toContain(
        'LUSDT (TRX)',
      );
      expect(screen.getByTestId('value-chart-tokens-left-out')).toBeTruthy();
    });

    it("adds the accounts' tokens to the value chart from the history the coin's line reads", async () => {
      const now = Date.now();
      const HOUR = 3_600_000;
      const asked: string[] = [];
      // LUSDT at 1 USD the whole day; TRX at 0.12.
      const day = (price: string) => [
        { time: now - 25 * HOUR, price },
        { time: now, price },
      ];
      const wireOp = (value: string, time: number) => ({
        hash: `h${time}`,
        time,
        blockHeight: null,
        direction: 'in',
        value,
        fee: '0',
        senders: [{ address: 'TSender', value, isOwn: false }],
        recipients: [{ address: 'T0', value, isOwn: true }],
        isOwnTransaction: false,
        rbf: false,
        token: { contract: LUSDT, symbol: 'LUSDT', decimals: 6 },
      });
      vi.stubGlobal('fetch', async (url: string) => {
        asked.push(url);
        const json = (body: unknown) => new Response(JSON.stringify(body));
        if (url.startsWith('/api/prices/coins'))
          return json({ prices: { tron: 0.12 }, changes24h: { tron: 0.4 } });
        if (url.startsWith('/api/prices/tokens'))
          return json({ prices: { [LUSDT]: 1 }, changes24h: { [LUSDT]: -0.1 } });
        if (url.startsWith('/api/prices/history?ids='))
          return json({ prices: { tron: day('0.12') }, missing: [] });
        if (url.startsWith('/api/prices/history?platform=tron'))
          return json({ prices: { [LUSDT]: day('1') }, missing: [] });
        // Account 1 received its 1,000,000.5 LUSDT two hours ago (in two transfers); account 2 has no history.
        if (url.startsWith('/api/chains/TRX/history/T0'))
          return json({
            operations: [wireOp('500000', now - 2 * HOUR), wireOp('1000000000000', now - 3 * HOUR)],
            cursor: null,
          });
        if (url.startsWith('/api/chains/TRX/history/')) return json({ operations: [], cursor: null });
        return json({});
      });
      await discoverTron();
      renderUi(<Portfolio />);
      const summary = await screen.findByTestId('value-chart-summary', {}, { timeout: 20_000 });
      // A day ago: 100 TRX × 0.12 + 10 LUSDT (account 2) = 22 USD; now 12 + 1,000,010.5 = 1,000,022.50 USD.
      expect(summary.textContent).toMatch(/^From \$22\.00 to \$1,000,022\.50: \+\$1,000,000\.50/);
      expect(screen.queryByTestId('value-chart-tokens-left-out')).toBeNull();
      expect(screen.queryByTestId('value-chart-missing-balances')).toBeNull();
      // One history read per account (the coin's and the tokens' together), one token price request.
      expect(asked.filter((u) => u.startsWith('/api/chains/TRX/history/T0'))).toHaveLength(1);
      expect(asked.filter((u) => u.startsWith('/api/chains/TRX/history/T1'))).toHaveLength(1);
      expect(asked.filter((u) => u.startsWith('/api/prices/history?platform='))).toEqual([
        `/api/prices/history?platform=tron&contracts=${LUSDT}&currency=usd&range=day`,
      ]);
    });

    it('leaves out the tokens Settings → Hide hides, counted in a note and shown on demand', async () => {
      const DUST = 'TDustDustDustDustDustDustDustDust1';
      prices({ [LUSDT]: 1, [DUST]: 0.5 });
      setPreferences({ hideUnverified: true, hideDust: '5' });
      // 3 DUST × 0.5 = 1.5 USD, below the 5 USD threshold
      await discoverTron([token(DUST, 'DUST', 3_000_000n)]);
      renderUi(<Portfolio />);
      await vi.waitFor(
        () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$1,000,022.50'),
        WAIT,
      );
      // SCAM is unverified and DUST worth 1.5 USD: hidden, and out of the total. LTA has no price: never dust.
      expect(
        screen.getAllByTestId('portfolio-token-row').map((r) => r.getAttribute('data-contract')),
      ).toEqual([LUSDT, '1000001']);
      expect(screen.getByTestId('tokens-hidden-count').getAttribute('data-count')).toBe('2');
      fireEvent.click(screen.getByTestId('tokens-hidden-toggle'));
      await vi.waitFor(() => expect(screen.getAllByTestId('portfolio-token-row')).toHaveLength(4), WAIT);
      expect(screen.getByTestId('portfolio-total').textContent).toBe('$1,000,024.00');
    });

    it('passes axe with token rows (unverified, unpriced) in every language', async () => {
      prices();
      await discoverTron();
      const rowsShown = async () => {
        await screen.findAllByTestId('portfolio-token-row', {}, WAIT);
      };
      expect(await axeInEveryLanguage([['portfolio', <Portfolio key="p" />, rowsShown]])).toEqual([]);
    }, 60_000);

    it('a token without a 24 h change leaves the total change not known', async () => {
      vi.stubGlobal('fetch', async (url: string) =>
        url.startsWith('/api/prices/coins')
          ? new Response(JSON.stringify({ prices: { tron: 0.12 }, changes24h: { tron: 0.4 } }))
          : new Response(
              JSON.stringify({ prices: url.startsWith('/api/prices/tokens') ? { [LUSDT]: 1 } : {} }),
            ),
      );
      await discoverTron();
      renderUi(<Portfolio />);
      await vi.waitFor(
        () => expect(screen.getByTestId('portfolio-total').textContent).toBe('$1,000,022.50'),
        WAIT,
      );
      expect(screen.getByTestId('portfolio-change').textContent).toBe('24 h change not available');
    });
  });

  it('passes axe in every language', async () => {
    quotes();
    await discover();
    // with the list of every coin open
    const open = async () => {
      const toggle = (await screen.findByTestId('portfolio-coins')).querySelector('button')!;
      fireEvent.click(toggle);
      await screen.findAllByTestId('portfolio-coin');
    };
    expect(await axeInEveryLanguage([['portfolio', <Portfolio key="p" />, open]])).toEqual([]);
  }, 60_000);
});
