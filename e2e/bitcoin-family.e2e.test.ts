/**
 * The bitcoin-family coins without a node of their own (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE) end to end with the
 * emulator, on localnet's Blockbook stand-ins (signatures checked, bitcoind's refusals): each coin's funded accounts
 * are discovered, a receive address is confirmed on the device and paid, a send between the user's accounts is
 * signed, broadcast, mined and shown in the history. BTC also sends from each address type (44, 49, 84, 86) and
 * speeds up by RBF and by CPFP; BCH sends to a cash address; DOGE pays its fixed fee rate.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEFAULT_MNEMONIC,
  UTXO_COINS,
  emulatorUtxoAddress,
  type UtxoCoinId,
} from '@secux-companion/localnet';
import { useStack } from './stack';
import { launchBrowser, newContext } from './browser';
import {
  confirmSpeedUp,
  cardSats,
  connectEmulator,
  openAccount,
  openCoin,
  receiveAddress,
  send,
  waitForCardSats,
} from './bitcoin-helpers';

const stack = await useStack('bitcoin-family');
const { baseUrl } = stack;
const COIN = 100_000_000n;

/** The coin's local Blockbook and its control routes. */
function chain(id: UtxoCoinId) {
  const base = stack.utxo.coins[id].blockbook;
  const control = async (route: string, body: unknown) => {
    const r = await fetch(`${base}/control/${route}`, { method: 'POST', body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${id} ${route}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  return {
    mine: (blocks = 1) => control('mine', { blocks }),
    pay: async (address: string, sats: bigint) =>
      String((await control('faucet', { address, sats: sats.toString() })).txid),
    tx: async (txid: string) => {
      const r = await fetch(`${base}/api/v2/tx/${txid}`);
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    },
  };
}

const path = (id: UtxoCoinId, bip: number, account: number) =>
  `m/${bip}'/${UTXO_COINS[id].coinType}'/${account}'`;
const address = (id: UtxoCoinId, bip: number, account: number, change: number, index: number) =>
  emulatorUtxoAddress(id, `${path(id, bip, account)}/${change}/${index}`, DEFAULT_MNEMONIC);

describe('the bitcoin family on the local Blockbooks, with the emulator', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];

  const backToList = async () => {
    if (page.url().endsWith('/wallet/account/information')) await page.getByTestId('back-button').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await page.getByTestId('account-grid').waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({
          path: `test-results/bitcoin-family-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
        })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /** The coin's accounts as funded by localnet: account 0 of each purpose and account 1 of the first. */
  const fundedPaths = (id: UtxoCoinId) => {
    const bips = UTXO_COINS[id].bips;
    return [...bips.map((b) => path(id, b, 0)), path(id, bips[0]!, 1)];
  };
  const funded = (id: UtxoCoinId) => BigInt(UTXO_COINS[id].fundCoins) * COIN;
  /** BCH Blockbooks and the wallet may write a cash address with or without its prefix. */
  const bare = (a: string) => a.replace(/^bitcoincash:/, '');

  const historyHas = async (txid: string) => {
    const tab = page.getByTestId('tab-history');
    if (await tab.isVisible().catch(() => false)) await tab.click();
    await page.locator(`[data-testid="history-item"][data-hash="${txid}"]`).waitFor({ timeout: 30_000 });
  };

  /**
   * Discover, receive (confirmed on the device, then paid and mined) into account 1 of the first purpose, send half a
   * coin from account 0 to account 1's next address, mine, and find the send in account 1's history. Returns its id.
   */
  async function roundTrip(id: UtxoCoinId, recipientForm: (a: string) => string = (a) => a): Promise<string> {
    const c = chain(id);
    const bip = UTXO_COINS[id].bips[0]!;
    const from = path(id, bip, 0);
    const to = path(id, bip, 1);
    await openCoin(page, baseUrl, id);
    const paths = await page
      .getByTestId('account-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    for (const p of fundedPaths(id)) {
      expect(paths, id).toContain(p);
      expect(await cardSats(page, p), `${id} ${p}`).toBe(funded(id));
    }

    await openAccount(page, baseUrl, to);
    const received = await receiveAddress(page);
    // index 0 of the account is used (funded): the next receive address is /0/1
    expect(bare(received)).toBe(bare(address(id, bip, 1, 0, 1)));
    await c.pay(address(id, bip, 1, 0, 1), COIN);
    await c.mine(1);
    await backToList();
    await waitForCardSats(page, to, (s) => s === funded(id) + COIN);

    await openAccount(page, baseUrl, from);
    const txid = await send(page, { recipient: recipientForm(address(id, bip, 1, 0, 2)), amount: '0.5' });
    await page.waitForURL(`${baseUrl}/wallet/account`);
    const pending = await c.tx(txid);
    expect(pending.status, `${id} ${JSON.stringify(pending.body)}`).toBe(200);
    expect(pending.body.confirmations ?? 0).toBe(0);
    await c.mine(1);
    await waitForCardSats(page, to, (s) => s === funded(id) + COIN + COIN / 2n);
    await openAccount(page, baseUrl, to);
    await historyHas(txid);
    await backToList();
    return txid;
  }

  it('BTC: discovers one account of each address type, receives, sends from each, and shows it in history', async () => {
    const btc = chain('BTC');
    await roundTrip('BTC');
    // account 0 of BIP-49, 84 and 86 each send to BIP-84 account 0's next address
    for (const bip of [49, 84, 86]) {
      await openAccount(page, baseUrl, path('BTC', bip, 0));
      const txid = await send(page, { recipient: address('BTC', 84, 0, 0, 1), amount: '0.1' });
      expect((await btc.tx(txid)).status, `BIP-${bip}`).toBe(200);
    }
    await btc.mine(1);
    for (const bip of [49, 86])
      await waitForCardSats(page, path('BTC', bip, 0), (s) => s < 2n * COIN - COIN / 10n);
    const p84 = await waitForCardSats(page, path('BTC', 84, 0), (s) => s > 2n * COIN);
    // 2 − 0.1 − fee + 3 × 0.1
    expect(p84).toBeGreaterThan(2n * COIN + COIN / 5n - 10_000n);
    expect(dialogs).toEqual([]);
  });

  it('BTC: speeds up a pending send by RBF and an incoming one by CPFP; both confirm', async () => {
    const btc = chain('BTC');
    await openAccount(page, baseUrl, path('BTC', 86, 0));
    const original = await send(page, { recipient: address('BTC', 44, 1, 0, 3), amount: '0.2' });
    await openAccount(page, baseUrl, path('BTC', 86, 0));
    const item = page.locator(`[data-testid="history-item"][data-hash="${original}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-pending')).toBe('true');
    const rbf = item.getByTestId('history-speed-up');
    expect(await rbf.getAttribute('data-kind')).toBe('rbf');
    await rbf.click();
    const replacement = await confirmSpeedUp(page, 'rbf');
    expect(replacement).not.toBe(original);
    await page.getByTestId('speed-up-done').click();
    // the chain evicted the original for its replacement
    expect((await btc.tx(original)).status).toBe(400);
    expect((await btc.tx(replacement)).body.confirmations ?? 0).toBe(0);

    await backToList();
    await openAccount(page, baseUrl, path('BTC', 84, 0));
    const incoming = await btc.pay(address('BTC', 84, 0, 0, 2), COIN / 2n);
    await page.getByTestId('tab-history').click();
    const inItem = page.locator(`[data-testid="history-item"][data-hash="${incoming}"]`);
    await inItem.waitFor({ timeout: 30_000 });
    const cpfp = inItem.getByTestId('history-speed-up');
    expect(await cpfp.getAttribute('data-kind')).toBe('cpfp');
    await cpfp.click();
    const child = await confirmSpeedUp(page, 'cpfp');
    await page.getByTestId('speed-up-done').click();
    const childTx = await btc.tx(child);
    expect((childTx.body.vin as { txid: string }[]).map((v) => v.txid)).toContain(incoming);
    await btc.mine(1);
    for (const id of [replacement, incoming, child]) expect((await btc.tx(id)).body.confirmations).toBe(1);
    expect(dialogs).toEqual([]);
  });

  it('TBTC: discover, receive, send, history on testnet formats', async () => {
    await roundTrip('TBTC');
  });

  it('BCH: sends to a cash address typed with its prefix', async () => {
    const txid = await roundTrip('BCH', (a) => (a.startsWith('bitcoincash:') ? a : `bitcoincash:${a}`));
    const tx = await chain('BCH').tx(txid);
    const outs = (tx.body.vout as { addresses?: string[] }[]).flatMap((o) => o.addresses ?? []);
    expect(outs).toContain(address('BCH', 44, 1, 0, 2));
  });

  it('DOGE: a send pays the fixed 1000 sat/B', async () => {
    const txid = await roundTrip('DOGE');
    const tx = (await chain('DOGE').tx(txid)).body as { fees: string; size: number };
    const rate = Number(tx.fees) / tx.size;
    expect(rate).toBeGreaterThanOrEqual(990);
    expect(rate).toBeLessThanOrEqual(1010);
  });

  for (const id of ['GRS', 'DASH', 'DGB'] as const)
    it(`${id}: discover, receive, send, history`, async () => {
      await roundTrip(id);
    });
});
